import { useId } from 'react';
import { scopes, scopeSentences } from '../scope-words.ts';

/** A checkbox per scope, named by the scope and described by what it lets the app's backend do; `error` says what is wrong with the choice. */
export function ScopeCheckboxes({ error }: { error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">What the key may do</legend>
      <ul className="space-y-2">
        {scopes.map((scope) => (
          <li key={scope}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                aria-labelledby={`${id}-${scope}-name`}
                aria-describedby={`${id}-${scope}-sentence`}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600 dark:accent-indigo-400"
              />
              <span>
                <span id={`${id}-${scope}-name`} className="font-mono text-xs font-medium text-zinc-900 dark:text-zinc-100">
                  {scope}
                </span>
                <span id={`${id}-${scope}-sentence`} className="block text-zinc-600 dark:text-zinc-400">
                  {scopeSentences[scope]}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
