// Child-process entry: the load generator (autocannon) on its own event loop, so that generating load
// does not take the thread of the server under test. Each run cycles through the requests it is given
// (one id per request, as many staff looking up different payments would).
import autocannon from 'autocannon';
import { serveCalls } from './child-rpc.ts';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadRun {
  origin: string;
  connections: number;
  seconds: number;
  requests: LoadRequest[];
}

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  /** Connection errors, time-outs and non-2xx answers. */
  errors: number;
}

async function run({ origin, connections, seconds, requests }: LoadRun): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = requests[next++ % requests.length] as LoadRequest;
          return { ...request, ...chosen, headers: { ...chosen.headers } };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

serveCalls({ run });
process.once('SIGTERM', () => process.exit(0));
process.send?.('ready');
