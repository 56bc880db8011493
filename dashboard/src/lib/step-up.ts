import { useSyncExternalStore } from 'react';

/** The refusal of an action that needs the session's second factor checked again first. */
export const STEP_UP_REQUIRED = 'step_up_required';

/** A question to the person at the screen: check your second factor again, so the refused request can go again. */
export interface StepUpRequest {
  /** A new number for each question, so a dialog asking it starts afresh. */
  id: number;
  /** When it was asked (ms since the epoch): what the page knew of the session before may be out of date. */
  askedAt: number;
  /** True once the server took the second factor; false when the person declined. */
  answer(checked: boolean): void;
}

let current: StepUpRequest | null = null;
const listeners = new Set<() => void>();

function set(next: StepUpRequest | null): void {
  current = next;
  for (const listener of listeners) listener();
}

let asking: Promise<boolean> | null = null;
let lastId = 0;

/**
 * Asks the person for their second factor, once for however many requests were refused at the same
 * time. Resolves true when it was checked; false when they declined, or when no dialog is on the
 * page to ask with (the request then fails with the server's refusal).
 */
export function askForStepUp(): Promise<boolean> {
  if (listeners.size === 0) return Promise.resolve(false);
  asking ??= new Promise<boolean>((resolve) => {
    set({
      id: ++lastId,
      askedAt: Date.now(),
      answer(checked) {
        asking = null;
        set(null);
        resolve(checked);
      },
    });
  });
  return asking;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The question waiting for an answer now, re-rendering the caller when one comes or goes. */
export function useStepUpRequest(): StepUpRequest | null {
  return useSyncExternalStore(subscribe, () => current, () => current);
}
