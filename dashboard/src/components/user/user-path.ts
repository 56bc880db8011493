/** A user's page: their wallet, payments, rewards and what staff did, by uid. */
export function userPath(uid: string): string {
  return `/users/${encodeURIComponent(uid)}`;
}
