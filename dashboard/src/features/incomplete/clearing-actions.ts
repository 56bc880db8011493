import type { ClearingAction } from '../../../../bff/src/public-types.ts';
import type { BadgeTone } from '../../components/badge.tsx';

export type { ClearingAction };

/** The fix for an incomplete payment, in a word or two. */
export const clearingActionWords: Record<ClearingAction, string> = { complete: 'Complete', submit_and_complete: 'Submit and complete', cancel: 'Cancel', none: 'No action' };

export const clearingActionTones: Record<ClearingAction, BadgeTone> = { complete: 'success', submit_and_complete: 'success', cancel: 'warning', none: 'neutral' };

/** What completing and cancelling do with money, said before every clearing. */
export const clearingMoneyWords = 'Completing records the existing transaction; cancelling stops the payment, no money moves.';

/** Said too when some payment would be paid: that one moves money. */
export const payingMoneyWords = "Submitting and completing pays the user from the console's app wallet, once.";
