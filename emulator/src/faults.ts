import { z } from 'zod';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** "METHOD /path" or "/path"; `*` matches one path segment, a final `**` any rest. */
interface RoutePattern {
  method: string | null;
  segments: string[];
}

function parseRoutePattern(route: string): RoutePattern | null {
  const match = /^(?:([A-Z]+)\s+)?(\/\S*)$/.exec(route.trim());
  if (match === null) return null;
  const [, method, path = ''] = match;
  if (method !== undefined && !HTTP_METHODS.includes(method)) return null;
  const segments = path.split('/');
  if (segments.some((segment, i) => segment === '**' && i !== segments.length - 1)) return null;
  return { method: method ?? null, segments };
}

function matchesRoute(pattern: RoutePattern, method: string, path: string): boolean {
  if (pattern.method !== null && pattern.method !== method) return false;
  const parts = path.split('/');
  for (const [i, segment] of pattern.segments.entries()) {
    if (segment === '**') return true;
    const part = parts[i];
    if (part === undefined || (segment !== '*' && segment !== part)) return false;
  }
  return parts.length === pattern.segments.length;
}

const common = {
  route: z.string().refine((route) => parseRoutePattern(route) !== null, {
    message: 'route must be "/path" or "METHOD /path"; * matches one segment, a final ** any rest',
  }),
  rate: z.number().min(0).max(1).optional(),
  times: z.number().int().min(1).optional(),
};
const errorStatus = z.number().int().min(400).max(599).optional();

export const faultSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...common, kind: z.literal('latency'), latencyMs: z.number().int().min(0).max(600_000) }),
  z.strictObject({ ...common, kind: z.literal('error'), status: errorStatus, retryAfterSeconds: z.number().int().min(0).max(86_400).optional() }),
  z.strictObject({ ...common, kind: z.literal('rate_limit'), retryAfterSeconds: z.number().int().min(0).max(86_400).optional() }),
  z.strictObject({ ...common, kind: z.literal('html_500') }),
  z.strictObject({ ...common, kind: z.literal('malformed_json') }),
  z.strictObject({ ...common, kind: z.literal('drop') }),
  z.strictObject({ ...common, kind: z.literal('hang') }),
  z.strictObject({ ...common, kind: z.literal('apply_then_fail'), status: errorStatus }),
  // On POST /horizon/transactions: the transaction waits N ledgers more than it would, so its answer can be a 504 while it still lands.
  z.strictObject({ ...common, kind: z.literal('late_inclusion'), ledgers: z.number().int().min(1).max(10_000) }),
]);

export type Fault = z.infer<typeof faultSchema>;

interface ActiveFault {
  fault: Fault;
  pattern: RoutePattern;
  applied: number;
  /** When it fired (ms since the epoch), for the first HIT_TIMES_KEPT times. */
  hitTimes: number[];
}

const HIT_TIMES_KEPT = 1_000;

/** The configured faults, how often each has fired, and the timers their latencies hold. */
export class FaultBook {
  private faults: ActiveFault[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  replace(faults: Fault[]): void {
    this.faults = faults.map((fault) => {
      const pattern = parseRoutePattern(fault.route);
      if (pattern === null) throw new Error(`unchecked fault route ${fault.route}`);
      return { fault, pattern, applied: 0, hitTimes: [] };
    });
  }

  list(): Array<Fault & { applied: number; appliedAt: string[] }> {
    return this.faults.map(({ fault, applied, hitTimes }) => ({ ...fault, applied, appliedAt: hitTimes.map((time) => new Date(time).toISOString()) }));
  }

  /** Faults that fire for this request, in configured order; each one yielded counts as applied. */
  *firing(method: string, path: string): Generator<Fault> {
    for (const active of this.faults) {
      const { fault } = active;
      if (fault.times !== undefined && active.applied >= fault.times) continue;
      if (!matchesRoute(active.pattern, method, path)) continue;
      if (Math.random() >= (fault.rate ?? 1)) continue;
      active.applied += 1;
      if (active.hitTimes.length < HIT_TIMES_KEPT) active.hitTimes.push(Date.now());
      yield fault;
    }
  }

  delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Stops pending latencies; the requests waiting on them are left to their (closed) connections. */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
