import { useSyncExternalStore } from 'react';

/** Whether times show in the reader's own time zone or in UTC; a setting kept in this browser. */
export type TimeZoneChoice = 'local' | 'utc';

const STORAGE_KEY = 'plat-console.time-zone';
const listeners = new Set<() => void>();

function readStored(): TimeZoneChoice {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'utc' ? 'utc' : 'local';
  } catch {
    return 'local';
  }
}

let current: TimeZoneChoice = readStored();

export function timeZoneChoice(): TimeZoneChoice {
  return current;
}

export function setTimeZoneChoice(choice: TimeZoneChoice): void {
  current = choice;
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not persisted; the choice still holds for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice, re-rendering the caller when it changes. */
export function useTimeZoneChoice(): TimeZoneChoice {
  return useSyncExternalStore(subscribe, timeZoneChoice, timeZoneChoice);
}
