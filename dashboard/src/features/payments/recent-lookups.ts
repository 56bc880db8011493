/** A look-up made from the search box: what was typed and where it led. Kept in this browser only. */
export interface RecentLookup {
  text: string;
  path: string;
}

const STORAGE_KEY = 'plat-console.recent-lookups';
const KEPT = 5;

function isRecentLookup(value: unknown): value is RecentLookup {
  return typeof value === 'object' && value !== null && typeof (value as RecentLookup).text === 'string' && typeof (value as RecentLookup).path === 'string' && (value as RecentLookup).path.startsWith('/');
}

export function readRecentLookups(): RecentLookup[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecentLookup).slice(0, KEPT) : [];
  } catch {
    return [];
  }
}

/** Puts `lookup` first, once, and keeps the last few. */
export function rememberLookup(lookup: RecentLookup): void {
  const kept = [lookup, ...readRecentLookups().filter((other) => other.path !== lookup.path)].slice(0, KEPT);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Not kept; the look-up itself still works.
  }
}
