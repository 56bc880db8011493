import { useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { inputClasses } from '../../../components/form/field.tsx';
import { userLabel } from '../../../components/user/user-names.ts';
import { userPath } from '../../../components/user/user-path.ts';
import { useUserSuggestions, type UserSuggestion } from '../../../display/user/user-suggestions.ts';
import { useFocusShortcut } from '../../../lib/use-focus-shortcut.ts';
import { classifyLookup, isAmbiguousLookup, lookupPath, type LookupTarget } from '../payment-lookup.ts';
import { readRecentLookups, rememberLookup } from '../recent-lookups.ts';
import { LookupChoice } from './lookup-choice.tsx';
import { RecentLookupList } from './recent-lookup-list.tsx';
import { UserMatches } from './user-matches.tsx';

/**
 * The top bar's look-up: a payment id opens that payment, a txid or a user uid searches the index,
 * and users whose name (as the app named them) or uid starts with what is typed are listed under it,
 * each opening their page. Malformed input is refused here, before any request. `/` or Ctrl/Cmd-K jump here.
 */
export function PaymentSearch() {
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  // Focus is in the box or in a list under it: the lists show only then.
  const [active, setActive] = useState(false);
  const { users } = useUserSuggestions(typed);
  const navigate = useNavigate();
  const id = useId();
  useFocusShortcut(field);

  const showRecent = active && typed === '' && !choice;
  const showUsers = active && typed !== '' && !choice && !problem && users.length > 0;

  /** Empties the box and leaves it: what was looked up is on its way. */
  const done = (lookup: { text: string; path: string }) => {
    rememberLookup(lookup);
    setProblem(null);
    setChoice(null);
    setTyped('');
    if (field.current) field.current.value = '';
    (document.activeElement as HTMLElement | null)?.blur();
    setActive(false);
  };

  const go = (text: string, target: LookupTarget) => {
    const path = lookupPath(target);
    done({ text, path });
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

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' || !showUsers) return;
    event.preventDefault();
    form.current?.querySelector<HTMLElement>('nav[aria-label="Users"] a')?.focus();
  };

  // Focus moving between the box and its lists keeps them open; leaving the form closes them.
  const blur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setActive(false);
  };

  return (
    <form ref={form} role="search" aria-label="Payment look-up" onSubmit={submit} onFocus={() => setActive(true)} onBlur={blur} noValidate className="relative w-full max-w-md">
      <label htmlFor={id} className="sr-only">
        Search payments
      </label>
      <input
        ref={field}
        id={id}
        type="search"
        name="lookup"
        placeholder="Payment id, txid, user uid or name"
        autoComplete="off"
        spellCheck={false}
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setProblem(null);
          setChoice(null);
          setTyped(event.target.value);
        }}
        onKeyDown={keyDown}
        className={`${inputClasses} sm:pr-16`}
      />
      {typed === '' && (
        <span aria-hidden="true" className="pointer-events-none absolute top-1.5 right-2 hidden gap-1 sm:flex text-[0.65rem] text-zinc-500 dark:text-zinc-400">
          <kbd className="rounded border border-zinc-300 px-1 dark:border-zinc-700">/</kbd>
          <kbd className="rounded border border-zinc-300 px-1 dark:border-zinc-700">Ctrl K</kbd>
        </span>
      )}
      {choice && <LookupChoice text={choice} onPayment={() => go(choice, { kind: 'payment', id: choice })} onUid={() => go(choice, { kind: 'uid', uid: choice })} />}
      {showRecent && <RecentLookupList lookups={readRecentLookups()} onChosen={() => setActive(false)} />}
      {showUsers && <UserMatches users={users} onChosen={(user: UserSuggestion) => done({ text: userLabel(user.uid, user.userNames), path: userPath(user.uid) })} onLeave={() => field.current?.focus()} />}
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
