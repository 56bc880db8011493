import { describe, expect, it } from 'vitest';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../../bff/src/store/time-id-cursor.ts';

const id = '5d1c0a56-3f0e-4e43-9a53-1b2c3d4e5f60';
const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

describe('a (time, id) page cursor', () => {
  it('comes back as it went out', () => {
    const at = new Date('2026-11-21T09:00:00.123Z');
    expect(decodeTimeIdCursor(encodeTimeIdCursor({ at, id }))).toEqual({ at, id });
  });

  it('reads the cursors clients already hold (batches, reconciliation exceptions)', () => {
    expect(decodeTimeIdCursor('WyIyMDI2LTExLTIxVDA5OjAwOjAwLjEyM1oiLCI1ZDFjMGE1Ni0zZjBlLTRlNDMtOWE1My0xYjJjM2Q0ZTVmNjAiXQ')).toEqual({
      at: new Date('2026-11-21T09:00:00.123Z'),
      id,
    });
  });

  it.each([
    ['garbage', 'garbage'],
    ['a time the store cannot hold', cursorOf(['0000-01-01T00:00:00.000Z', id])],
    ['a time that is not ISO 8601', cursorOf(['21 Nov 2026', id])],
    ['an id that is not a UUID', cursorOf(['2026-11-21T09:00:00.123Z', 'abc'])],
    ['a part too many', cursorOf(['2026-11-21T09:00:00.123Z', id, 1])],
  ])('refuses %s as the caller’s mistake', (_what, text) => {
    expect(() => decodeTimeIdCursor(text)).toThrow(expect.objectContaining({ code: 'invalid_input', field: 'cursor' }));
  });
});
