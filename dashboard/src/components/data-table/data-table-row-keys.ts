import type { KeyboardEvent, MouseEvent } from 'react';

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="menu"], [role="dialog"]';

/** A click opens the row unless it was on something of its own inside it (a link, a copy button, a menu) or selected text. */
export function opensRow(event: MouseEvent<HTMLTableRowElement>): boolean {
  // Clicks in a dialog opened from the row bubble here through React's portal, but are not in the row.
  if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return false;
  if (window.getSelection()?.toString()) return false;
  const control = event.target instanceof Element ? event.target.closest(INTERACTIVE) : null;
  return !(control && event.currentTarget.contains(control));
}

function focusSibling(row: HTMLTableRowElement, direction: 'next' | 'previous'): void {
  const sibling = direction === 'next' ? row.nextElementSibling : row.previousElementSibling;
  if (sibling instanceof HTMLTableRowElement && sibling.hasAttribute('tabindex')) sibling.focus();
}

/** Keys on a focused row (not on a control inside it): j or ↓ and k or ↑ move between rows, Enter opens. */
export function moveOrOpen(event: KeyboardEvent<HTMLTableRowElement>, open: () => void): void {
  if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'Enter') {
    event.preventDefault();
    open();
  } else if (event.key === 'j' || event.key === 'ArrowDown') {
    event.preventDefault();
    focusSibling(event.currentTarget, 'next');
  } else if (event.key === 'k' || event.key === 'ArrowUp') {
    event.preventDefault();
    focusSibling(event.currentTarget, 'previous');
  }
}
