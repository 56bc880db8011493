import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface DropdownMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

interface DropdownMenuProps {
  /** What the button shows; its text is the button's accessible name. */
  trigger: ReactNode;
  /** Shown above the items, outside the menu itself (menus hold only items). */
  header?: ReactNode;
  items: DropdownMenuItem[];
}

const GAP = 4;
const MARGIN = 8;

/**
 * Puts the panel under the button, its right edge on the button's, or above the button when there is
 * no room below; always inside the viewport. The panel is fixed, so no scrolling box around the
 * button (a table's) can clip it.
 */
function placePanel(panel: HTMLElement, anchor: DOMRect): void {
  const { innerWidth, innerHeight } = window;
  const { offsetWidth: width, offsetHeight: height } = panel;
  const fitsBelow = anchor.bottom + GAP + height + MARGIN <= innerHeight || anchor.top - GAP - height < MARGIN;
  const top = fitsBelow ? anchor.bottom + GAP : anchor.top - GAP - height;
  const left = Math.min(Math.max(anchor.right - width, MARGIN), innerWidth - width - MARGIN);
  panel.style.top = `${Math.max(MARGIN, top)}px`;
  panel.style.left = `${Math.max(MARGIN, left)}px`;
}

function menuItemsOf(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')) : [];
}

/**
 * A menu button (WAI-ARIA pattern): opening focuses the first item, arrows, Home and End move,
 * Escape closes and returns focus to the button, Tab and a click elsewhere close it. The panel is
 * drawn at the end of the page, over everything, and follows the button when the page scrolls.
 */
export function DropdownMenu({ trigger, header, items }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  // Before the browser paints, so the panel never shows anywhere else first.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      if (panel.current && button.current) placePanel(panel.current, button.current.getBoundingClientRect());
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    menuItemsOf(menu.current)[0]?.focus();
    const closeOnOutsidePress = (event: PointerEvent) => {
      const inside = event.target instanceof Node && (button.current?.contains(event.target) || panel.current?.contains(event.target));
      if (!inside) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  const closeAndRefocus = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const available = menuItemsOf(menu.current);
    const index = available.findIndex((item) => item === document.activeElement);
    const moveTo = (next: number) => {
      event.preventDefault();
      available.at(next % available.length)?.focus();
    };
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(-1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeAndRefocus();
    } else if (event.key === 'Tab') {
      // From the button, so that Tab goes on from where the menu was opened, not from the end of the page.
      button.current?.focus();
      setOpen(false);
    }
  };

  const select = (item: DropdownMenuItem) => {
    closeAndRefocus();
    item.onSelect();
  };

  return (
    <>
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-md px-2 py-1 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        {trigger}
      </button>
      {open &&
        createPortal(
          <div ref={panel} className="fixed top-0 left-0 z-30 w-60 rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
            {header && <div className="border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">{header}</div>}
            <div ref={menu} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown} className="py-1">
              {items.map((item) => (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={item.disabled || undefined}
                  onClick={() => !item.disabled && select(item)}
                  className="block w-full px-3 py-1.5 text-left text-sm text-zinc-700 hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none aria-disabled:opacity-50 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"
                >
                  {item.label}
                </button>
              ))}
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
