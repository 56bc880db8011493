import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { UserNameText } from '../../../components/user/user-name.tsx';
import { userPath } from '../../../components/user/user-path.ts';
import type { UserSuggestion } from '../../../display/user/user-suggestions.ts';

/** How many users the top bar lists under what is typed. */
export const USER_MATCHES_SHOWN = 8;

interface UserMatchesProps {
  users: readonly UserSuggestion[];
  onChosen: (user: UserSuggestion) => void;
  /** Up from the first user: back to the search box. */
  onLeave: () => void;
}

/** Moves focus among the list's links with the arrow keys; Escape goes back to the search box. */
function arrowKeys(event: KeyboardEvent<HTMLElement>, onLeave: () => void) {
  const links = [...event.currentTarget.querySelectorAll('a')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const to = event.key === 'ArrowDown' ? at + 1 : event.key === 'ArrowUp' ? at - 1 : null;
  if (event.key === 'Escape' || to === -1) {
    event.preventDefault();
    onLeave();
  } else if (to !== null) {
    event.preventDefault();
    links[Math.min(to, links.length - 1)]?.focus();
  }
}

/** Users whose name (as the app named them) or uid starts with what is typed in the top bar, each opening their page. */
export function UserMatches({ users, onChosen, onLeave }: UserMatchesProps) {
  if (users.length === 0) return null;
  return (
    <nav
      aria-label="Users"
      onKeyDown={(event) => arrowKeys(event, onLeave)}
      className="absolute top-full left-0 z-20 mt-1 w-full rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="px-3 py-1 text-xs text-zinc-500 dark:text-zinc-400">Users by name or uid (↓ to choose)</p>
      <ul>
        {users.slice(0, USER_MATCHES_SHOWN).map((user) => (
          <li key={user.uid}>
            <Link
              to={userPath(user.uid)}
              // Chosen before the box loses focus, which would hide the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChosen(user)}
              className="block px-3 py-1 hover:bg-zinc-100 focus:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"
            >
              <UserNameText uid={user.uid} names={user.userNames} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
