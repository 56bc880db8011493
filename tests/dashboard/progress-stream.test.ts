import { describe, expect, it } from 'vitest';
import { ProgressTally } from '../../dashboard/src/lib/progress-stream.ts';

type Outcome = 'ok' | 'failed';
type Result = { id: string; result: Outcome };

const tally = () => new ProgressTally<Outcome, Result>(['ok', 'failed'], 'id');

describe('Adding up a bulk run', () => {
  it('counts results as they come, keeps notes, and takes the counts of the last line as the word on what was done', () => {
    const run = tally();
    run.add({ type: 'start', total: 3 });
    run.add({ type: 'result', id: 'a', result: 'ok' });
    run.add({ type: 'note', note: 'listed again' });
    expect(run.snapshot()).toEqual({ total: 3, results: [{ id: 'a', result: 'ok' }], counts: { ok: 1, failed: 0 }, notes: ['listed again'], done: false, stoppedWith: null });

    run.add({ type: 'done', counts: { ok: 2 } });
    expect(run.snapshot()).toMatchObject({ counts: { ok: 2, failed: 0 }, done: true, stoppedWith: null });
  });

  it('keeps the server\'s words when the run broke off, and is not done', () => {
    const run = tally();
    run.add({ type: 'start', total: 2 });
    run.add({ type: 'result', id: 'a', result: 'failed' });
    run.add({ type: 'error', message: 'the store went away', counts: { failed: 1 } });
    expect(run.snapshot()).toMatchObject({ done: false, stoppedWith: 'the store went away', counts: { ok: 0, failed: 1 } });
  });

  it.each([
    ['not an object', 'text'],
    ['an unknown type', { type: 'progress' }],
    ['a result without its key', { type: 'result', result: 'ok' }],
    ['a result with an unknown outcome', { type: 'result', id: 'a', result: 'maybe' }],
    ['a start without a total', { type: 'start' }],
    ['a last line without counts', { type: 'done' }],
  ])('refuses %s', (_name, line) => {
    expect(() => tally().add(line)).toThrow('The console server sent a progress line the console cannot read.');
  });
});
