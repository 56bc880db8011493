import { useId } from 'react';
import { eventGroups, eventTypeSentence, type EventType } from './event-groups.ts';

interface EventTypeCheckboxesProps {
  legend: string;
  /** The form field's name; each checked box sends its type. */
  name: string;
  /** The types offered (all of them unless given). */
  types?: readonly EventType[];
  /** The types checked at first. */
  checked: readonly EventType[];
  hint?: string;
  error?: string | undefined;
}

/** A checkbox per event type, grouped by what the events are about, each named by its type and described by when it happens. */
export function EventTypeCheckboxes({ legend, name, types, checked, hint, error }: EventTypeCheckboxesProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="space-y-3" aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      <div className="gap-x-6 md:columns-2">
        {eventGroups(types).map((group, index) => (
          <div key={group.label} role="group" aria-labelledby={`${id}-group-${index}`} className="mb-3 break-inside-avoid space-y-1.5">
            <p id={`${id}-group-${index}`} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
              {group.label}
            </p>
            <ul className="space-y-1.5">
              {group.types.map((type) => (
                <li key={type}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={name}
                      value={type}
                      defaultChecked={checked.includes(type)}
                      aria-labelledby={`${id}-${type}-name`}
                      aria-describedby={`${id}-${type}-sentence`}
                      className="mt-0.5 size-4 shrink-0 accent-indigo-600 dark:accent-indigo-400"
                    />
                    <span>
                      <span id={`${id}-${type}-name`} className="font-mono text-xs font-medium text-zinc-900 dark:text-zinc-100">
                        {type}
                      </span>
                      <span id={`${id}-${type}-sentence`} className="block text-xs text-zinc-600 dark:text-zinc-400">
                        {eventTypeSentence(type)}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
