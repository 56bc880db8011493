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

  private async call(method: string, path: string, body: unknown): Promise<Response> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-plat-console': '1', origin: this.url, ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return response;
  }
}
