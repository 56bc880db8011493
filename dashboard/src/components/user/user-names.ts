import type { UserNames } from '../../../../bff/src/public-types.ts';
import { shortenMiddle } from '../../lib/shorten-middle.ts';

export type { UserNames };

/** What the console calls a user the app has named: their display name, else their username; null when it named them nothing. */
export function userNameOf(names: UserNames | null | undefined): string | null {
  return names?.displayName ?? names?.username ?? null;
}

/** A user in a few words: their name, else their uid shortened ("4c4201b5…79e51"). */
export function userLabel(uid: string, names: UserNames | null | undefined): string {
  return userNameOf(names) ?? shortenMiddle(uid);
}

/** A user where the uid must be unmistakable (what a dialog confirms): "Ana Pereira (4c4201b5-0aa1-…)" in full, or the uid alone. */
export function userWords(uid: string, names: UserNames | null | undefined): string {
  const name = userNameOf(names);
  return name === null ? uid : `${name} (${uid})`;
}

/** The username as a handle ("@ana_p"), shown beside a display name; null when there is no display name to go beside. */
export function userHandle(names: UserNames | null | undefined): string | null {
  return names?.displayName && names.username ? `@${names.username}` : null;
}
