import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';

const policyRoute = api.settings['second-factor'];
/** The policy in force, with `requiredSince`: when the required roles last grew, where a member's grace starts at the earliest. */
export type SecondFactorPolicy = InferResponseType<(typeof policyRoute)['$get']>;
export type NewSecondFactorPolicy = InferRequestType<(typeof policyRoute)['$put']>['json'];

const policyKeys = { all: ['second-factor-policy'] as const };

export const secondFactorPolicyQueryOptions = () =>
  queryOptions({ queryKey: policyKeys.all, queryFn: ({ signal }) => readJson(policyRoute.$get(undefined, { init: { signal } })) });

export function useSecondFactorPolicy() {
  return useQuery(secondFactorPolicyQueryOptions());
}

/** Saves the policy; the admin's own session is read again, since what it asks of them may have changed. */
export function useSetSecondFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: NewSecondFactorPolicy) => readJson(policyRoute.$put({ json: policy })),
    onSuccess: () => {
      showToast('Second-factor policy saved.');
      return refreshSession(client);
    },
    onSettled: () => client.invalidateQueries({ queryKey: policyKeys.all }),
  });
}
