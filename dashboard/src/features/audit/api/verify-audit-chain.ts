import { useMutation } from '@tanstack/react-query';
import type { AuditProblem } from '../../../../../bff/src/audit/audit-chain.ts';
import type { AuditVerification } from '../../../../../bff/src/audit/audit-verify.ts';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export type { AuditProblem, AuditVerification };

export function verifyAuditChain(): Promise<AuditVerification> {
  return readJson<AuditVerification>(apiRequest('GET', '/audit/verify'));
}

/** A mutation although it is a GET: each press walks the chain anew, and its answer is not cached. */
export function useVerifyAuditChain() {
  return useMutation({ mutationFn: verifyAuditChain });
}
