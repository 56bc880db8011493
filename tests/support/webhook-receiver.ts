import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How a path of the receiver answers: 200, 500, 410, never (holds the request open), or with a body of its own. */
export type Answer = 'ok' | 'error' | 'gone' | 'hang' | { status: number; body: string; headers?: Record<string, string>; delayMs?: number };

export interface ReceivedCall {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Real time it arrived (Date.now()). */
  receivedAt: number;
}

/**
 * A webhook receiver for tests: node:http on 127.0.0.1, each path answering as told, every call kept.
 * `down()` closes the port (connections are refused) and `up()` opens the same port again. It answers
 * with `connection: close`, so that every attempt makes a connection of its own.
 */
export class WebhookReceiver {
  readonly calls: ReceivedCall[] = [];
  private readonly answers = new Map<string, Answer>();
  private readonly sockets = new Set<Socket>();
  private readonly waiters = new Set<() => void>();
  private server: Server;

  private constructor(
    server: Server,
    readonly port: number,
  ) {
    this.server = server;
  }

  static async start(port = 0): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined;
    const server = createServer((request, response) => receiver?.handle(request, response));
    const bound = await listenOn(server, port);
    receiver = new WebhookReceiver(server, bound);
    receiver.track(server);
    return receiver;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  answer(path: string, answer: Answer): void {
    this.answers.set(path, answer);
  }

  callsTo(path: string): ReceivedCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  /** Resolves when `check` holds for the calls so far; rejects after `withinMs`. */
  async until(what: string, check: (calls: ReceivedCall[]) => boolean, withinMs = 20_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!check(this.calls)) {
      if (Date.now() > deadline) throw new Error(`the receiver did not get ${what} within ${withinMs} ms (got ${this.calls.length} calls)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async up(): Promise<void> {
    this.server = createServer((request, response) => this.handle(request, response));
    this.track(this.server);
    await listenOn(this.server, this.port);
  }

  close(): Promise<void> {
    return this.server.listening ? this.down() : Promise.resolve();
  }

  private track(server: Server): void {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
      this.calls.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      for (const wake of this.waiters) wake();
      this.waiters.clear();
      const answer = this.answers.get(path) ?? 'ok';
      if (answer === 'hang') return;
      const { status, body, headers: more = {}, delayMs = 0 } = answer === 'ok' ? { status: 200, body: 'ok' } : answer === 'error' ? { status: 500, body: 'receiver error' } : answer === 'gone' ? { status: 410, body: 'gone' } : answer;
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/plain', connection: 'close', ...more });
        response.end(body);
      }, delayMs);
    });
  }
}

function listenOn(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * The message of a call as the Standard Webhooks library verifies it with `secret` (throws when no
 * signature matches or the timestamp is more than 5 minutes off the real time).
 */
export function verifiedMessage(call: ReceivedCall, secret: string): { type: string; timestamp: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(call.body, call.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * Whether one of a call's signatures is the Standard Webhooks library's signature with `secret` of its
 * id, timestamp and body, whatever the timestamp (for tests that move the clock by days).
 */
export function signedWith(call: ReceivedCall, secret: string): boolean {
  const id = call.headers['webhook-id'] ?? '';
  const at = new Date(Number(call.headers['webhook-timestamp']) * 1000);
  const expected = new Webhook(secret).sign(id, at, call.body);
  return (call.headers['webhook-signature'] ?? '').split(' ').includes(expected);
}
