import { resultCodeExplanation } from '../../components/payment/platform-refusals.ts';

/** The console's own codes for how the platform's answer went, besides the platform's refusal codes. */
const answerWords: Record<string, string> = {
  confirmed_by_reread: 'Lost, but reading the payment again showed it done.',
  timeout: 'None in time.',
  network_error: 'None: the platform could not be reached.',
  invalid_response: 'Something the console cannot read.',
};

/**
 * The platform's answer to a staff action, in words; null for a plain yes (`ok`), which the action's
 * outcome already says. The code itself stays on the page, small, for support to quote.
 */
export function platformAnswerWords(code: string): string | null {
  if (code === 'ok') return null;
  return answerWords[code] ?? resultCodeExplanation(code) ?? 'A refusal the console has no words for.';
}
