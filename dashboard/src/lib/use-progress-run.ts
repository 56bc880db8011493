import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Progress, ProgressEvent, ProgressTally } from './progress-stream.ts';

/** How often, at most, the page is redrawn while results stream in. */
const PROGRESS_EVERY_MS = 100;

interface ProgressRunOptions<Input, Outcome extends string, Result extends { result: Outcome }> {
  /** Sends the request and hands back the lines of its answer as they arrive. */
  send: (input: Input, signal: AbortSignal) => Promise<AsyncIterable<ProgressEvent<Result>>>;
  /** A fresh tally for each run. */
  createTally: () => ProgressTally<Outcome, Result>;
  /** Words for a run that did not reach its end; `stoppedWith` in the progress holds the server's own, if it gave any. */
  stoppedMessage: (progress: Progress<Outcome, Result>) => string;
  /** After each run, however it ended, e.g. to read again what it changed. */
  onSettled?: () => Promise<unknown>;
}

/**
 * Runs one bulk job at a time and keeps its progress as the server streams it: a progress bar and
 * a result per item while it runs. Leaving the page stops reading the answer.
 */
export function useProgressRun<Input, Outcome extends string, Result extends { result: Outcome }>({
  send,
  createTally,
  stoppedMessage,
  onSettled,
}: ProgressRunOptions<Input, Outcome, Result>) {
  const [progress, setProgress] = useState<Progress<Outcome, Result> | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async (input: Input) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const tally = createTally();
      const show = () => setProgress(tally.snapshot());
      // Lines can come by the thousand: the page is redrawn at most every PROGRESS_EVERY_MS, and never later than that.
      let redraw: ReturnType<typeof setTimeout> | undefined;
      const showSoon = () => {
        redraw ??= setTimeout(() => {
          redraw = undefined;
          show();
        }, PROGRESS_EVERY_MS);
      };
      show();
      try {
        const lines = await send(input, controller.signal);
        for await (const line of lines) {
          tally.add(line);
          showSoon();
        }
      } finally {
        clearTimeout(redraw);
        if (!controller.signal.aborted) show();
      }
      const final = tally.snapshot();
      if (!final.done) throw new Error(stoppedMessage(final));
      return final;
    },
    onSettled,
  });

  return { start: mutation.mutate, progress, error: mutation.error, pending: mutation.isPending };
}
