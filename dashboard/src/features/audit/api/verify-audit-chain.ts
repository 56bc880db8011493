import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export type AuditProblem = 'changed' | 'removed' | 'inserted';

export type AuditVerification =
  | { intact: true; rows: number }
  | { intact: false; rows: number; firstBad: { id: number; problem: AuditProblem }; message: string };

export function verifyAuditChain(): Promise<AuditVerification> {
  return readJson<AuditVerification>(apiRequest('GET', '/audit/verify'));
}

/** A mutation although it is a GET: each press walks the chain anew, and its answer is not cached. */
export function useVerifyAuditChain() {
  return useMutation({ mutationFn: verifyAuditChain });
}
