import { Keypair, Memo } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStroops } from '../../emulator/src/amount.ts';
import { horizonServer, pay, payAppWallet, payFromAppWallet } from '../support/chain-transactions.ts';
import { control, createUsers, ledgerTransactions, nativeBalance, stroops } from '../support/emulator-control.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { ControlUser, Harness } from '../support/emulator-control.ts';

interface Page<R> {
  _links: { self: { href: string }; next: { href: string }; prev: { href: string } };
  _embedded: { records: R[] };
}

interface TransactionRecord {
  id: string;
  paging_token: string;
  hash: string;
  ledger: number;
  successful: boolean;
  source_account: string;
  fee_charged: string;
  memo_type: string;
  memo?: string;
}

interface PaymentRecord {
  id: string;
  paging_token: string;
  transaction_hash: string;
  transaction_successful: boolean;
  from: string;
  to: string;
  amount: string;
  transaction?: TransactionRecord;
}

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** A Horizon GET: its status, content type and JSON body. */
async function horizon<T>(url: string): Promise<{ status: number; type: string | null; body: T }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as T };
}

async function page<R>(url: string): Promise<Page<R>> {
  const { status, body } = await horizon<Page<R>>(url);
  if (status !== 200) throw new Error(`GET ${url} → ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Every record of a collection, following `_links.next` from `url` until a page comes back empty. */
async function walk<R>(url: string): Promise<{ records: R[]; pages: number[] }> {
  const records: R[] = [];
  const pages: number[] = [];
  for (let next = url; ; ) {
    const { _links, _embedded } = await page<R>(next);
    pages.push(_embedded.records.length);
    if (_embedded.records.length === 0) return { records, pages };
    records.push(..._embedded.records);
    next = _links.next.href;
  }
}


describe('an account’s transactions and payments, as Horizon lists them', () => {
  let h: Harness;
  let app: string;
  const history = (account: string, kind: 'transactions' | 'payments', query = '') => `${h.emulator.horizonUrl}/accounts/${account}/${kind}${query}`;

  beforeAll(async () => {
    h = await startHarness();
    app = h.emulator.appWallet.address;
  });
  afterAll(() => h.close());

  it('takes transactions the console did not make: an out-of-band payment from the app wallet, and one from a user to it', async () => {
    const user = await h.createUser();
    const appBefore = stroops(await nativeBalance(h.emulator, app));

    const outgoing = await payFromAppWallet(h.emulator, { to: user.wallet_address, amount: '2.5', memo: 'refund #42' });
    expect(outgoing).toMatchObject({ status: 200, body: { hash: outgoing.hash, successful: true } });
    const incoming = await payAppWallet(h.emulator, user, { amount: '1', memo: 'top-up' });
    expect(incoming).toMatchObject({ status: 200, body: { hash: incoming.hash, successful: true } });

    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('101.4900000');
    expect(stroops(await nativeBalance(h.emulator, app))).toBe(appBefore - 25_000_000n - 100_000n + 10_000_000n);
    const applied = await ledgerTransactions(h.emulator);
    expect(applied.find((tx) => tx.hash === outgoing.hash)).toMatchObject({ source: app, destination: user.wallet_address, memo: 'refund #42' });
    expect(applied.find((tx) => tx.hash === incoming.hash)).toMatchObject({ source: user.wallet_address, destination: app, memo: 'top-up' });
  });

  it('lists the transactions an account sent and received, oldest first, in Horizon’s shape', async () => {
    const [user, other] = [await h.createUser(), await h.createUser()];
    const received = await payFromAppWallet(h.emulator, { to: user.wallet_address, amount: '3', memo: 'reward 7' });
    const sent = await payAppWallet(h.emulator, user, { amount: '0.5', memo: Memo.id('9007199254740993') });
    const plain = await pay(h.emulator, { from: user.wallet_seed, to: other.wallet_address, amount: '0.0000001' });

    const { _embedded, _links } = await page<Record<string, unknown>>(history(user.wallet_address, 'transactions'));
    expect(_embedded.records.map((record) => record.hash)).toEqual([received.hash, sent.hash, plain.hash]);
    const [first, second, third] = _embedded.records;
    expect(first).toMatchObject({
      id: received.hash,
      hash: received.hash,
      paging_token: expect.stringMatching(/^\d+$/),
      ledger: received.body.ledger,
      created_at: expect.stringMatching(TIME),
      source_account: app,
      fee_account: app,
      fee_charged: '100000',
      max_fee: '100000',
      operation_count: 1,
      successful: true,
      memo_type: 'text',
      memo: 'reward 7',
      envelope_xdr: expect.any(String),
      result_xdr: expect.any(String),
      _links: { self: { href: `${h.emulator.horizonUrl}/transactions/${received.hash}` }, account: { href: `${h.emulator.horizonUrl}/accounts/${app}` } },
    });
    expect(second).toMatchObject({ source_account: user.wallet_address, memo_type: 'id', memo: '9007199254740993' });
    expect(third).toMatchObject({ memo_type: 'none' });
    expect(third).not.toHaveProperty('memo');
    // The same record as the transaction's own route answers, paging token included.
    expect(await (await fetch(`${h.emulator.horizonUrl}/transactions/${received.hash}`)).json()).toEqual(first);
    expect(_links.self.href).toBe(`${history(user.wallet_address, 'transactions')}?cursor=&limit=10&order=asc`);

    // The other side sees the same transaction among its own.
    const theirs = await page<TransactionRecord>(history(other.wallet_address, 'transactions'));
    expect(theirs._embedded.records.map((record) => record.hash)).toEqual([plain.hash]);
  });

  it('lists payments with from, to and amount but no memo; join=transactions embeds each one’s transaction, memo and all', async () => {
    const user = await h.createUser();
    const received = await payFromAppWallet(h.emulator, { to: user.wallet_address, amount: '1.25', memo: 'payout 1' });
    const sent = await payAppWallet(h.emulator, user, { amount: '0.75', memo: 'order 2' });

    const plain = await page<Record<string, unknown>>(history(user.wallet_address, 'payments'));
    expect(plain._embedded.records).toEqual([
      {
        _links: {
          self: { href: expect.stringMatching(/\/operations\/\d+$/) },
          transaction: { href: `${h.emulator.horizonUrl}/transactions/${received.hash}` },
          effects: { href: expect.stringMatching(/\/operations\/\d+\/effects$/) },
          succeeds: { href: expect.stringContaining('/effects?order=desc&cursor=') },
          precedes: { href: expect.stringContaining('/effects?order=asc&cursor=') },
        },
        id: expect.stringMatching(/^\d+$/),
        paging_token: expect.stringMatching(/^\d+$/),
        transaction_successful: true,
        source_account: app,
        type: 'payment',
        type_i: 1,
        created_at: expect.stringMatching(TIME),
        transaction_hash: received.hash,
        asset_type: 'native',
        from: app,
        to: user.wallet_address,
        amount: '1.2500000',
      },
      expect.objectContaining({ transaction_hash: sent.hash, from: user.wallet_address, to: app, amount: '0.7500000' }),
    ]);
    const [payment] = plain._embedded.records;
    expect(payment?.id).toBe(payment?.paging_token);

    const joined = await page<PaymentRecord>(history(user.wallet_address, 'payments', '?join=transactions'));
    expect(joined._embedded.records.map((record) => [record.transaction?.hash, record.transaction?.memo])).toEqual([
      [received.hash, 'payout 1'],
      [sent.hash, 'order 2'],
    ]);
    // stellar-sdk reads the same pages.
    const viaSdk = await horizonServer(h.emulator).payments().forAccount(user.wallet_address).join('transactions').call();
    expect(viaSdk.records.map((record) => record.transaction_hash)).toEqual([received.hash, sent.hash]);
  });

  it('leaves failed transactions and their payments out unless include_failed=true; their fee is still charged', async () => {
    const user = await h.createUser();
    const failed = await payAppWallet(h.emulator, user, { amount: '500', memo: 'too much' });
    expect(failed.body.extras.result_codes).toEqual({ transaction: 'tx_failed', operations: ['op_underfunded'] });
    const landed = await payAppWallet(h.emulator, user, { amount: '1', memo: 'fine' });

    const hashes = async (kind: 'transactions' | 'payments', query: string) =>
      (await page<TransactionRecord & PaymentRecord>(history(user.wallet_address, kind, query)))._embedded.records.map((record) => record.hash ?? record.transaction_hash);
    expect(await hashes('transactions', '')).toEqual([landed.hash]);
    expect(await hashes('transactions', '?include_failed=false')).toEqual([landed.hash]);
    expect(await hashes('transactions', '?include_failed=true')).toEqual([failed.hash, landed.hash]);
    expect(await hashes('payments', '')).toEqual([landed.hash]);
    expect(await hashes('payments', '?include_failed=true')).toEqual([failed.hash, landed.hash]);

    const [failedTx] = (await page<TransactionRecord>(history(user.wallet_address, 'transactions', '?include_failed=true')))._embedded.records;
    expect(failedTx).toMatchObject({ successful: false, fee_charged: '100000', memo: 'too much' });
    const [failedPayment] = (await page<PaymentRecord>(history(user.wallet_address, 'payments', '?include_failed=true')))._embedded.records;
    expect(failedPayment).toMatchObject({ transaction_successful: false, amount: '500.0000000' });
    // The app wallet, its destination, lists it too when asked.
    expect((await page<TransactionRecord>(history(app, 'transactions', '?include_failed=true&order=desc&limit=2')))._embedded.records.map((r) => r.hash)).toEqual([
      landed.hash,
      failed.hash,
    ]);
    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('98.9800000');
  });

  it('pages from a cursor either way: after it ascending, before it descending; `now` is the end of the latest ledger', async () => {
    const user = await h.createUser();
    const hashes: string[] = [];
    for (let i = 0; i < 5; i += 1) hashes.push((await payAppWallet(h.emulator, user, { amount: '0.1', memo: `n${i}` })).hash);
    const all = (await page<TransactionRecord>(history(user.wallet_address, 'transactions')))._embedded.records;
    const tokens = all.map((record) => BigInt(record.paging_token));
    expect(tokens).toEqual([...tokens].sort((a, b) => (a < b ? -1 : 1)));
    const middle = all[2]?.paging_token;

    const after = await page<TransactionRecord>(history(user.wallet_address, 'transactions', `?cursor=${middle}`));
    expect(after._embedded.records.map((r) => r.hash)).toEqual(hashes.slice(3));
    const before = await page<TransactionRecord>(history(user.wallet_address, 'transactions', `?cursor=${middle}&order=desc`));
    expect(before._embedded.records.map((r) => r.hash)).toEqual(hashes.slice(0, 2).reverse());
    expect(before._links.prev.href).toBe(`${history(user.wallet_address, 'transactions')}?cursor=${all[1]?.paging_token}&limit=10&order=asc`);

    const newestFirst = await page<TransactionRecord>(history(user.wallet_address, 'transactions', '?cursor=now&order=desc&limit=2'));
    expect(newestFirst._embedded.records.map((r) => r.hash)).toEqual(hashes.slice(3).reverse());
    // Ascending from `now`: nothing yet; its next link finds what lands later, as a poller would.
    const fromNow = await page<TransactionRecord>(history(user.wallet_address, 'transactions', '?cursor=now'));
    expect(fromNow._embedded.records).toEqual([]);
    expect(fromNow._links.next.href).toMatch(/cursor=\d+&/);
    const later = await payAppWallet(h.emulator, user, { amount: '0.1', memo: 'later' });
    expect((await page<TransactionRecord>(fromNow._links.next.href))._embedded.records.map((r) => r.hash)).toEqual([later.hash]);
  });

  it('answers a problem document, never a 500, for a parameter it cannot take', async () => {
    const user = await h.createUser();
    const cases: Array<[string, string, string]> = [
      ['?limit=0', 'limit', 'invalid limit: non-positive value provided'],
      ['?limit=-3', 'limit', 'invalid limit: non-positive value provided'],
      ['?limit=201', 'limit', 'invalid limit: value provided that is over limit max of 200'],
      ['?limit=1e2', 'limit', 'unparseable value'],
      ['?limit=99999999999999999999999', 'limit', 'unparseable value'],
      ['?order=sideways', 'order', 'must be asc or desc'],
      ['?cursor=abc', 'cursor', 'invalid value'],
      ['?cursor=-1', 'cursor', 'the cursor -1 is a negative number: '],
      ['?cursor=9223372036854775808', 'cursor', 'invalid value'],
      ["?cursor=1'%20OR%201=1", 'cursor', 'invalid value'],
      ['?cursor=%00', 'cursor', 'invalid value'],
      ['?include_failed=maybe', 'include_failed', 'Filter should be true or false'],
    ];
    for (const kind of ['transactions', 'payments'] as const) {
      for (const [query, field, reason] of cases) {
        const { status, type, body } = await horizon<Record<string, unknown>>(history(user.wallet_address, kind, query));
        expect({ query, status, type, body }).toEqual({
          query,
          status: 400,
          type: 'application/problem+json; charset=utf-8',
          body: { type: 'https://stellar.org/horizon-errors/bad_request', title: 'Bad Request', status: 400, detail: expect.any(String), extras: { invalid_field: field, reason } },
        });
      }
    }
    const join = await horizon<{ extras: unknown }>(history(user.wallet_address, 'payments', '?join=operations'));
    expect(join).toMatchObject({ status: 400, body: { extras: { invalid_field: 'join', reason: 'Accepted values: transactions' } } });
    // A blank parameter counts as absent; limits 1 and 200 are fine.
    for (const query of ['?limit=&order=&cursor=&include_failed=', '?limit=1', '?limit=200', '?include_failed=1']) {
      expect((await horizon(history(user.wallet_address, 'transactions', query))).status).toBe(200);
    }
    const ledgers = await horizon<{ extras: unknown }>(`${h.emulator.horizonUrl}/ledgers?limit=500`);
    expect(ledgers).toMatchObject({ status: 400, type: 'application/problem+json; charset=utf-8', body: { extras: { invalid_field: 'limit' } } });
  });

  it('answers 404 for an account the chain does not hold, 400 for what is no account id, 410 for a page before its history', async () => {
    for (const kind of ['transactions', 'payments'] as const) {
      const unknown = await horizon(history(Keypair.random().publicKey(), kind));
      expect(unknown).toMatchObject({ status: 404, type: 'application/problem+json; charset=utf-8', body: { type: 'https://stellar.org/horizon-errors/not_found' } });
      const malformed = await horizon(history('GNOTANACCOUNT', kind));
      expect(malformed).toMatchObject({ status: 400, body: { extras: { invalid_field: 'account_id' } } });
      const gone = await horizon(history(app, kind, '?order=desc&cursor=1'));
      expect(gone).toMatchObject({ status: 410, body: { type: 'https://stellar.org/horizon-errors/before_history' } });
      expect((await horizon(history(app, kind, '?order=asc&cursor=1'))).status).toBe(200);
    }
    // The account itself: the same 400 for what is no account id.
    expect(await horizon(`${h.emulator.horizonUrl}/accounts/GNOTANACCOUNT`)).toMatchObject({ status: 400, body: { extras: { invalid_field: 'account_id' } } });
    // An account without any transaction yet has an empty history.
    const fresh = await h.createUser();
    expect((await page(history(fresh.wallet_address, 'transactions')))._embedded.records).toEqual([]);
  });
});

describe('the minimum balance, as stellar-core keeps it', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const accountOf = async (id: string) => (await horizon<{ subentry_count: number; sequence: string; balances: Array<{ balance: string }> }>(`${h.emulator.horizonUrl}/accounts/${id}`)).body;
  const latestLedger = async () => (await page<{ sequence: number; base_reserve_in_stroops: number }>(`${h.emulator.horizonUrl}/ledgers?order=desc&limit=1`))._embedded.records[0];
  const payApp = (user: ControlUser, amount: string) => payAppWallet(h.emulator, user, { amount, memo: 'reserve' });

  /** Pays one stroop more than the account may spend (op_underfunded, fee and sequence spent), then exactly that (success, leaving the minimum). */
  async function boundary(user: ControlUser, minimum: bigint): Promise<void> {
    const fee = 100_000n;
    const before = stroops(await nativeBalance(h.emulator, user.wallet_address));
    const sequence = BigInt((await accountOf(user.wallet_address)).sequence);
    const allowed = (balance: bigint) => balance - fee - minimum;

    const over = await payApp(user, formatStroops(allowed(before) + 1n));
    expect(over).toMatchObject({ status: 400, body: { extras: { result_codes: { transaction: 'tx_failed', operations: ['op_underfunded'] } } } });
    expect(stroops(await nativeBalance(h.emulator, user.wallet_address))).toBe(before - fee);
    expect(BigInt((await accountOf(user.wallet_address)).sequence)).toBe(sequence + 1n);

    const exact = await payApp(user, formatStroops(allowed(before - fee)));
    expect(exact).toMatchObject({ status: 200, body: { successful: true } });
    expect(stroops(await nativeBalance(h.emulator, user.wallet_address))).toBe(minimum);
    // At its minimum the account cannot even bid a fee: refused before any ledger, nothing spent.
    const broke = await payApp(user, '0.0000001');
    expect(broke).toMatchObject({ status: 400, body: { extras: { result_codes: { transaction: 'tx_insufficient_balance' } } } });
    expect(stroops(await nativeBalance(h.emulator, user.wallet_address))).toBe(minimum);
  }

  it('reports subentry_count 0 for a plain account and the base reserve (0.5) on the latest ledger', async () => {
    expect(await accountOf(h.emulator.appWallet.address)).toMatchObject({ subentry_count: 0 });
    expect(await latestLedger()).toMatchObject({ base_reserve_in_stroops: 5_000_000 });
  });

  it('keeps (2 + 0) × 0.5 = 1: a payment one stroop over what the account may spend fails with op_underfunded, exactly that amount succeeds', async () => {
    await boundary(await h.createUser(), 10_000_000n);
  });

  it('raises the minimum by a base reserve for each subentry', async () => {
    const user = await h.createUser();
    expect(await control(h.emulator, 'PUT', `/ledger/accounts/${user.wallet_address}`, { subentry_count: 3 })).toEqual({ id: user.wallet_address, subentry_count: 3 });
    expect(await accountOf(user.wallet_address)).toMatchObject({ subentry_count: 3 });
    await boundary(user, 25_000_000n);
  });

  it('follows a configured base reserve, which the ledgers closed under it report', async () => {
    await control(h.emulator, 'PUT', '/config', { base_reserve: 20_000_000 });
    try {
      const user = await h.createUser();
      await boundary(user, 40_000_000n);
      expect(await latestLedger()).toMatchObject({ base_reserve_in_stroops: 20_000_000 });
    } finally {
      await control(h.emulator, 'PUT', '/config', { base_reserve: 5_000_000 });
    }
  });

  it('lets an account pay itself any amount, as core does: nothing moves but the fee', async () => {
    const user = await h.createUser();
    const self = await pay(h.emulator, { from: user.wallet_seed, to: user.wallet_address, amount: '1000' });
    expect(self).toMatchObject({ status: 200, body: { successful: true } });
    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('99.9900000');
  });
});

describe('paging through more than 200 records', () => {
  // No ledger closes by itself: the test closes them, several transactions in each.
  const NO_CLOCK = 600_000;
  const USERS = 205;
  let h: Harness;
  let app: string;
  let paid: string[];

  beforeAll(async () => {
    h = await startHarness({ chain: { ledgerCloseMs: NO_CLOCK, horizonSubmitTimeoutMs: 60_000 } });
    app = h.emulator.appWallet.address;
    const users = await createUsers(h.emulator, USERS);
    const answers = [];
    // Three ledgers of about 70 transactions each, every user paying the app wallet once.
    for (let start = 0; start < USERS; start += 70) {
      const batch = users.slice(start, start + 70).map((user, i) => payAppWallet(h.emulator, user, { amount: '0.0000001', memo: `batch ${start + i}` }));
      await queueHolds(batch.length);
      await h.ok('POST', '/__control/ledger/close');
      answers.push(...(await Promise.all(batch)));
    }
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    paid = answers.map((answer) => answer.hash);
  });
  afterAll(() => h.close());

  /** Waits (a deadline for a busy machine) until the batch's transactions all wait in the queue. */
  async function queueHolds(count: number): Promise<void> {
    for (const deadline = Date.now() + 30_000; (await h.ok<{ queued: string[] }>('GET', '/__control/ledger/queue')).queued.length < count; ) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} transactions queued after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('walks all of them by _links.next, both ways, with stable, ordered paging tokens', async () => {
    const ascending = await walk<TransactionRecord>(`${h.emulator.horizonUrl}/accounts/${app}/transactions?limit=200`);
    expect(ascending.pages).toEqual([200, 5, 0]);
    expect(new Set(ascending.records.map((r) => r.hash))).toEqual(new Set(paid));
    const tokens = ascending.records.map((r) => BigInt(r.paging_token));
    expect(tokens.every((token, i) => i === 0 || token > (tokens[i - 1] as bigint))).toBe(true);
    // Several transactions share each ledger; their tokens still differ.
    expect(new Set(ascending.records.map((r) => r.ledger)).size).toBe(3);

    const descending = await walk<TransactionRecord>(`${h.emulator.horizonUrl}/accounts/${app}/transactions?limit=200&order=desc`);
    expect(descending.pages).toEqual([200, 5, 0]);
    expect(descending.records).toEqual([...ascending.records].reverse());

    // Back from the second page by its prev link: the first page again, newest first.
    const first = await page<TransactionRecord>(`${h.emulator.horizonUrl}/accounts/${app}/transactions?limit=200`);
    const second = await page<TransactionRecord>(first._links.next.href);
    const back = await page<TransactionRecord>(second._links.prev.href);
    expect(back._embedded.records).toEqual([...first._embedded.records].reverse());
  });

  it('walks the payments too, and stellar-sdk follows the same links', async () => {
    const payments = await walk<PaymentRecord>(`${h.emulator.horizonUrl}/accounts/${app}/payments?limit=150&join=transactions`);
    expect(payments.pages).toEqual([150, 55, 0]);
    expect(payments.records.map((r) => r.transaction_hash)).toEqual(payments.records.map((r) => r.transaction?.hash));
    expect(new Set(payments.records.map((r) => r.transaction_hash))).toEqual(new Set(paid));
    expect(payments.records.every((r) => r.to === app && r.amount === '0.0000001')).toBe(true);

    const first = await horizonServer(h.emulator).transactions().forAccount(app).limit(200).call();
    const second = await first.next();
    expect(first.records.length + second.records.length).toBe(USERS);
    expect(second.records.map((r) => r.hash)).toEqual(
      (await walk<TransactionRecord>(`${h.emulator.horizonUrl}/accounts/${app}/transactions?limit=200`)).records.slice(200).map((r) => r.hash),
    );
  });
});
