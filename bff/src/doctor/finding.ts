/** One thing the doctor checked, in words: what it found and, when something is wrong, what to do. */
export interface Finding {
  /** What was checked: "Platform API key", "Store", … */
  subject: string;
  /** ok; problem: the console will not work as configured; note: worth knowing, nothing wrong. */
  verdict: 'ok' | 'problem' | 'note';
  words: string;
  todo?: string;
}

export const ok = (subject: string, words: string): Finding => ({ subject, verdict: 'ok', words });
export const note = (subject: string, words: string, todo?: string): Finding => ({ subject, verdict: 'note', words, ...(todo ? { todo } : {}) });
export const problem = (subject: string, words: string, todo: string): Finding => ({ subject, verdict: 'problem', words, todo });

const MARK: Record<Finding['verdict'], string> = { ok: '[ok]     ', problem: '[PROBLEM]', note: '[note]   ' };

/** A finding as the doctor prints it: its line, and what to do on the next. */
export function findingLines({ subject, verdict, words, todo }: Finding): string[] {
  return [`${MARK[verdict]} ${subject}: ${words}`, ...(todo ? [`          What to do: ${todo}`] : [])];
}
