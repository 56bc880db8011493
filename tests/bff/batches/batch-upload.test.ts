import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_METADATA_DEPTH } from '../../../bff/src/rewards/reward-input.ts';
import { control, createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { sized } from '../../support/test-size.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Preview {
  batch: { id: string; state: string; rows: number; valid: number; invalid: number; users: number; total: string; flags: { duplicateRows: number; duplicateUsers: number; overCap: number; unseenUsers: number } };
  notes: Array<{ line: number; uid: string; problems: Array<{ column: string | null; message: string }>; warnings: Array<{ column: string | null; message: string }> }>;
}

/** The largest file a batch takes is 50,000 rows: `npm run test:long` uploads that many. */
const BIG_BATCH_ROWS = sized(5_000, 50_000);

/** Uploading a batch CSV: a preview with a reason per row, or a clear message for the file; never a 500, never an upstream call. */
describe.each(storeKinds)('batch upload and preview on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [manager, admin] = await Promise.all([t.signInAs('manager'), t.signInAs('admin')]);
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { perRewardCap: '100', dailyTotalPerStaff: null, approvalThreshold: null } });
  });
  afterAll(() => t.close());

  const upload = (csv: string | Uint8Array<ArrayBuffer>, cookie = manager, contentType = 'text/csv') =>
    t.app.request('/api/rewards/batches?name=winners.csv', { method: 'POST', headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie, 'content-type': contentType }, body: csv });
  const payments = async () => (await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total;

  it('previews valid and invalid rows with line and column, totals, users, duplicates and rows over the cap', async () => {
    const before = await payments();
    const csv = [
      '\uFEFFuid,amount,memo,metadata',
      'alice,1.5,"thanks, Alice","{""campaign"":""autumn""}"',
      'bob,"1,5",winner,',
      'carol,1e2,winner,',
      'dave,2,"two',
      'lines",',
      'alice,1.5,"thanks, Alice","{""campaign"":""autumn""}"',
      'alice,3,again,',
      'erin,100.5,too much,',
      'frank,1,memo,not json',
      'gina,1,memo',
      '',
      'hank,0.0000001,tiny,',
    ].join('\r\n');
    const response = await upload(csv);
    expect(response.status).toBe(201);
    const { batch, notes } = (await response.json()) as Preview;
    expect(batch).toMatchObject({ state: 'previewed', rows: 10, valid: 4, invalid: 6, users: 3, total: '6.5000001', flags: { duplicateRows: 1, duplicateUsers: 1, overCap: 1 } });
    const byLine = new Map(notes.map((note) => [note.line, note]));
    expect(byLine.get(3)?.problems).toEqual([{ column: 'amount', message: expect.stringMatching(/decimal string/) }]);
    expect(byLine.get(4)?.problems[0]?.column).toBe('amount');
    expect(byLine.get(5)?.problems).toEqual([]);
    expect(byLine.get(7)?.problems[0]?.message).toMatch(/same row as line 2/);
    expect(byLine.get(8)?.warnings[0]?.message).toMatch(/also on line 2/);
    expect(byLine.get(9)?.problems[0]).toEqual({ column: 'amount', message: 'is over the per-reward cap of 100' });
    expect(byLine.get(10)?.problems[0]?.column).toBe('metadata');
    expect(byLine.get(11)?.problems[0]?.message).toMatch(/has 3 cells; the header has 4/);
    expect(byLine.get(13)?.problems).toEqual([]);
    expect(await payments()).toBe(before);

    const results = await t.request('GET', `/api/rewards/batches/${batch.id}/results.csv`, { cookie: manager });
    const lines = (await results.text()).trim().split('\r\n');
    expect(lines[0]).toBe('line,uid,amount,memo,state,reward_id,payment_id,txid,error_code,error_message');
    expect(lines).toHaveLength(12); // 10 rows and the header; one memo holds a line break
    expect(lines[1]).toMatch(/^2,alice,1\.5,"thanks, Alice",not_started,/);
  });

  it('warns of users the console has never seen, louder when the uid does not look like one, and pays them all the same', async () => {
    const known = await createUser(t.emulator);
    const payment = await t.platform.createPayment({ amount: '1', memo: 'earlier', metadata: {}, uid: known.uid });
    expect((await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: manager })).status).toBe(200);
    await t.services.backgroundWrites.settled(); // the look-up indexes the payment just after it answers
    const stranger = '0b7f2c4e-9a1d-4e3b-8c5f-6d2a1b0c9e8f';
    const response = await upload(`uid,amount,memo\n${known.uid},1,hi\n${stranger},1,hi\nnot-a-uid,1,hi\nnot-a-uid,2,again\n`);
    const { batch, notes } = (await response.json()) as Preview;
    expect(batch).toMatchObject({ rows: 4, valid: 4, invalid: 0, flags: { unseenUsers: 2 } });
    expect(notes.map((note) => [note.line, note.uid, note.problems, note.warnings.map((warning) => warning.message)])).toEqual([
      [3, stranger, [], ['the console has never seen this user (no payment to or from them); check the uid']],
      [4, 'not-a-uid', [], ['does not look like a platform uid (those are UUIDs in practice) and the console has never seen it; check the uid']],
      [5, 'not-a-uid', [], ['this user is also on line 4; both rows are paid', 'does not look like a platform uid (those are UUIDs in practice) and the console has never seen it; check the uid']],
    ]);
  });

  it.each([
    ['no header', 'alice,1,memo\n', /first line must be the header/],
    ['wrong columns', 'user,amount,note\nalice,1,memo\n', /first line must be the header/],
    ['an empty file', '', /empty/],
    ['only a header', 'uid,amount,memo\n', /no rows/],
    ['an unclosed quote', 'uid,amount,memo\nalice,1,"open\n', /quoted cell is never closed/],
    ['a 10 MB cell', `uid,amount,memo\nalice,1,${'x'.repeat(10 * 1024 * 1024)}\n`, /larger than 16 KiB at line 2/],
    ['too many rows', `uid,amount,memo\n${'u,1,m\n'.repeat(50_001)}`, /at most 50,000 rows/],
  ])('refuses %s with a clear 400', async (_name, csv, message) => {
    const response = await upload(csv);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(message);
  });

  it('gives metadata nested too deep a row problem, and never a 500, however deep it is within a row', async () => {
    const cell = (json: string) => `"${json.replaceAll('"', '""')}"`;
    const metadataOf = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const csv = ['uid,amount,memo,metadata', `within,1,m,${cell(metadataOf(MAX_METADATA_DEPTH))}`, `past,1,m,${cell(metadataOf(MAX_METADATA_DEPTH + 1))}`, `far-past,1,m,${cell(metadataOf(8_000))}`].join('\n');
    const response = await upload(csv);
    expect(response.status).toBe(201);
    const { batch, notes } = (await response.json()) as Preview;
    expect(batch).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
    const tooDeep = [{ column: 'metadata', message: `must nest objects and arrays at most ${MAX_METADATA_DEPTH} levels deep` }];
    expect(notes.filter((note) => note.problems.length > 0).map((note) => [note.uid, note.problems])).toEqual([
      ['past', tooDeep],
      ['far-past', tooDeep],
    ]);
  });

  it('refuses a file that is not UTF-8, a body that is not CSV, and anything over 16 MiB (413)', async () => {
    const latin1 = await upload(new Uint8Array([...Buffer.from('uid,amount,memo\nj'), 0xe9, ...Buffer.from('r,1,m\n')]));
    expect((await errorOf(latin1)).message).toMatch(/not UTF-8/);
    expect((await upload('uid,amount,memo\na,1,m\n', manager, 'application/json')).status).toBe(400);
    expect((await upload(`uid,amount,memo\n${'a'.repeat(17 * 1024 * 1024)}`)).status).toBe(413);
  });

  it(`takes ${BIG_BATCH_ROWS} rows, and lets support see but not upload`, async () => {
    const csv = `uid,amount,memo\n${Array.from({ length: BIG_BATCH_ROWS }, (_, i) => `user-${i},1,thanks`).join('\n')}\n`;
    const response = await upload(csv);
    expect(response.status).toBe(201);
    expect(((await response.json()) as Preview).batch).toMatchObject({ rows: BIG_BATCH_ROWS, valid: BIG_BATCH_ROWS, users: BIG_BATCH_ROWS, total: String(BIG_BATCH_ROWS) });
    expect((await upload('uid,amount,memo\na,1,m\n', await t.signInAs('support'))).status).toBe(403);
  }, 60_000);
});
