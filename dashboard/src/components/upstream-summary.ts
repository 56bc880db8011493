import type { StatusTone } from '../../components/status-dot.tsx';
import type { Readiness } from './api/get-readiness.ts';

export interface UpstreamSummary {
  tone: StatusTone;
  /** Short, for the top bar: "ok (12 ms)", "key rejected", "unreachable". */
  label: string;
  /** One sentence for a tooltip and screen readers. */
  detail: string;
}

export function summarizeUpstream({ upstream }: Readiness): UpstreamSummary {
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
