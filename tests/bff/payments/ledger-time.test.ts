import { describe, expect, it } from 'vitest';
import { readLedgerTime } from '../../../bff/src/payments/ledger-time.ts';

const answering = (status: number, body: unknown): typeof fetch => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the ledger time of a transaction', () => {
  it('is read from the Horizon record the transaction link points to', async () => {
    expect(await readLedgerTime('https://horizon.example/transactions/abc', answering(200, { created_at: '2026-05-14T16:40:02Z', ledger: 77 }))).toEqual({
      status: 'read',
      at: '2026-05-14T16:40:02.000Z',
      ledger: 77,
    });
  });

  it('says why it is not known, without throwing: no link, not http(s), an error answer, no time in it, no answer', async () => {
    expect(await readLedgerTime(null)).toEqual({ status: 'no_transaction' });
    expect(await readLedgerTime('javascript:alert(1)')).toMatchObject({ status: 'unavailable', reason: 'The transaction link is not an http(s) link.' });
    expect(await readLedgerTime('https://h.example/t', answering(404, {}))).toMatchObject({ status: 'unavailable', reason: 'The ledger answered 404.' });
    expect(await readLedgerTime('https://h.example/t', answering(200, { hash: 'x' }))).toMatchObject({ status: 'unavailable', reason: 'The ledger answered without a transaction time.' });
    const unreachable: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await readLedgerTime('https://h.example/t', unreachable)).toMatchObject({ status: 'unavailable', reason: 'The ledger could not be reached.' });
  });
});
