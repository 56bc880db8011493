/** A piece of an audit sentence: words, or a term that names something, linked to its page when it has one. */
export type SentencePart = string | SentenceTerm;

export interface SentenceTerm {
  text: string;
  /** The page of what it names, when the console has one the reader may open. */
  to?: string;
  /** The whole id, when `text` is shortened. */
  title?: string;
  /** An id or a request, shown in monospace. */
  id?: boolean;
}

export type Sentence = SentencePart[];

/**
 * Words with parts put in: words`paid ${reward} to ${user}`. A part may be a sentence itself; empty
 * words are dropped, so a sentence compares equal however it was built.
 */
export function words(strings: TemplateStringsArray, ...parts: (SentencePart | Sentence)[]): Sentence {
  const sentence: Sentence = [];
  const push = (part: SentencePart) => {
    const last = sentence.at(-1);
    if (typeof part === 'string') {
      if (part === '') return;
      if (typeof last === 'string') sentence[sentence.length - 1] = last + part;
      else sentence.push(part);
    } else sentence.push(part);
  };
  strings.forEach((text, index) => {
    push(text);
    const part = parts[index];
    if (part === undefined) return;
    for (const piece of Array.isArray(part) ? part : [part]) push(piece);
  });
  return sentence;
}

/** The sentence as plain text, e.g. for a screen reader's label or a test. */
export function sentenceText(sentence: Sentence): string {
  return sentence.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}
