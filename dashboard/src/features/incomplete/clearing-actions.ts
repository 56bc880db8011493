import type { ClearingAction } from '../../../../bff/src/incomplete/clearing-plan.ts';
import type { BadgeTone } from '../../components/badge.tsx';

export type { ClearingAction };

/** The fix for an incomplete payment, in a word or two. */
export const clearingActionWords: Record<ClearingAction, string> = { complete: 'Complete', cancel: 'Cancel', none: 'No action' };

export const clearingActionTones: Record<ClearingAction, BadgeTone> = { complete: 'success', cancel: 'warning', none: 'neutral' };

/** What completing and cancelling do with money, said before every clearing. */
export const clearingMoneyWords = 'Completing records the existing transaction; cancelling stops the payment, no money moves.';
