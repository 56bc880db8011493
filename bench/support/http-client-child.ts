// Child-process entry: an HTTP client on its own event loop, as a browser or the app's backend would
// be, so that what the server under test does after answering (on PGlite, work that holds its one
// thread) is not mistaken for latency the caller sees. Times each GET it is asked for and answers the
// milliseconds from sending the request to having read the whole body.
import { Pool } from 'undici';

export interface TimedGet {
  n: number;
  origin: string;
  path: string;
  headers: Record<string, string>;
}

export type TimedGetAnswer = { n: number; ms: number } | { n: number; error: string };

const pools = new Map<string, Pool>();

async function timedGet({ n, origin, path, headers }: TimedGet): Promise<TimedGetAnswer> {
  let pool = pools.get(origin);
  if (!pool) pools.set(origin, (pool = new Pool(origin, { connections: 4 })));
  const started = performance.now();
  const response = await pool.request({ method: 'GET', path, headers });
  const body = await response.body.text();
  const ms = performance.now() - started;
  return response.statusCode === 200 ? { n, ms } : { n, error: `GET ${path} → ${response.statusCode} ${body}` };
}

process.on('message', (message: TimedGet) => {
  timedGet(message).then(
    (answer) => process.send?.(answer),
    (error: unknown) => process.send?.({ n: message.n, error: String(error) }),
  );
});
process.once('SIGTERM', () => {
  void Promise.all([...pools.values()].map((pool) => pool.close())).then(() => process.exit(0));
});
process.send?.('ready');
