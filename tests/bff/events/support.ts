import { readEventsAfter, type ConsoleEvent } from '../../../bff/src/events/event-log.ts';
import type { EventType } from '../../../bff/src/events/event-types.ts';
import type { Executor } from '../../../bff/src/store/executor.ts';

/** Every event in the log about `subjectId` (all of them when null), oldest first, as a reader of the log takes them. */
export async function loggedEvents(db: Executor, subjectId: string | null = null): Promise<ConsoleEvent[]> {
  const all: ConsoleEvent[] = [];
  let after = null;
  for (;;) {
    const page = await readEventsAfter(db, { after, limit: 500 });
    all.push(...page.map((entry) => entry.event));
    if (page.length < 500) break;
    after = page.at(-1)!.position;
  }
  return subjectId === null ? all : all.filter((event) => event.subject.id === subjectId);
}

/** The types of the events about `subjectId`, oldest first. */
export async function loggedTypes(db: Executor, subjectId: string): Promise<EventType[]> {
  return (await loggedEvents(db, subjectId)).map((event) => event.type);
}

/** The one event of `type` about `subjectId`; fails when there is none or more than one. */
export async function theEvent(db: Executor, subjectId: string, type: EventType): Promise<ConsoleEvent> {
  const found = (await loggedEvents(db, subjectId)).filter((event) => event.type === type);
  if (found.length !== 1) throw new Error(`${found.length} events ${type} about ${subjectId}`);
  return found[0]!;
}
