import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { userKeys } from '../../../display/user/user-keys.ts';

/** The server asks for at least this much of a uid before it suggests users. */
export const MIN_SUGGEST_LENGTH = 2;

/** A user of the console's payment index whose uid starts with what was typed, with their last payments. */
export type UserSuggestion = InferResponseType<typeof api.users.$get>['users'][number];

export const userSuggestionsQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: userKeys.suggestions(prefix),
    queryFn: async ({ signal }) => (await readJson(api.users.$get({ query: { q: prefix } }, { init: { signal } }))).users,
  });

/** Users whose uid starts with `typed` (trimmed); none asked for below MIN_SUGGEST_LENGTH characters. The last answer stays while the next is read. */
export function useUserSuggestions(typed: string) {
  const prefix = typed.trim();
  return useQuery({ ...userSuggestionsQueryOptions(prefix), enabled: prefix.length >= MIN_SUGGEST_LENGTH, placeholderData: keepPreviousData });
}
