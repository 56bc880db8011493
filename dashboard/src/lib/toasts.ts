import { useSyncExternalStore } from 'react';

/** A short confirmation that an action went through, shown for a while in the corner of the page. */
export interface Toast {
  id: number;
  text: string;
}

/** Long enough to read a sentence twice; a person can also dismiss it at once. */
export const TOAST_MS = 6_000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  set(toasts.filter((toast) => toast.id !== id));
}

/** Says that an action went through, without moving the page or the focus. */
export function showToast(text: string): void {
  const id = nextId++;
  set([...toasts, { id, text }]);
  setTimeout(() => dismissToast(id), TOAST_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts showing now, re-rendering the caller when they change. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
