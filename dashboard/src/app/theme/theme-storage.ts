export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'plat-console.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme the user picked with the toggle, if any; storage can be unavailable (privacy modes), which means "none". */
export function readStoredTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Not persisted; the choice still holds for this page.
  }
}

export function darkSchemeQuery(): MediaQueryList {
  return window.matchMedia(DARK_QUERY);
}

export function systemTheme(): Theme {
  return darkSchemeQuery().matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
