/** Calls the console's API as a browser on the same origin would (for test set-up, not for what is under test). */
export class ConsoleApi {
  private cookie = '';

  constructor(private readonly url: string) {}

  async signIn(email: string, password: string): Promise<void> {
    const response = await this.call('POST', '/api/session', { email, password });
    this.cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  async createStaff(email: string, role: string, password: string): Promise<void> {
    await this.call('POST', '/api/staff', { email, name: email.split('@')[0], role, password });
  }

  /** Uploads a reward batch from CSV; nothing is paid until it is started. */
  async uploadBatch(name: string, csv: string): Promise<void> {
    await this.call('POST', `/api/rewards/batches?name=${encodeURIComponent(name)}`, csv, { 'content-type': 'text/csv' });
  }

  /** Any call, answered with its JSON body; a status other than 2xx throws. */
  async json<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    return (await (await this.call(method, path, body, headers)).json()) as T;
  }

  private async call(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-plat-console': '1', origin: this.url, ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      // A string is sent as it is (a CSV file), anything else as JSON.
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return response;
  }
}
