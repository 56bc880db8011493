import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface PopoverProps {
  /** What the button shows; its text is the button's accessible name. */
  trigger: ReactNode;
  /** Names the panel for screen readers. */
  label: string;
  /** The panel's content; a function gets what closes the panel (a link inside that leads elsewhere). */
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'left' | 'right';
  /** The button's name when its content is an icon, and its look when not the default bordered one. */
  buttonLabel?: string;
  buttonClassName?: string;
  /** The panel's width, when not the content's. */
  panelClassName?: string;
  /** Opens the panel from outside, e.g. to show a problem in a field inside it. */
  forceOpen?: boolean;
}

/**
 * A disclosure button with a floating panel (WAI-ARIA disclosure pattern). The panel stays in the
 * page while closed, only hidden, so form controls inside it keep counting in their form.
 * Escape closes it and returns focus to the button; a press elsewhere closes it.
 */
export function Popover({ trigger, label, children, align = 'left', forceOpen = false, buttonLabel, buttonClassName, panelClassName = 'min-w-64' }: PopoverProps) {
  const [open, setOpen] = useState(forceOpen);
  useEffect(() => {
    if (forceOpen) setOpen(true);
  }, [forceOpen]);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div ref={wrapper} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={buttonLabel}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className={
          buttonClassName ??
          'inline-flex items-center gap-1.5 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800'
        }
      >
        {trigger}
      </button>
      <div
        id={panelId}
        role="group"
        aria-label={label}
        hidden={!open}
        className={`absolute z-30 mt-1 ${panelClassName} rounded-lg border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-900 ${align === 'right' ? 'right-0' : 'left-0'}`}
      >
        {typeof children === 'function' ? children(() => setOpen(false)) : children}
      </div>
    </div>
  );
}
