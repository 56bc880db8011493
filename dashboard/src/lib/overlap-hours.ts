/** How long an old secret keeps working after a roll or a rotation, as a field holds it: whole hours from 0 to `max`, or what is wrong with it. */
export function readOverlapHours(text: string, max: number, maxWords: string): { hours: number } | { problem: string } {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return { problem: `Enter a whole number of hours from 0 to ${max}, such as 24.` };
  const hours = Number(value);
  if (hours > max) return { problem: `At most ${max} hours (${maxWords}).` };
  return { hours };
}
