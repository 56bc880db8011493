import { AMOUNT_DECIMALS, isPositiveAmount } from '../../../../common/amount.ts';
import { parseCidr } from '../../../../common/ip-address.ts';
import { MAX_ALLOWED_IPS, MAX_API_KEY_NAME_LENGTH } from '../../../../common/limits.ts';
import { fromDateTimeInput } from '../../lib/format-date.ts';
import { requiredTextProblem } from '../../lib/required-text.ts';
import type { TimeZoneChoice } from '../../lib/time-zone.ts';
import type { NewApiKey } from './api/create-api-key.ts';
import type { Scope } from './api/get-api-keys.ts';
import { scopes } from './scope-words.ts';

export type NewApiKeyField = 'name' | 'scopes' | 'expiresOn' | 'allowedIps' | 'perRewardCap' | 'dailyTotal';
export type NewApiKeyProblems = Partial<Record<NewApiKeyField, string>>;

const BAD_ENTRIES_SHOWN = 3;

/** The entries of the allow-list box, one a line, blank lines and repeats left out. */
function allowListEntries(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

function allowListProblem(entries: readonly string[]): string | null {
  if (entries.length > MAX_ALLOWED_IPS) return `At most ${MAX_ALLOWED_IPS} entries; this list has ${entries.length}. Cover neighbouring addresses with one CIDR.`;
  const bad = entries.filter((entry) => parseCidr(entry) === null);
  if (bad.length === 0) return null;
  const shown = bad.slice(0, BAD_ENTRIES_SHOWN).map((entry) => `“${entry}”`);
  const more = bad.length > BAD_ENTRIES_SHOWN ? ` and ${bad.length - BAD_ENTRIES_SHOWN} more` : '';
  return `${shown.join(', ')}${more} ${bad.length === 1 ? 'is not an IP address or a CIDR' : 'are not IP addresses or CIDRs'}. Write one a line, such as 203.0.113.7 or 203.0.113.0/24.`;
}

function limitProblem(amount: string): string | null {
  if (!amount || isPositiveAmount(amount)) return null;
  return `Enter an amount greater than 0 with at most ${AMOUNT_DECIMALS} decimal places, such as 100 or 12.5, or leave it empty for the console’s limit.`;
}

/**
 * The moment a key set to expire on `date` (yyyy-mm-dd) stops working: 00:00 that day, in the zone the
 * console shows times in; null when the field is empty or not a date.
 */
function expiryOf(date: string, zone: TimeZoneChoice): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? fromDateTimeInput(`${date}T00:00`, zone) : null;
}

/** Reads the create-key form with the server's rules; the key when every field will do, otherwise what is wrong with each, in words. */
export function checkNewApiKey(form: FormData, now: Date, zone: TimeZoneChoice): { key: NewApiKey } | { problems: NewApiKeyProblems } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const name = text('name');
  const chosen = form.getAll('scopes');
  const keyScopes = scopes.filter((scope: Scope) => chosen.includes(scope));
  const expiresOn = text('expiresOn');
  const expiresAt = expiryOf(expiresOn, zone);
  const allowedIps = allowListEntries(String(form.get('allowedIps') ?? ''));
  const perRewardCap = text('perRewardCap');
  const dailyTotal = text('dailyTotal');

  const problems: NewApiKeyProblems = {};
  const badName = requiredTextProblem(name, { name: 'name', maxLength: MAX_API_KEY_NAME_LENGTH, whenEmpty: 'Name the key after who uses it.' });
  if (badName) problems.name = badName;
  if (keyScopes.length === 0) problems.scopes = 'Choose at least one thing the key may do.';
  if (expiresOn && !expiresAt) problems.expiresOn = 'Enter a date, such as 2027-01-31, or leave it empty.';
  else if (expiresAt && new Date(expiresAt) <= now) problems.expiresOn = 'Choose a day after today: the key would stop working at once.';
  const badList = allowListProblem(allowedIps);
  if (badList) problems.allowedIps = badList;
  const badCap = limitProblem(perRewardCap);
  if (badCap) problems.perRewardCap = badCap;
  const badTotal = limitProblem(dailyTotal);
  if (badTotal) problems.dailyTotal = badTotal;
  if (Object.keys(problems).length > 0) return { problems };

  const limits = { ...(perRewardCap ? { perRewardCap } : {}), ...(dailyTotal ? { dailyTotal } : {}) };
  return {
    key: {
      name,
      scopes: keyScopes,
      ...(expiresAt ? { expiresAt } : {}),
      ...(allowedIps.length > 0 ? { allowedIps } : {}),
      ...(Object.keys(limits).length > 0 ? { limits } : {}),
    },
  };
}
