import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

/** Testing Library only cleans up by itself when test globals are on; they are off here. */
export function resetDom() {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
}
