import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { parseIdList } from '../../dashboard/src/lib/id-list.ts';
import { readNdjson } from '../../dashboard/src/lib/ndjson.ts';
import { apiError, stubApi, type FakeRoute } from './support/fake-api.ts';
import { ndjsonStream } from './support/ndjson-stream.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const ids = ['PaymentOneIdentifier00000001', 'PaymentTwoIdentifier00000002', 'PaymentThreeIdentifier000003'];

/** Pastes the three ids on the import page and sends them; `answer` is the server's. */
async function importAll(answer: FakeRoute) {
  stubApi({ routes: { 'POST /api/payments/import': answer } });
  const user = userEvent.setup();
  renderApp('/payments/import');
  await user.click(await screen.findByRole('textbox', { name: 'Payment ids' }));
  await user.paste(ids.join('\n'));
  await user.click(screen.getByRole('button', { name: 'Import' }));
}

describe('Reading NDJSON', () => {
  it('yields each line as it completes, across chunk boundaries, with or without a final newline', async () => {
    const stream = ndjsonStream();
    const lines = readNdjson(stream.body);
    stream.sendText('{"a":1}\n{"b"');
    expect(await lines.next()).toEqual({ done: false, value: { a: 1 } });
    stream.sendText(':2}\n\n{"c":3}');
    expect(await lines.next()).toEqual({ done: false, value: { b: 2 } });
    stream.close();
    expect(await lines.next()).toEqual({ done: false, value: { c: 3 } });
    expect((await lines.next()).done).toBe(true);
  });
});

describe('Id lists', () => {
  it('take ids one per line or separated by commas, unquoted, once each, and never split a line on its spaces', () => {
    expect(parseIdList(' a1\r\nb2, c3,,"d4"\n\na1\n')).toEqual(['a1', 'b2', 'c3', 'd4']);
    expect(parseIdList('ad one\nad two, ad three')).toEqual(['ad one', 'ad two', 'ad three']);
  });
});

describe('Import page', () => {
  it('sends the ids and drives the progress bar from the streamed answer, with a result per id and counts at the end', async () => {
    const stream = ndjsonStream();
    const api = stubApi({
      routes: { 'POST /api/payments/import': () => stream.response() },
    });
    const user = userEvent.setup();
    renderApp('/payments/import');
    await screen.findByRole('heading', { level: 1, name: 'Import payments' });

    const box = screen.getByRole('textbox', { name: 'Payment ids' });
    await user.click(box);
    await user.paste(`${ids[0]}\n${ids[1]}, ${ids[2]}\n${ids[0]}\n`);
    screen.getByText('3 ids will be sent (1 repeat left out).');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ ids });
    expect(post?.headers.get('X-Plat-Console')).toBe('1');
    expect(screen.getByRole('button', { name: 'Importing…' })).toHaveProperty('disabled', true);

    stream.send({ type: 'start', total: 3 });
    stream.send({ type: 'result', id: ids[1], result: 'indexed', state: 'completed' });
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await screen.findByText('1 of 3 (33%)');
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');

    stream.send({ type: 'result', id: ids[0], result: 'not_found' });
    stream.send({ type: 'result', id: ids[2], result: 'error', code: 'upstream_timeout', message: 'The Platform API did not answer in time.' });
    stream.send({ type: 'done', counts: { indexed: 1, not_found: 1, error: 1 } });
    stream.close();

    expect((await screen.findByText('Done: 1 of 3 indexed.')).getAttribute('role')).toBe('status');
    screen.getByText('3 of 3 (100%)');
    const counts = within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(counts).toEqual(['Indexed: 1', 'Not found: 1', 'Invalid id: 0', 'Error: 1']);

    const table = screen.getByRole('table', { name: 'Import results' });
    const rowOf = (id: string) => within(table).getByText(id).closest('tr');
    expect(rowOf(ids[1] ?? '')?.textContent).toContain('IndexedCompleted');
    expect(within(table).getByRole('link', { name: ids[1] }).getAttribute('href')).toBe(`/payments/${ids[1]}`);
    expect(rowOf(ids[0] ?? '')?.textContent).toContain('Not found');
    expect(rowOf(ids[2] ?? '')?.textContent).toContain('The Platform API did not answer in time.');
    screen.getByRole('button', { name: 'Copy the ids that were not indexed' });
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('checkbox', { name: 'Only ids that were not indexed' }));
    expect(within(table).queryByText(ids[1] ?? '')).toBeNull();
  });

  it('says so when the answer stops before the end', async () => {
    const stream = ndjsonStream();
    await importAll(() => stream.response());

    stream.send({ type: 'start', total: 3 });
    stream.send({ type: 'result', id: ids[0], result: 'invalid', message: 'The id is odd.' });
    stream.close();

    expect((await screen.findByRole('alert')).textContent).toContain('The import stopped before the end: 1 of 3 ids were handled');
    screen.getByText('1 of 3 (33%)');
  });

  it('says the import stopped, in the server\'s words, when the last line is an error, and keeps what was done', async () => {
    const stream = ndjsonStream();
    await importAll(() => stream.response());

    stream.send({ type: 'start', total: 3 });
    stream.send({ type: 'result', id: ids[0], result: 'indexed', state: 'completed' });
    stream.send({ type: 'result', id: ids[1], result: 'not_found' });
    stream.send({ type: 'error', message: 'the store stopped answering', counts: { indexed: 1, not_found: 1 } });
    stream.close();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The import stopped: the store stopped answering. Before that, 2 of 3 ids were handled (listed below).');
    expect(screen.queryByText(/^Done:/)).toBeNull();
    screen.getByText('2 of 3 (67%)');
    const counts = within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(counts).toEqual(['Indexed: 1', 'Not found: 1', 'Invalid id: 0', 'Error: 0']);
    within(screen.getByRole('table', { name: 'Import results' })).getByRole('link', { name: ids[0] });
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);
  });

  it('refuses more than 10,000 ids before sending anything', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderApp('/payments/import');
    const box = await screen.findByRole('textbox', { name: 'Payment ids' });
    screen.getByText(/at most 10,000 at once/);

    const many = Array.from({ length: 10_001 }, (_, index) => `id${index}`).join('\n');
    fireEvent.change(box, { target: { value: many } });
    screen.getByText('10,001 ids, more than the 10,000 allowed: nothing is sent.');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    screen.getByText(/That is 10,001 ids; at most 10,000 go at once/);
    expect(api.requests.some((request) => request.url.pathname === '/api/payments/import')).toBe(false);
  });

  it('reads the ids from an uploaded file', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/payments/import');
    const upload = await screen.findByLabelText('Or read them from a file');
    await user.upload(upload, new File([`id\n${ids.join('\n')}\n`], 'ids.csv', { type: 'text/csv' }));
    await screen.findByText('4 ids will be sent.');
    expect(screen.getByRole('textbox', { name: 'Payment ids' })).toHaveProperty('value', `id\n${ids.join('\n')}\n`);
  });

  it("shows the server's refusal of the whole list", async () => {
    await importAll(() => apiError(400, 'invalid_input', 'ids: at most 10000 ids at once'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ids: at most 10000 ids at once');
    expect(alert.textContent).toContain('invalid_input');
  });
});
