import { useSearchParams } from 'react-router-dom';

/**
 * A table's filters, kept in the URL so every view is a link and Back and Forward move between
 * views. `read` drops what cannot be right; `toParams` writes what is set in a fixed order, so
 * `canonical` is equal for equal filters (a form keyed by it follows the URL).
 */
export function useUrlFilters<Filters>(read: (params: URLSearchParams) => Filters, toParams: (filters: Filters) => URLSearchParams) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = read(searchParams);
  const canonical = toParams(filters).toString();
  return { filters, canonical, filtered: canonical !== '', apply: (next: Filters) => setSearchParams(toParams(next)) };
}
