import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { IncompleteItem } from '../../dashboard/src/features/incomplete/api/get-incomplete.ts';
import { json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { cancelItem, REFUSED, staleItem, TO_CANCEL, TO_COMPLETE } from './support/incomplete.ts';
import { ndjsonStream } from './support/ndjson-stream.ts';
import { payment } from './support/payments.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const LIST = 'GET /api/incomplete';
const CLEAR = 'POST /api/incomplete/clear';

const listRequests = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'GET' && request.url.pathname === '/api/incomplete');
const clearRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/incomplete/clear');

async function incompletePage({ role = 'ops', items = [staleItem(), cancelItem()], routes = {} }: { role?: Role; items?: IncompleteItem[]; routes?: Record<string, FakeRoute> } = {}) {
  const api = stubApi({ signedInAs: role, routes: { [LIST]: () => json({ items }), ...routes } });
  const user = userEvent.setup();
  const view = renderApp('/incomplete');
  const table = await screen.findByRole('table', { name: 'Incomplete payments' });
  await within(table).findByRole('link', { name: TO_COMPLETE });
  return { api, user, table, ...view };
}

function rowOf(table: HTMLElement, id: string): HTMLElement {
  const row = within(table).getByRole('link', { name: id }).closest('tr');
  if (!row) throw new Error(`no row for ${id}`);
  return row;
}

