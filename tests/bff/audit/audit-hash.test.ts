import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalTime, GENESIS_HASH, hashAuditRow, type AuditRowContent } from '../../../bff/src/audit/audit-hash.ts';

const row: AuditRowContent = {
  id: 7,
  at: canonicalTime(new Date('2026-11-21T09:00:00.123Z')),
  actorId: '5d1c0a56-3f0e-4e43-9a53-1b2c3d4e5f60',
  actorEmail: 'admin@sandbox.local',
  actorRole: 'admin',
  clientIp: '203.0.113.7',
  requestId: 'req-1',
  action: 'payment.cancel',
  target: 'payment:pay_1',
  outcome: 'refused',
  upstreamStatus: 409,
  upstreamCode: 'already_cancelled',
  details: { z: [1, { b: 'é', a: null }], a: 'x"y' },
  prevHash: GENESIS_HASH,
};

describe('the row hash', () => {
  it('is sha256 of a JSON array in column order, keys sorted: a verifier outside the console can recompute it', () => {
    const canonical =
      '["plat-audit/1",7,"2026-11-21T09:00:00.123000Z","5d1c0a56-3f0e-4e43-9a53-1b2c3d4e5f60","admin@sandbox.local","admin",' +
      '"203.0.113.7","req-1","payment.cancel","payment:pay_1","refused",409,"already_cancelled",' +
      `{"a":"x\\"y","z":[1,{"a":null,"b":"é"}]},"${GENESIS_HASH}"]`;
    expect(hashAuditRow(row)).toBe(createHash('sha256').update(canonical, 'utf8').digest('hex'));
  });

  it('does not depend on the order of keys in details', () => {
    expect(hashAuditRow({ ...row, details: { a: 'x"y', z: [1, { a: null, b: 'é' }] } })).toBe(hashAuditRow(row));
  });

  it('changes with every column', () => {
    const variants: Partial<AuditRowContent>[] = [
      { id: 8 },
      { at: canonicalTime(new Date('2026-11-21T09:00:00.124Z')) },
      { actorId: null },
      { actorEmail: 'ops@sandbox.local' },
      { actorRole: 'ops' },
      { clientIp: null },
      { requestId: 'req-2' },
      { action: 'payment.complete' },
      { target: null },
      { outcome: 'ok' },
      { upstreamStatus: null },
      { upstreamCode: 'other' },
      { details: {} },
      { prevHash: 'f'.repeat(64) },
    ];
    const hashes = new Set(variants.map((variant) => hashAuditRow({ ...row, ...variant })));
    expect(hashes.size).toBe(variants.length);
    expect(hashes.has(hashAuditRow(row))).toBe(false);
  });

  it('tells null from an empty string', () => {
    expect(hashAuditRow({ ...row, target: '' })).not.toBe(hashAuditRow({ ...row, target: null }));
  });
});
