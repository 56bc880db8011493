import { timeZoneChoice, type TimeZoneChoice } from './time-zone.ts';

// "long" time carries the zone's name, so a time never leaves its time zone unsaid.
const dateTimeFormats: Record<TimeZoneChoice, Intl.DateTimeFormat> = {
  local: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' }),
  utc: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' }),
};

/** An ISO timestamp in the reader's time zone or UTC, as set, with the zone, e.g. "3 May 2025, 14:02:11 CEST". */
export function formatDateTime(iso: string, zone: TimeZoneChoice = timeZoneChoice()): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormats[zone].format(date);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO timestamp as the value of an `<input type="datetime-local">`, in the zone the console shows times in (minutes). */
export function toDateTimeInput(iso: string, zone: TimeZoneChoice = timeZoneChoice()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const utc = zone === 'utc';
  const [year, month, day, hours, minutes] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()]
    : [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()];
  return `${year}-${pad(month + 1)}-${pad(day)}T${pad(hours)}:${pad(minutes)}`;
}

/** The value of an `<input type="datetime-local">`, read in the zone the console shows times in, as an ISO timestamp (UTC); null when empty or invalid. */
export function fromDateTimeInput(value: string, zone: TimeZoneChoice = timeZoneChoice()): string | null {
  if (value === '') return null;
  // Without a zone, the engine reads a date-time as local time; "Z" makes it UTC.
  const date = new Date(zone === 'utc' ? `${value}Z` : value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The zone a date-time field is read in, for its hint: "UTC", or the reader's own by name. */
export function timeZoneWords(zone: TimeZoneChoice = timeZoneChoice()): string {
  return zone === 'utc' ? 'UTC' : `your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone})`;
}

const shortDateFormats: Record<TimeZoneChoice, Intl.DateTimeFormat> = {
  local: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
  utc: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
};

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago `iso` was, in one unit: "just now", "3 min ago", "5 hours ago", "2 days ago"; from a
 * week on (or in the future) the date, in the reader's time zone or UTC as set.
 */
export function formatRelative(iso: string, now: number, zone: TimeZoneChoice): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.floor((now - then) / 1000);
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (seconds < -60 || days >= 7) return shortDateFormats[zone].format(then);
  if (seconds < 45) return 'just now';
  if (hours < 1) return `${Math.max(1, minutes)} min ago`;
  if (days < 1) return plural(hours, 'hour');
  return plural(days, 'day');
}
