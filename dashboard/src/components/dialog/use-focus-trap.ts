import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { focusableIn } from './focusable.ts';

/**
 * Keeps keyboard focus inside `container` while it is shown: focus starts on `initialFocus` (or the
 * first focusable element), Tab wraps around, focus that lands outside is pulled back, and on
 * close focus returns to whatever had it before. Returns the keydown handler that wraps Tab.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, initialFocus?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const panel = container.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusableIn(panel)[0] ?? panel).focus();

    // Focus inside another modal dialog is left there: that one was opened over this one (a second
    // factor asked for while a confirmation waits) and traps focus itself until it closes.
    const pullBack = (event: FocusEvent) => {
      const { target } = event;
      if (!(target instanceof Element) || panel.contains(target) || target.closest('[aria-modal="true"]')) return;
      (focusableIn(panel)[0] ?? panel).focus();
    };
    document.addEventListener('focusin', pullBack);
    return () => {
      document.removeEventListener('focusin', pullBack);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [container, initialFocus]);

  return (event: KeyboardEvent<HTMLElement>) => {
    const panel = container.current;
    if (event.key !== 'Tab' || !panel) return;
    const focusable = focusableIn(panel);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
