// Hashes already stored: the audit chain's rows and the rewards' idempotency request hashes. Whatever
// changes in how canonical JSON is written, these must come out byte for byte the same.
import { describe, expect, it } from 'vitest';
import { canonicalTime, GENESIS_HASH, hashAuditRow, type AuditRowContent } from '../../bff/src/audit/audit-hash.ts';
import { requestHashOf } from '../../bff/src/rewards/reward-input.ts';

// Keys that sort differently by UTF-16 code unit and by code point ('😀' is a surrogate pair, below U+FF01 in UTF-16).
const awkwardKeys = { '\uFF01': 1, '😀': 2, B: [true, false, null], a: { '10': 1.5, '9': -0, nested: [{ z: 'é\n"', y: [] }] }, _: '' };

const genesisRow: AuditRowContent = {
  id: 1,
  at: canonicalTime(new Date('2026-01-02T03:04:05.678Z')),
  actorId: null,
  actorEmail: null,
  actorRole: null,
  clientIp: null,
  requestId: null,
  action: 'staff.bootstrap',
  target: null,
  outcome: 'ok',
  upstreamStatus: null,
  upstreamCode: null,
  details: {},
  prevHash: GENESIS_HASH,
};

describe('hashes already stored stay the same', () => {
  it('an audit row and the row chained to it', () => {
    const first = hashAuditRow(genesisRow);
    expect(first).toBe('d0ac24eb534cf8c9e4e564f94da3a7354aba0d24e4519e4e5f25b62808bbfcce');
    const second = hashAuditRow({
      ...genesisRow,
      id: 2,
      actorId: '5d1c0a56-3f0e-4e43-9a53-1b2c3d4e5f60',
      actorEmail: 'ops@sandbox.local',
      actorRole: 'ops',
      clientIp: '2001:db8::1',
      requestId: 'req-9',
      action: 'reward.create',
      target: 'reward:8b0e',
      outcome: 'unknown',
      upstreamStatus: 503,
      upstreamCode: 'unknown_error',
      details: awkwardKeys,
      prevHash: first,
    });
    expect(second).toBe('858b5e1c4ebb2b819d953189958deec06bfc57a25836a0a5b470ecfc41c7d89b');
  });

  it("a reward request's idempotency hash", () => {
    expect(requestHashOf({ uid: 'user-1', amount: '1.5', memo: 'Reward', metadata: {} })).toBe('d6f9f90b4ad0af3c46ce35243a6c7a3d7db24104cf3a81647eeb48b557af942b');
    const metadata = { '\uFF01': 1, '😀': [2, { b: null, a: 'x' }], B: true };
    expect(requestHashOf({ uid: 'user-2', amount: '0.0000001', memo: 'é', metadata })).toBe('d90261cc5eaa39f8c214155adef2df6332c4725ab5213cf9a8816fe0ffc3461b');
  });
});
