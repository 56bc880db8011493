import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { idEntries } from '../../lib/id-list.ts';
import { Button } from '../button.tsx';
import { TextField } from './text-field.tsx';
import { TextareaField } from './textarea-field.tsx';

/** Far above any list of ids the console takes at once; a bigger file is not a list of ids. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

const count = (n: number) => n.toLocaleString('en-US');

interface IdListFormProps {
  /** Names the box, e.g. "Payment ids". */
  label: string;
  /** One id, for the message when there is none, e.g. "payment id". */
  noun: string;
  /** How many go at once; the list is checked against it before anything is sent. */
  max: number;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (ids: string[]) => void;
}

/** Ids pasted or read from a file, counted as they are typed and checked against the limit before anything is sent. */
export function IdListForm({ label, noun, max, submitLabel, pendingLabel, pending, onSubmit }: IdListFormProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const entries = useMemo(() => idEntries(text), [text]);
  const ids = useMemo(() => [...new Set(entries)], [entries]);
  const repeats = entries.length - ids.length;
  const tooMany = ids.length > max;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(`That file is ${count(Math.ceil(file.size / 1024))} KiB; a list of ${count(max)} ids is far smaller. Choose a .txt or .csv file of ids.`);
      return;
    }
    setFileProblem(undefined);
    setProblem(undefined);
    setText(await file.text());
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (ids.length === 0) {
      setProblem(`Paste at least one ${noun}, or upload a file of them.`);
    } else if (tooMany) {
      setProblem(`That is ${count(ids.length)} ids; at most ${count(max)} go at once. Split the list and send it in parts.`);
    } else {
      setProblem(undefined);
      onSubmit(ids);
    }
  };

  const repeatsNote = repeats > 0 ? ` (${count(repeats)} ${repeats === 1 ? 'repeat' : 'repeats'} left out)` : '';
  const summary =
    ids.length === 0
      ? 'No ids yet.'
      : tooMany
        ? `${count(ids.length)} ids, more than the ${count(max)} allowed: nothing is sent.`
        : `${count(ids.length)} ${ids.length === 1 ? 'id' : 'ids'} will be sent${repeatsNote}.`;

  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <TextareaField
        label={label}
        name="ids"
        rows={8}
        monospace
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(undefined);
        }}
        hint={`One per line, or separated by commas; at most ${count(max)} at once. Repeats are sent once.`}
        error={problem}
        spellCheck={false}
        autoComplete="off"
      />
      <TextField label="Or read them from a file" name="file" type="file" accept=".txt,.csv,text/plain,text/csv" onChange={(event) => void readFile(event)} hint="A .txt or .csv file; its ids fill the box above." error={fileProblem} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={pending} aria-busy={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        <p aria-live="polite" className={`text-sm ${tooMany ? 'text-red-700 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-400'}`}>
          {summary}
        </p>
      </div>
    </form>
  );
}
