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

/** An ISO timestamp as the value of an `<input type="datetime-local">` (local time, minutes). */
export function toDateTimeInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of an `<input type="datetime-local">` as an ISO timestamp (UTC); null when empty or invalid. */
export function fromDateTimeInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** How long ago `iso` was, in the two largest units: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatAge(iso: string, now: Date = new Date()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return 'unknown';
  const seconds = Math.max(0, Math.floor((now.getTime() - then) / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return hours % 24 > 0 ? `${days} d ${hours % 24} h` : `${days} d`;
  if (hours > 0) return minutes % 60 > 0 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}
