import { useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap.ts';

export interface DialogProps {
  title: string;
  /** One or two sentences under the title; screen readers read it with the title. */
  description?: ReactNode;
  /** Escape and a click beside the panel call this, unless `dismissible` is false. */
  onClose: () => void;
  /** False while an action runs, so the outcome is not missed. */
  dismissible?: boolean;
  /** Where focus starts; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** For a dialog that shows a record's fields rather than a question. */
  wide?: boolean;
  children: ReactNode;
}

/** A modal dialog: focus is trapped inside, Escape closes it, and focus goes back where it was. */
export function Dialog({ title, description, onClose, dismissible = true, initialFocus, wide = false, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const wrapTab = useFocusTrap(panel, initialFocus);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    wrapTab(event);
  };

  return createPortal(
    <div
      className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-zinc-950/40 p-4 pt-[12vh] dark:bg-black/60"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-lg border border-zinc-200 bg-white p-5 shadow-xl outline-none dark:border-zinc-800 dark:bg-zinc-900`}
      >
        <h2 id={titleId} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {description}
          </div>
        )}
        <div className="mt-4">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
