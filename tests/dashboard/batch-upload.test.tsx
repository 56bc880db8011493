import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { wallet } from './support/wallet.ts';

afterEach(resetDom);

const BATCH_ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';
const CSV = 'uid,amount,memo\r\nalice,1.25,Spring contest winner\r\n';

const uploads = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'POST' && request.url.pathname === '/api/rewards/batches');

async function uploadPage(routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({
    signedInAs: 'manager',
    routes: {
      'POST /api/rewards/batches': () => json({ batch: { id: BATCH_ID }, notes: [] }, 201),
      ...routes,
    },
  });
  const user = userEvent.setup();
  const view = renderApp('/rewards/batches/new');
  await screen.findByRole('heading', { level: 1, name: 'Pay a batch from CSV' });
  const dropZone = screen.getByRole('group', { name: 'Drop the CSV file here' });
  return { api, user, dropZone, ...view };
}

function drop(zone: HTMLElement, files: File[]) {
  fireEvent.dragEnter(zone, { dataTransfer: { files, types: ['Files'] } });
  fireEvent.dragOver(zone, { dataTransfer: { files, types: ['Files'] } });
  fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });
}

const uploadButton = () => screen.getByRole('button', { name: 'Upload and preview' }) as HTMLButtonElement;

describe('Uploading a batch', () => {
  it('offers a template made in the browser: the header and rows the upload takes', async () => {
    await uploadPage();
    const link = screen.getByRole('link', { name: 'Download the template CSV' });
    expect(link.getAttribute('download')).toBe('reward-batch-template.csv');
    const href = link.getAttribute('href') ?? '';
    const prefix = 'data:text/csv;charset=utf-8,';
    expect(href.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(href.slice(prefix.length)).split('\r\n')).toEqual([
      'uid,amount,memo,metadata',
      'uid-of-the-first-user,1.25,Spring contest winner,"{""campaign"": ""spring""}"',
      'uid-of-the-second-user,0.5,Thanks for the bug report,',
      '',
    ]);
  });

  it('says which columns it takes, in order, which are needed, the limits, and the amount’s currency', async () => {
    await uploadPage({ 'GET /api/wallet': () => json({ wallet: wallet({ network: 'Plat Testnet' }) }) });
    const table = screen.getByRole('table', { name: 'Columns of the file' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['uid', 'amount', 'memo', 'metadata']);
    expect(rows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Required', 'Required', 'Required', 'Optional']);
    await expect.poll(() => rows()[1]?.textContent).toContain('In Plat Testnet: greater than 0, at most 7 decimal places');
    expect(rows()[1]?.textContent).toContain('e.g. 1.25 Plat Testnet.');
    expect(screen.getByText(/The first line is the header, uid,amount,memo or uid,amount,memo,metadata/).textContent).toContain('at most 50,000 rows and 16 MiB');
  });

  it('takes a file dropped on the drop zone, says which, and uploads it for a preview', async () => {
    const { api, user, dropZone, router } = await uploadPage();
    expect(uploadButton().disabled).toBe(true);
    drop(dropZone, [new File([CSV], 'winners.csv', { type: 'text/csv' })]);

    expect(within(dropZone).getByRole('status').textContent).toBe('Ready to upload: winners.csv (1 KiB).');
    await user.click(uploadButton());
    await expect.poll(() => currentPath(router)).toBe(`/rewards/batches/${BATCH_ID}`);
    expect(uploads(api.requests).map((request) => request.url.searchParams.get('name'))).toEqual(['winners.csv']);
  });

  it('refuses, before sending anything, a dropped file that is not CSV or several files at once', async () => {
    const { api, dropZone } = await uploadPage();
    drop(dropZone, [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(screen.getByRole('alert').textContent).toBe('notes.txt is not a CSV file. Save the sheet as "CSV UTF-8" and use that file.');
    expect(uploadButton().disabled).toBe(true);

    drop(dropZone, [new File([CSV], 'a.csv', { type: 'text/csv' }), new File([CSV], 'b.csv', { type: 'text/csv' })]);
    expect(screen.getByRole('alert').textContent).toBe('2 files were dropped: a batch is one CSV file.');
    expect(uploadButton().disabled).toBe(true);

    drop(dropZone, [new File([CSV], 'winners.CSV', { type: '' })]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(uploadButton().disabled).toBe(false);
    expect(uploads(api.requests)).toEqual([]);
  });

  it('keeps the file button for the keyboard', async () => {
    const { api, user } = await uploadPage();
    const input = screen.getByLabelText('CSV file');
    expect(input.getAttribute('type')).toBe('file');
    await user.upload(input, new File([CSV], 'from-the-button.csv', { type: 'text/csv' }));
    screen.getByText('Ready to upload: from-the-button.csv (1 KiB).');
    await user.click(uploadButton());
    await expect.poll(() => uploads(api.requests).length).toBe(1);
  });
});
