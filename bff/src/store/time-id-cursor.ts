import { refusal } from '../domain/refusal.ts';
import { isStorableTime } from './storable.ts';

/** Where a page of a newest-first list ends: its last row's time, and its id to break ties. */
export interface TimeIdCursor {
  at: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Opaque, so that clients do not build their own. */
export function encodeTimeIdCursor({ at, id }: TimeIdCursor): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

/** The cursor `encodeTimeIdCursor` made; anything else is the caller's mistake (400). */
export function decodeTimeIdCursor(text: string): TimeIdCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      if (typeof at === 'string' && typeof id === 'string' && UUID.test(id)) {
        const time = new Date(at);
        if (isStorableTime(time)) return { at: time, id };
      }
    }
  } catch {
    // not a cursor: refused below
  }
  throw refusal('invalid_input', 'invalid_input', 'cursor: does not belong to this list; start from the first page');
}
