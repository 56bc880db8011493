/**
 * A name as the console searches it: compatibility forms folded (NFKC: "ﬁ" is "fi", full-width "Ａ"
 * is "A") and in lower case, by JavaScript's locale-free rules, so that PGlite and PostgreSQL match
 * alike whatever their locale. Stored beside each name; what staff type is folded the same way.
 */
export function nameSearchKey(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}
