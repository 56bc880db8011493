import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import { csvCell } from '../../../bff/src/csv.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { openTestStore, storeKinds } from '../../support/test-store.ts';
import { auditLogOn, entry, resetAuditLog, tamper } from './audit-fixtures.ts';
import { parseCsv } from './csv-reader.ts';

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('a CSV cell', () => {
  it('is quoted when it holds a comma, a quote or a line break', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(502)).toBe('502');
  });

  it('cannot start a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe.each(storeKinds)('exporting the audit log as CSV (%s)', (kind) => {
  let store: Store;
  let audit: AuditLog;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  beforeEach(async () => {
    await resetAuditLog(store);
    audit = auditLogOn(store).audit;
  });
  afterAll(() => store.close());

  it('writes a header and one record per event, newest first, that a CSV reader reads back', async () => {
    await audit.append(entry({ target: 'payment:pay_1', details: { note: 'a, "quoted"\nnote' } }));
    await audit.append(entry({ actor: null, clientIp: null, action: 'access.denied', target: '=cmd|"/c calc"!A1', outcome: 'denied', upstream: { status: null, code: 'timeout' } }));
    const text = (await collect(audit.exportCsv({}))).join('');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['id', 'at', 'actor_email', 'actor_role', 'actor_id', 'client_ip', 'request_id', 'action', 'target', 'outcome', 'upstream_status', 'upstream_code', 'details'],
      ['2', '2026-11-21T09:00:00.000Z', '', '', '', '', 'req-1', 'access.denied', `'=cmd|"/c calc"!A1`, 'denied', '', 'timeout', '{}'],
      ['1', '2026-11-21T09:00:00.000Z', 'admin@sandbox.local', 'admin', entry().actor?.id, '203.0.113.7', 'req-1', 'payment.cancel', 'payment:pay_1', 'ok', '', '', '{"note":"a, \\"quoted\\"\\nnote"}'],
    ]);
  });

  it('exports only the filtered rows', async () => {
    await audit.append(entry({ outcome: 'ok' }));
    await audit.append(entry({ outcome: 'denied' }));
    const records = parseCsv((await collect(audit.exportCsv({ outcome: 'denied' }))).join(''));
    expect(records.slice(1).map((record) => record[0])).toEqual(['2']);
  });

  it('streams 5,000 rows a page at a time', async () => {
    await tamper(
      store,
      `INSERT INTO audit_events (id, at, action, target, outcome, prev_hash, hash)
         SELECT n, now(), 'payment.cancel', 'payment:pay_' || n, 'ok', '', '' FROM generate_series(1, 5000) AS n`,
    );
    const chunks = await collect(audit.exportCsv({}));
    expect(chunks.length).toBeGreaterThan(5);
    const records = parseCsv(chunks.join(''));
    expect(records).toHaveLength(5001);
    expect(records[1]?.[0]).toBe('5000');
    expect(new Set(records.slice(1).map((record) => record[0])).size).toBe(5000);
  });
});
