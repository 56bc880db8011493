import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { nameSearchKey } from '../../../../common/name-search-key.ts';
import { api, readJson } from '../../lib/api-client.ts';
import { userKeys } from './user-keys.ts';

/** The server asks for at least this much of a uid or name before it suggests users. */
export const MIN_SUGGEST_LENGTH = 2;

/** A user whose uid or name starts with what was typed (the app's names beside the uid), with their last payments. */
export type UserSuggestion = InferResponseType<typeof api.users.$get>['users'][number];

export const userSuggestionsQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: userKeys.suggestions(prefix),
    queryFn: async ({ signal }) => (await readJson(api.users.$get({ query: { q: prefix } }, { init: { signal } }))).users,
  });

/**
 * Users whose uid or name starts with `typed` (trimmed); none asked for below MIN_SUGGEST_LENGTH
 * characters. The last answer stays while the next is read, so only those that still match are kept.
 */
export function useUserSuggestions(typed: string): { users: UserSuggestion[]; asked: boolean; nothingFound: boolean } {
  const prefix = typed.trim();
  const asked = prefix.length >= MIN_SUGGEST_LENGTH;
  const suggestions = useQuery({ ...userSuggestionsQueryOptions(prefix), enabled: asked, placeholderData: keepPreviousData });
  const users = asked ? (suggestions.data ?? []).filter((user) => startsWithTyped(user, prefix)) : [];
  return { users, asked, nothingFound: asked && suggestions.isSuccess && !suggestions.isPlaceholderData && users.length === 0 };
}

/** As the server matches: the uid exactly, a name whatever its case and compatibility forms. */
function startsWithTyped(user: UserSuggestion, prefix: string): boolean {
  const key = nameSearchKey(prefix);
  const names = [user.userNames?.username, user.userNames?.displayName].filter((name): name is string => typeof name === 'string');
  return user.uid.startsWith(prefix) || names.some((name) => nameSearchKey(name).startsWith(key));
}
