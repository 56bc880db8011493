import type { Path } from 'react-router-dom';

const SIGN_IN = '/sign-in';

/** The sign-in page, with the way back to `from` when there is one. */
export function signInPath(from?: Pick<Path, 'pathname' | 'search' | 'hash'>): string {
  if (!from) return SIGN_IN;
  return `${SIGN_IN}?${new URLSearchParams({ next: `${from.pathname}${from.search}${from.hash}` }).toString()}`;
}

/**
 * Where to go after signing in. Only a path inside the console is followed, so a crafted
 * link cannot send staff elsewhere (`//host`, `/\host` and absolute URLs are refused).
 */
export function nextAfterSignIn(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === SIGN_IN || next.startsWith(`${SIGN_IN}?`) || next.startsWith('/setup')) return '/';
  return next;
}
