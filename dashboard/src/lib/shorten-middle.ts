/** A long id or address cut in the middle, its start and end kept ("GDQ3ZBCK…X7PQ2A"); short ones whole. */
export function shortenMiddle(text: string, keepStart = 8, keepEnd = 6): string {
  return text.length > keepStart + keepEnd + 2 ? `${text.slice(0, keepStart)}…${text.slice(-keepEnd)}` : text;
}
