/**
 * A name as the console searches it: compatibility forms folded (NFKC: "ﬁ" is "fi", full-width "Ａ"
 * is "A") and in lower case, by JavaScript's locale-free rules, so that PGlite and PostgreSQL match
 * alike whatever their locale. The BFF stores it beside each name and folds what staff type the same
 * way; the SPA folds alike to tell whether an answer still matches what is typed.
 */
export function nameSearchKey(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}
