import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Wallet } from '../../dashboard/src/display/wallet/get-wallet.ts';
import { apiError, json, stubApi, type FakeRoute } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { MEMO_PAYMENT_ID, WALLET_ADDRESS, wallet } from './support/wallet.ts';

afterEach(resetDom);

/** Support staff, the least-privileged role, on the Wallet page. */
function walletPage(answer: FakeRoute) {
  const api = stubApi({ signedInAs: 'support', routes: { 'GET /api/wallet': answer } });
  renderApp('/wallet');
  return api;
}

const withWallet = (current: Wallet | null) => () => json({ wallet: current });

/** The text of a row of the fields list, found by its term. */
function field(term: string): string {
  return screen.getByText(term, { selector: 'dt' }).parentElement?.textContent ?? '';
}

describe('Wallet page', () => {
  it('leads with the available funds, then how they add up', async () => {
    walletPage(withWallet(wallet()));
    const available = await screen.findByRole('region', { name: 'Available funds' });
    expect(available.textContent).toContain('994.9800000');
    expect(available.textContent).toContain('less the minimum balance');

    expect(field('Balance')).toContain('1000.0000000');
    expect(field('Minimum balance')).toContain('1.5000000');
    expect(field('Minimum balance')).toContain('(2 + subentries) × base reserve');
    expect(field('Minimum balance')).toContain('(1 subentry), at 0.5000000 each');
    expect(field('Reserved')).toContain('3.5200000');
    expect(field('Reserved')).toContain('2 rewards accepted and not yet on the ledger, with their fees.');
    expect(field('Base fee')).toContain('0.0100000');
    expect(field('Address')).toContain(WALLET_ADDRESS);
    screen.getByRole('button', { name: 'Copy the wallet address' });
    expect(field('Network')).toContain('Plat Testnet');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the latest payments: direction in words, counterparty shortened, amounts as sent, failed ones marked, memos and Horizon linked only when safe', async () => {
    walletPage(withWallet(wallet()));
    const table = await screen.findByRole('table', { name: 'Latest payments' });
    const [, paid, failed, received] = within(table).getAllByRole('row');

    expect(paid?.textContent).toContain('Sent');
    expect(paid?.textContent).toContain('GUSERW…BBK2M4');
    expect(within(paid!).getByTitle(/^GUSERWALLET/).textContent).toBe('GUSERW…BBK2M4');
    expect(paid?.textContent).toContain('1.2500000');
    expect(paid?.textContent).toContain('0.0100000');
    expect(paid?.textContent).not.toContain('Failed');
    expect(within(paid!).getByRole('link', { name: MEMO_PAYMENT_ID }).getAttribute('href')).toBe(`/payments/${MEMO_PAYMENT_ID}`);
    const horizon = within(paid!).getByRole('link', { name: /^View on Horizon/ });
    expect(horizon.getAttribute('href')).toBe(`https://horizon.example/transactions/${'a'.repeat(64)}`);
    expect(horizon.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(paid!).getByRole('time').getAttribute('datetime')).toBe('2026-05-15T08:00:05.000Z');

    expect(failed?.textContent).toContain('Failed');
    expect(failed?.textContent).toContain('spring bonus');
    expect(within(failed!).getAllByRole('link').map((link) => link.textContent)).toEqual([expect.stringMatching(/^View on Horizon/)]);

    expect(received?.textContent).toContain('Received');
    expect(received?.textContent).toContain('GFUNDE…CCP9R1');
    expect(received?.textContent).toContain('500.0000000');
    expect(received?.textContent).toContain('none');
    expect(within(received!).queryByRole('link')).toBeNull();
    expect(received?.textContent).toContain('cccccccc…cccccc');
  });

  it('says when available funds are below the low-balance threshold, and not otherwise', async () => {
    walletPage(withWallet(wallet({ available: '80.0000000', lowBalance: { threshold: '100.0000000', below: true } })));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Available funds are below the low-balance threshold of 100.0000000: fund the wallet');
    expect(banner.textContent).toContain(WALLET_ADDRESS);
    resetDom();

    walletPage(withWallet(wallet({ lowBalance: { threshold: '100.0000000', below: false } })));
    await screen.findByRole('region', { name: 'Available funds' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when accepted rewards need more than the wallet can spend', async () => {
    walletPage(withWallet(wallet({ available: '-2.5000000' })));
    const available = await screen.findByRole('region', { name: 'Available funds' });
    expect(available.textContent).toContain('-2.5000000');
    expect(available.textContent).toContain('Below zero');
  });

  it('says how to configure a wallet when the console has none', async () => {
    walletPage(withWallet(null));
    await screen.findByText(/No app wallet is configured: the console runs without its seed and Horizon address/);
    expect(screen.queryByRole('region', { name: 'Available funds' })).toBeNull();
  });

  it('shows Horizon failing with its code, after retrying', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    walletPage(() => apiError(502, 'horizon_unavailable', 'Horizon did not answer.'));
    await screen.findByRole('heading', { level: 1, name: 'Wallet' });
    await act(() => vi.advanceTimersByTimeAsync(5_000));

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('The wallet could not be read: Horizon did not answer.');
    expect(notice.textContent).toContain('code horizon_unavailable');
    screen.getByRole('button', { name: 'Try again' });
  });
});
