import { z } from 'zod';
import { isStorableTime } from '../store/storable.ts';

const storableTime = z.date().refine(isStorableTime, 'must be between the years 0001 and 9999 (UTC)');

/** An ISO 8601 date-time with an offset, as a Date the store can hold. */
export const instantParam = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
  .transform((value) => new Date(value))
  .pipe(storableTime);

/** An ISO 8601 date-time with an offset, or a date (midnight UTC), as a Date the store can hold. */
export const instantOrDateParam = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'must be an ISO 8601 date-time or date' })
  .transform((value) => new Date(value))
  .pipe(storableTime);
