import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, request } from 'undici';
import { addressProblem, literalAddress } from './receiver-address.ts';

/** Read no more of an answer than this; keep this much of it in the delivery log. */
export const MAX_ANSWER_BYTES = 64 * 1024;
export const KEPT_ANSWER_BYTES = 1024;

export type AttemptOutcome = 'delivered' | 'http_error' | 'timeout' | 'refused' | 'error';

export interface AttemptResult {
  outcome: AttemptOutcome;
  status: number | null;
  latencyMs: number;
  /** The first KEPT_ANSWER_BYTES of the answer, or what went wrong. */
  response: string;
}

class AddressRefused extends Error {
  override readonly name = 'AddressRefused';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** How a host name becomes addresses: the system's resolver, or a test's. */
export type ResolveAll = (hostname: string, options: LookupOptions & { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * POSTs to receivers the console does not trust, with undici directly rather than the upstream layer
 * (upstream/): that layer keeps a pool per known origin, parses whole answers as JSON and retries reads,
 * while a receiver is any origin an admin names, whose answer must be cut off at 64 KiB and whose
 * address must be checked each time a connection is made. So: one deadline per attempt, redirects never
 * followed (undici follows none unless told), an answer read to MAX_ANSWER_BYTES at most, and a DNS
 * look-up that refuses forbidden addresses at connection time (a name that resolved to a public address
 * when it was saved may resolve to 169.254.169.254 now).
 */
export class ReceiverCalls {
  /** The private networks an admin allows, as the last settings read said (the engine keeps it current). */
  allowedNetworks: readonly string[] = [];
  private readonly agents: Record<'http:' | 'https:', Agent>;

  constructor(
    private readonly deadlineMs: number,
    private readonly resolve: ResolveAll = dnsLookup,
  ) {
    const agent = (protocol: 'http:' | 'https:') =>
      new Agent({ headersTimeout: deadlineMs, bodyTimeout: deadlineMs, connect: { timeout: deadlineMs, lookup: this.guardedLookup(protocol) } });
    this.agents = { 'http:': agent('http:'), 'https:': agent('https:') };
  }

  async post(url: URL, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const signal = AbortSignal.timeout(this.deadlineMs);
    try {
      const literal = literalAddress(url);
      const problem = literal === null ? null : addressProblem(literal, url.protocol, this.allowedNetworks);
      if (problem) throw new AddressRefused(problem);
      const agent = url.protocol === 'https:' ? this.agents['https:'] : this.agents['http:'];
      const answer = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'PlatConsole-Webhooks/1', ...headers }, body, signal, dispatcher: agent });
      const kept = await readCapped(answer.body);
      return { outcome: answer.statusCode >= 200 && answer.statusCode < 300 ? 'delivered' : 'http_error', status: answer.statusCode, latencyMs: took(), response: kept };
    } catch (error) {
      return { ...failureOf(error, signal.aborted, this.deadlineMs), status: null, latencyMs: took() };
    }
  }

  /** Ends every connection, and the calls in flight on them. */
  async close(): Promise<void> {
    await Promise.all([this.agents['http:'].destroy(), this.agents['https:'].destroy()]);
  }

  private guardedLookup(protocol: 'http:' | 'https:') {
    return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
      this.resolve(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const refused = addresses.map(({ address }) => addressProblem(address, protocol, this.allowedNetworks)).find((problem) => problem !== null);
        if (refused) return callback(new AddressRefused(`${hostname} resolves to ${refused}`), []);
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        return first ? callback(null, first.address, first.family) : callback(new AddressRefused(`${hostname} has no address`), []);
      });
    };
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const kept: Buffer[] = [];
  let read = 0;
  let keptBytes = 0;
  for await (const chunk of body) {
    if (keptBytes < KEPT_ANSWER_BYTES) {
      const part = chunk.subarray(0, KEPT_ANSWER_BYTES - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
    read += chunk.length;
    if (read >= MAX_ANSWER_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(kept).toString('utf8');
}

function failureOf(error: unknown, aborted: boolean, deadlineMs: number): Pick<AttemptResult, 'outcome' | 'response'> {
  const causes = [error, (error as { cause?: unknown } | null)?.cause];
  const code = causes.map((cause) => (cause as { code?: unknown } | null)?.code).find((value): value is string => typeof value === 'string');
  const refused = causes.find((cause): cause is AddressRefused => cause instanceof AddressRefused);
  if (refused) return { outcome: 'error', response: `not sent: ${refused.message}` };
  if (aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return { outcome: 'timeout', response: `no answer within ${deadlineMs} ms` };
  }
  if (code === 'ECONNREFUSED') return { outcome: 'refused', response: 'the connection was refused' };
  return { outcome: 'error', response: `could not be reached (${code ?? (error instanceof Error ? error.name : 'unknown error')})` };
}
