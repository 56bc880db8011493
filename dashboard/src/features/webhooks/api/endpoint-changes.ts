import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { webhookKeys } from './webhook-keys.ts';

const endpointsRoute = api['webhook-endpoints'];
const endpointRoute = endpointsRoute[':id'];

export type NewEndpoint = InferRequestType<(typeof endpointsRoute)['$post']>['json'];
export type EndpointChange = InferRequestType<(typeof endpointRoute)['$patch']>['json'];
/** `secret` signs every delivery: the one chance to see it. */
export type EndpointWithSecret = InferResponseType<(typeof endpointsRoute)['$post'], 201>;

const param = (id: string) => ({ id: encodeURIComponent(id) });

function useEndpointMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, onDone?: (output: Output, input: Input) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (output, input) => onDone?.(output, input),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useCreateEndpoint() {
  return useEndpointMutation((endpoint: NewEndpoint) => readJson(endpointsRoute.$post({ json: endpoint })));
}

export function useUpdateEndpoint() {
  return useEndpointMutation(
    ({ id, change }: { id: string; change: EndpointChange }) => readJson(endpointRoute.$patch({ param: param(id), json: change })),
    ({ endpoint }, { change }) => showToast(change.enabled === undefined ? `Endpoint ${endpoint.url} saved.` : `Endpoint ${endpoint.url} switched ${endpoint.enabled ? 'on' : 'off'}.`),
  );
}

export function useRotateSecret() {
  return useEndpointMutation(({ id, overlapHours }: { id: string; overlapHours: number }) => readJson(endpointRoute['rotate-secret'].$post({ param: param(id), json: { overlapHours } })));
}

export function useDeleteEndpoint() {
  return useEndpointMutation(
    async ({ id }: { id: string; url: string }) => {
      await readJson(endpointRoute.$delete({ param: param(id) }));
    },
    (_, { url }) => showToast(`Endpoint ${url} deleted.`),
  );
}

export function useSendTest() {
  return useEndpointMutation(
    (id: string) => readJson(endpointRoute.test.$post({ param: param(id) })),
    () => showToast('Test event queued: it shows in the delivery log as it is sent.'),
  );
}
