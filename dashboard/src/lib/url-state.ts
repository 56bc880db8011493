/** A time from the URL as a canonical ISO string (UTC); '' when absent or not a time. */
export function isoOrEmpty(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The values that are set, in `order`, so that equal filters give equal links: for the URL, the API and exports alike. */
export function setParams<Key extends string>(values: Readonly<Record<Key, string>>, order: readonly Key[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of order) if (values[key]) params.set(key, values[key]);
  return params;
}