describe('Incomplete payments', () => {
  it('shows each payment with its fix in words, what the console knows, and says when the platform listed a stale copy', async () => {
    const { table, user } = await incompletePage({ role: 'support' });
    const headers = () => within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers()).toEqual(['Payment', 'Fix', 'User', 'Amount', 'Created', 'Actions']);
    // Memo, flags, transaction and what the console knows are a choice away.
    await user.click(screen.getByRole('button', { name: 'Columns (4 hidden)' }));
    const columns = within(screen.getByRole('group', { name: 'Visible columns' }));
    for (const name of ['Memo', 'Flags', 'Transaction', 'The console knows']) await user.click(columns.getByRole('checkbox', { name }));

    const stale = rowOf(table, TO_COMPLETE);
    expect(within(stale).getByRole('link', { name: TO_COMPLETE }).getAttribute('href')).toBe(`/payments/${TO_COMPLETE}`);
    expect(stale.textContent).toContain('1.5 Plat Testnet');
    expect(stale.textContent).toContain('Reward 01');
    expect(stale.textContent).toContain('Complete');
    expect(stale.textContent).toContain('A verified blockchain transaction is recorded: complete the payment with its own txid.');
    expect(stale.textContent).toContain(
      "The platform's list is stale: it lists no transaction, but transaction aaaaaaaa…bbbbbb is recorded; it lists Transaction verified as no, but it is yes.",
    );
    // What is shown is the fresh read: its transaction, and its flags.
    within(stale).getByRole('link', { name: 'aaaaaaaa…bbbbbb' });
    within(within(stale).getByRole('list', { name: 'Status flags' })).getByTitle('Transaction verified: yes');
    expect(stale.textContent).toContain('through the incomplete payments list');
    expect(stale.textContent).toContain('2 staff actions');
    expect(within(stale).getByText(/^(\d+ days? ago|\w{3} \d{1,2}, \d{4})$/).tagName).toBe('TIME');

    const cancel = rowOf(table, TO_CANCEL);
    expect(cancel.textContent).toContain('Cancel');
    expect(cancel.textContent).toContain("No blockchain transaction was ever recorded: cancel it so it stops blocking the app's next payment.");
    expect(cancel.textContent).not.toContain('stale');
    expect(cancel.textContent).toContain('No staff actions');
  });

  it('opens a payment from its row with Enter, and offers to open it or its user from the row menu', async () => {
    const { user, table, router } = await incompletePage({ role: 'support' });
    await user.click(within(rowOf(table, TO_COMPLETE)).getByRole('button', { name: `Actions for payment ${TO_COMPLETE}` }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Open payment', 'Open user']);
    await user.keyboard('{Escape}');
    rowOf(table, TO_COMPLETE).focus();
    await user.keyboard('{Enter}');
    await expect.poll(() => router.state.location.pathname).toBe(`/payments/${TO_COMPLETE}`);
  });

  it('shows support the table and the plans, without checkboxes or clear buttons', async () => {
    const { table } = await incompletePage({ role: 'support' });
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Clear selected' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
    expect(table.textContent).toContain('Complete');
  });

  it('offers ops checkboxes and the clear buttons; "Clear selected" waits for a selection', async () => {
    const { user, table } = await incompletePage();
    expect(screen.getByRole('button', { name: 'Clear selected' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Clear all' })).toHaveProperty('disabled', false);

    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows' }));
    expect(within(table).getByRole('checkbox', { name: `Select payment ${TO_CANCEL}` })).toHaveProperty('checked', true);
    screen.getByText('2 selected.');
    await user.click(within(table).getByRole('checkbox', { name: `Select payment ${TO_CANCEL}` }));
    screen.getByText('1 selected.');
    expect(screen.getByRole('button', { name: 'Clear selected' })).toHaveProperty('disabled', false);
  });

  it('dry-runs the selected payments first and lists what would happen to each, changing nothing until confirmed', async () => {
    const { api, user, table } = await incompletePage({ routes: { [CLEAR]: () => json({ dryRun: true, items: [staleItem(), cancelItem()] }) } });
    await user.click(within(table).getByRole('checkbox', { name: `Select payment ${TO_COMPLETE}` }));
    await user.click(within(table).getByRole('checkbox', { name: `Select payment ${TO_CANCEL}` }));
    await user.click(screen.getByRole('button', { name: 'Clear selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Clear incomplete payments?' });
    const planned = await within(dialog).findByRole('list', { name: 'What would happen' });
    const [first, second] = within(planned).getAllByRole('listitem');
    expect(first?.textContent).toContain(TO_COMPLETE);
    expect(first?.textContent).toContain('Complete');
    expect(first?.textContent).toContain('complete the payment with its own txid');
    expect(second?.textContent).toContain(TO_CANCEL);
    expect(second?.textContent).toContain('Cancel');
    expect(second?.textContent).toContain('cancel it so it stops blocking');
    expect(dialog.textContent).toContain('1 to complete, 1 to cancel, 0 to leave as they are.');
    expect(dialog.textContent).toContain('Completing records the existing transaction; cancelling stops the payment, no money moves.');
    expect(clearRequests(api.requests).map((request) => request.body)).toEqual([{ dryRun: true, ids: [TO_COMPLETE, TO_CANCEL] }]);
    expect(clearRequests(api.requests)[0]?.headers.get('X-Plat-Console')).toBe('1');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(clearRequests(api.requests)).toHaveLength(1);
  });

  it('does not offer to confirm when nothing in the plan can be acted on', async () => {
    const stuck: IncompleteItem = { ...cancelItem(), plan: { action: 'none', reason: 'A blockchain transaction is recorded but not verified.' } };
    const { user } = await incompletePage({ routes: { [CLEAR]: () => json({ dryRun: true, items: [stuck] }) } });
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear incomplete payments?' });
    await within(dialog).findByText('0 to complete, 0 to cancel, 1 to leave as they are.');
    expect(within(dialog).getByRole('button', { name: 'Clear payments' })).toHaveProperty('disabled', true);
  });

  it('clears all with a progress bar and a result per payment, explains a refusal in plain words, and reads the list again', async () => {
    const stream = ndjsonStream();
    const refused = cancelItem(REFUSED);
    const { api, user, table } = await incompletePage({
      items: [staleItem(), cancelItem(), refused],
      routes: {
        [CLEAR]: ({ body }) => (body && typeof body === 'object' && 'dryRun' in body && body.dryRun === true ? json({ dryRun: true, items: [staleItem(), cancelItem(), refused] }) : stream.response()),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear incomplete payments?' });
    await within(dialog).findByRole('list', { name: 'What would happen' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear payments' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    // The server neither clears nor pays unless told: the page says both, as its dry run showed them.
    expect(clearRequests(api.requests).map((request) => request.body)).toEqual([{ dryRun: true }, { dryRun: false, unpaid: 'submit_and_complete' }]);
    expect(clearRequests(api.requests).map((request) => request.headers.get('content-type'))).toEqual(['application/json', 'application/json']);
    const listsBefore = listRequests(api.requests).length;

    stream.send({ type: 'start', total: 3 });
    stream.send({ type: 'result', id: TO_COMPLETE, result: 'completed', payment: { ...payment({ identifier: TO_COMPLETE }), state: 'completed' } });
    const bar = await screen.findByRole('progressbar', { name: 'Clearing progress' });
    await screen.findByText('1 of 3 (33%)');
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByRole('button', { name: 'Clear all' })).toHaveProperty('disabled', true);

    stream.send({ type: 'result', id: REFUSED, result: 'refused', code: 'payment_tx_present', message: 'cannot cancel: a blockchain transaction has been recorded' });
    stream.send({ type: 'result', id: TO_CANCEL, result: 'cancelled', payment: { ...payment({ identifier: TO_CANCEL }), state: 'cancelled' } });
    stream.send({ type: 'note', note: 'The platform still lists a payment that was already handled; stopped instead of acting on it twice.' });
    stream.send({ type: 'done', counts: { completed: 1, refused: 1, cancelled: 1 } });
    stream.close();

    expect((await screen.findByText('Done: 2 of 3 cleared.')).getAttribute('role')).toBe('status');
    screen.getByText('3 of 3 (100%)');
    expect(within(screen.getByRole('list', { name: 'Notes from the server' })).getByRole('listitem').textContent).toContain('stopped instead of acting on it twice');
    const counts = within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(counts).toEqual(['Completed: 1', 'Cancelled: 1', 'Skipped: 0', 'Awaiting approval: 0', 'Refused: 1', 'Failed: 0']);

    const results = screen.getByRole('table', { name: 'Clearing results' });
    const resultRow = (id: string) => within(results).getByRole('link', { name: id }).closest('tr');
    expect(resultRow(TO_COMPLETE)?.textContent).toContain('Completed with its own transaction');
    expect(resultRow(TO_CANCEL)?.textContent).toContain('Cancelled; no money moved');
    const refusal = resultRow(REFUSED)?.textContent ?? '';
    expect(refusal).toContain('Refused');
    expect(refusal).toContain('A blockchain transaction is recorded for this payment, so it cannot be cancelled; complete it instead.');
    expect(refusal).toContain('payment_tx_present');
    expect(refusal).toContain('The server said: cannot cancel: a blockchain transaction has been recorded');

    // The list is read again; the refused payment is still listed, and its row stays.
    await expect.poll(() => listRequests(api.requests).length).toBeGreaterThan(listsBefore);
    within(table).getByRole('link', { name: REFUSED });
    expect(screen.getByRole('button', { name: 'Clear all' })).toHaveProperty('disabled', false);
  });

  it('says in words which payment now waits for approval, and links its reward', async () => {
    const stream = ndjsonStream();
    const rewardId = '7d1e4c2a-9b3f-4e5d-8a6c-0f1e2d3c4b5a';
    const { user } = await incompletePage({
      routes: { [CLEAR]: ({ body }) => (body && typeof body === 'object' && 'dryRun' in body && body.dryRun === true ? json({ dryRun: true, items: [staleItem(), cancelItem()] }) : stream.response()) },
    });
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear incomplete payments?' });
    await within(dialog).findByRole('list', { name: 'What would happen' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear payments' }));

    const words = `It is above the approval threshold: its reward ${rewardId} waits for another manager or admin to approve it, and nothing is signed or sent until then.`;
    stream.send({ type: 'start', total: 1 });
    stream.send({ type: 'result', id: TO_CANCEL, result: 'awaiting_approval', rewardId, message: words });
    stream.send({ type: 'done', counts: { awaiting_approval: 1 } });
    stream.close();

    await screen.findByText('Done: 0 of 1 cleared.');
    expect(within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem').map((item) => item.textContent)).toContain('Awaiting approval: 1');
    const row = within(screen.getByRole('table', { name: 'Clearing results' })).getByRole('link', { name: TO_CANCEL }).closest('tr');
    expect(row?.textContent).toContain(words);
    expect(within(row ?? document.body).getByRole('link', { name: 'Open the reward' }).getAttribute('href')).toBe(`/rewards/${rewardId}`);
  });
});
