/** Who asked for a reward or a batch, as the server names them: a staff member (`email`) or an API key (`apiKey`: its name). */
interface Requester {
  email: string | null;
  apiKey?: string | null;
}

/** "manager@example.com", or API key “Game backend”; null when the console no longer knows who it was. */
export function requesterName({ email, apiKey }: Requester): string | null {
  if (email) return email;
  if (apiKey) return `API key “${apiKey}”`;
  return null;
}
