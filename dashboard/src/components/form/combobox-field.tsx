import { useEffect, useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { Field, inputClasses } from './field.tsx';

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'className' | 'value' | 'onChange' | 'onKeyDown' | 'onBlur' | 'role' | 'list'>;

interface ComboboxFieldProps<Option> extends InputProps {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** What to offer for the current value; the list opens while there is any. */
  options: readonly Option[];
  /** The text an option puts in the field; also its key. */
  optionValue: (option: Option) => string;
  renderOption: (option: Option) => ReactNode;
  /** Names the list for screen readers, e.g. "Users". */
  listLabel: string;
  /** A line under the field, read out when it changes: e.g. that nothing matches. */
  status?: string;
}

/**
 * A text field that offers values as you type (WAI-ARIA combobox with a list popup). Focus stays in
 * the field: Down and Up move through the options, Enter takes the one marked, Escape closes the
 * list, and a click takes one too. Typing anything else is kept as typed.
 */
export function ComboboxField<Option>({ label, hint, error, value, onValueChange, options, optionValue, renderOption, listLabel, status, ...input }: ComboboxFieldProps<Option>) {
  const listId = useId();
  const statusId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && options.length > 0;
  // The options can change under the mark (a new answer while typing): a mark past the end is none.
  const marked = expanded && active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const markedId = marked >= 0 ? optionId(marked) : undefined;

  useEffect(() => {
    if (markedId) document.getElementById(markedId)?.scrollIntoView?.({ block: 'nearest' });
  }, [markedId]);

  const choose = (option: Option) => {
    onValueChange(optionValue(option));
    setOpen(false);
    setActive(-1);
  };

  const move = (step: 1 | -1) => {
    if (options.length === 0) return;
    setOpen(true);
    setActive(marked < 0 ? (step === 1 ? 0 : options.length - 1) : (marked + step + options.length) % options.length);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const markedOption = marked >= 0 ? options[marked] : undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && markedOption !== undefined) {
      // Takes the option instead of submitting the form.
      event.preventDefault();
      choose(markedOption);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...input}
            {...control}
            aria-describedby={[control['aria-describedby'], status && statusId].filter(Boolean).join(' ') || undefined}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={markedId}
            value={value}
            onChange={(event) => {
              onValueChange(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={keyDown}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            className={inputClasses}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={listLabel}
            hidden={!expanded}
            className="absolute z-30 mt-1 max-h-80 w-full min-w-72 overflow-y-auto rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
          >
            {options.map((option, index) => (
              <li
                key={optionValue(option)}
                id={optionId(index)}
                role="option"
                aria-selected={index === marked}
                // Keeps focus in the field, so the click below takes the option and the list closes after.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(index)}
                className="cursor-pointer px-3 py-2 text-sm aria-selected:bg-indigo-50 dark:aria-selected:bg-indigo-950/60"
              >
                {renderOption(option)}
              </li>
            ))}
          </ul>
          <p id={statusId} aria-live="polite" className="mt-1 text-xs text-zinc-500 empty:hidden dark:text-zinc-400">
            {status}
          </p>
        </div>
      )}
    </Field>
  );
}
