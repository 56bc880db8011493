import { useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';

export type AuditVerification = InferResponseType<typeof api.audit.verify.$get>;

/** Why the chain broke at its first bad row. */
export type AuditProblem = Extract<AuditVerification, { intact: false }>['firstBad']['problem'];

export function verifyAuditChain(): Promise<AuditVerification> {
  return readJson(api.audit.verify.$get());
}

/** A mutation although it is a GET: each press walks the chain anew, and its answer is not cached. */
export function useVerifyAuditChain() {
  return useMutation({ mutationFn: verifyAuditChain });
}
