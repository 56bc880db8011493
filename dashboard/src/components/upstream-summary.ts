import type { UpstreamStatus } from '../../../bff/src/public-types.ts';
import type { StatusTone } from './status-dot.tsx';

export interface UpstreamSummary {
  tone: StatusTone;
  /** Short, for the top bar: "ok (12 ms)", "key rejected", "unreachable". */
  label: string;
  /** One sentence for a tooltip and screen readers. */
  detail: string;
}

/** The Platform API's health as the console's server measured it, in words. */
export function summarizeUpstream(upstream: UpstreamStatus): UpstreamSummary {
  if (upstream.ok) {
    return {
      tone: 'ok',
      label: `ok (${upstream.latencyMs} ms)`,
      detail: 'The Platform API answered and accepted the server key.',
    };
  }
  if (!upstream.reachable) {
    return {
      tone: 'down',
      label: 'unreachable',
      detail: `The Platform API could not be reached: ${upstream.error?.message ?? 'no answer'}.`,
    };
  }
  if (upstream.keyAccepted === false) {
    return { tone: 'down', label: 'key rejected', detail: 'The Platform API refused the server key.' };
  }
  return {
    tone: 'warning',
    label: 'error',
    detail: `The Platform API answered with an error: ${upstream.error?.message ?? 'no details'}.`,
  };
}
