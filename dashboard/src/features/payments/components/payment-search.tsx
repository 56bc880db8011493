import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { inputClasses } from '../../../components/form/field.tsx';
import { useFocusShortcut } from '../../../lib/use-focus-shortcut.ts';
import { classifyLookup, isAmbiguousLookup, lookupPath, type LookupTarget } from '../payment-lookup.ts';
import { readRecentLookups, rememberLookup } from '../recent-lookups.ts';
import { LookupChoice } from './lookup-choice.tsx';
import { RecentLookupList } from './recent-lookup-list.tsx';

/**
 * The top bar's look-up: a payment id opens that payment, a txid or a user uid searches the index.
 * Malformed input is refused here, before any request. `/` or Ctrl/Cmd-K jump here.
 */
export function PaymentSearch() {
  const field = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [showRecent, setShowRecent] = useState(false);
  // The shortcut hints give way to the field's own clear button once there is text to clear.
  const [hasText, setHasText] = useState(false);
  const navigate = useNavigate();
  const id = useId();
  useFocusShortcut(field);

  const go = (text: string, target: LookupTarget) => {
    const path = lookupPath(target);
    rememberLookup({ text, path });
    setProblem(null);
    setChoice(null);
    setShowRecent(false);
    if (field.current) {
      field.current.value = '';
      field.current.blur();
    }
    setHasText(false);
    void navigate(path);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = (field.current?.value ?? '').trim();
    const lookup = classifyLookup(text);
    if (!lookup.ok) {
      setProblem(lookup.problem);
      return;
    }
    if (isAmbiguousLookup(lookup.target)) {
      setChoice(lookup.target.uid);
      return;
    }
    go(text, lookup.target);
  };

  return (
    <form role="search" aria-label="Payment look-up" onSubmit={submit} noValidate className="relative w-full max-w-md">
      <label htmlFor={id} className="sr-only">
        Search payments
      </label>
      <input
        ref={field}
        id={id}
        type="search"
        name="lookup"
        placeholder="Payment id, txid or user uid"
        autoComplete="off"
        spellCheck={false}
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setProblem(null);
          setChoice(null);
          setShowRecent(event.target.value === '');
          setHasText(event.target.value !== '');
        }}
        onFocus={(event) => setShowRecent(event.target.value === '')}
        onBlur={() => setShowRecent(false)}
        className={`${inputClasses} sm:pr-16`}
      />
      {!hasText && (
        <span aria-hidden="true" className="pointer-events-none absolute top-1.5 right-2 hidden gap-1 sm:flex text-[0.65rem] text-zinc-500 dark:text-zinc-400">
          <kbd className="rounded border border-zinc-300 px-1 dark:border-zinc-700">/</kbd>
          <kbd className="rounded border border-zinc-300 px-1 dark:border-zinc-700">Ctrl K</kbd>
        </span>
      )}
      {choice && <LookupChoice text={choice} onPayment={() => go(choice, { kind: 'payment', id: choice })} onUid={() => go(choice, { kind: 'uid', uid: choice })} />}
      {showRecent && !choice && <RecentLookupList lookups={readRecentLookups()} onChosen={() => setShowRecent(false)} />}
      {problem && (
        <p
          id={`${id}-problem`}
          role="alert"
          className="absolute top-full left-0 z-20 mt-1 rounded-md border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-900 shadow-sm dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {problem}
        </p>
      )}
    </form>
  );
}
