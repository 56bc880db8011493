import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One payment operation of the synthetic history, as Horizon's `join=transactions` record writes it. */
export interface SyntheticPayment {
  paging_token: string;
  type: 'payment';
  transaction_hash: string;
  transaction_successful: boolean;
  created_at: string;
  asset_type: 'native';
  from: string;
  to: string;
  amount: string;
  transaction: { ledger: number; fee_charged: string; memo_type: string; memo?: string; source_account: string };
}

/**
 * A Horizon that serves one account's payments (`GET /accounts/{id}/payments`, ascending, by cursor
 * and limit) from memory, and its balance: the chain side of a reconciliation benchmark with a
 * history far longer than the emulator could be given in a benchmark's setup.
 */
export async function startSyntheticHorizon(account: string, records: readonly SyntheticPayment[], balance: string): Promise<{ url: string; close(): Promise<void> }> {
  const position = new Map(records.map((record, index) => [record.paging_token, index]));
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://horizon');
    response.setHeader('content-type', 'application/json');
    if (url.pathname === `/accounts/${account}/payments`) {
      const cursor = url.searchParams.get('cursor');
      const start = cursor === null ? 0 : (position.get(cursor) ?? -1) + 1;
      const limit = Number(url.searchParams.get('limit') ?? '10');
      response.end(JSON.stringify({ _embedded: { records: records.slice(start, start + limit) } }));
    } else if (url.pathname === `/accounts/${account}`) {
      response.end(JSON.stringify({ account_id: account, sequence: '1', subentry_count: 0, balances: [{ asset_type: 'native', balance }] }));
    } else {
      response.statusCode = 404;
      response.end(JSON.stringify({ title: 'Resource Missing', status: 404 }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
