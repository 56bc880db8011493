import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time, as the store keeps every one: with its time zone, read back as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
