import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeContext } from './theme-context.ts';
import { applyTheme, darkSchemeQuery, readStoredTheme, storeTheme, systemTheme, type Theme } from './theme-storage.ts';

/** The stored choice wins; without one the theme follows the system, also when the system changes. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [chosenTheme, setChosenTheme] = useState<Theme | null>(readStoredTheme);
  const [followedTheme, setFollowedTheme] = useState<Theme>(systemTheme);
  const theme = chosenTheme ?? followedTheme;

  useLayoutEffect(() => applyTheme(theme), [theme]);

  useEffect(() => {
    if (chosenTheme) return;
    const query = darkSchemeQuery();
    const follow = () => setFollowedTheme(query.matches ? 'dark' : 'light');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [chosenTheme]);

  const toggleTheme = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    storeTheme(next);
    setChosenTheme(next);
  }, [theme]);

  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
