import { z } from 'zod';
import { cursorTime, cursorUuid, decodePageCursor, encodePageCursor } from './page-cursor.ts';

/** Where a page of a newest-first list ends: its last row's time, and its id to break ties. */
export interface TimeIdCursor {
  at: Date;
  id: string;
}

const timeIdParts = z.tuple([cursorTime, cursorUuid]);

export function encodeTimeIdCursor({ at, id }: TimeIdCursor): string {
  return encodePageCursor([at.toISOString(), id]);
}

/** The cursor `encodeTimeIdCursor` made; anything else is the caller's mistake (400). */
export function decodeTimeIdCursor(text: string): TimeIdCursor {
  const [at, id] = decodePageCursor(text, timeIdParts);
  return { at: new Date(at), id };
}
