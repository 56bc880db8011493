import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from '../../dashboard/src/components/menu/dropdown-menu.tsx';
import { CompactPaymentFlags } from '../../dashboard/src/components/payment/payment-flag-badges.tsx';
import { RelativeTime } from '../../dashboard/src/components/relative-time.tsx';
import { ShortId } from '../../dashboard/src/components/short-id.tsx';
import { formatDateTime, formatRelative } from '../../dashboard/src/lib/format-date.ts';
import { setTimeZoneChoice } from '../../dashboard/src/lib/time-zone.ts';
import { PAYMENT_ID } from './support/payments.ts';
import { resetDom } from './support/reset-dom.ts';

afterEach(() => {
  act(() => setTimeZoneChoice('local'));
  resetDom();
});

const SHORT = `${PAYMENT_ID.slice(0, 8)}…${PAYMENT_ID.slice(-5)}`;

function renderShortId(to?: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <ShortId id={PAYMENT_ID} kind="payment id" to={to} />
    </MemoryRouter>,
  );
  return user;
}

describe('Short id', () => {
  it('shows the id cut in the middle, and keeps it whole on hover and for screen readers', () => {
    renderShortId(`/payments/${PAYMENT_ID}`);
    const link = screen.getByRole('link', { name: PAYMENT_ID });
    expect(link.getAttribute('href')).toBe(`/payments/${PAYMENT_ID}`);
    expect(link.getAttribute('title')).toBe(PAYMENT_ID);
    expect(link.querySelector('[aria-hidden="true"]')?.textContent).toBe(SHORT);
    expect(link.querySelector('.sr-only')?.textContent).toBe(PAYMENT_ID);
  });

  it('is plain text without a page to open', () => {
    renderShortId();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTitle(PAYMENT_ID).textContent).toBe(`${SHORT}${PAYMENT_ID}`);
  });

  it('shows its copy button on hover or focus only, and copies the whole id from the keyboard', async () => {
    const user = renderShortId(`/payments/${PAYMENT_ID}`);
    const copy = screen.getByRole('button', { name: `Copy payment id ${PAYMENT_ID}` });
    expect(copy.className).toMatch(/(^| )opacity-0( |$)/);
    expect(copy.className).toContain('group-hover:opacity-100');
    expect(copy.className).toContain('focus-visible:opacity-100');

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: PAYMENT_ID }));
    await user.tab();
    expect(document.activeElement).toBe(copy);
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe(PAYMENT_ID);
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });

  it('says so when the clipboard refuses', async () => {
    const user = renderShortId();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('not allowed'));
    await user.click(screen.getByRole('button', { name: `Copy payment id ${PAYMENT_ID}` }));
    await screen.findByText('Could not copy');
  });
});

describe('Compact status flags', () => {
  it('fit on one line of short words, with every flag named in full for screen readers', () => {
    render(<CompactPaymentFlags status={{ developer_approved: true, transaction_verified: true, developer_completed: false, cancelled: false, user_cancelled: false }} />);
    const list = screen.getByRole('list', { name: 'Status flags' });
    expect(list.className).toContain('whitespace-nowrap');
    expect(list.className).not.toContain('flex-wrap');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('[aria-hidden="true"]')?.textContent ?? null)).toEqual(['approved', 'verified', null, null, null]);
    expect(items.map((item) => item.querySelector('.sr-only')?.textContent)).toEqual([
      'Developer approved: yes',
      'Transaction verified: yes',
      'Developer completed: no',
      'Cancelled: no',
      'User cancelled: no',
    ]);
  });
});

describe('Relative time', () => {
  it('says how long ago, with the exact time on hover in the chosen time zone and for machines', () => {
    const iso = new Date(Date.now() - 3 * 60_000 - 5_000).toISOString();
    render(<RelativeTime iso={iso} />);
    const time = screen.getByText('3 min ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe(iso);
    expect(time.getAttribute('title')).toBe(formatDateTime(iso, 'local'));

    act(() => setTimeZoneChoice('utc'));
    expect(time.getAttribute('title')).toBe(formatDateTime(iso, 'utc'));
    expect(time.getAttribute('title')).toMatch(/UTC$/);
  });

  it('keeps itself current while shown', () => {
    vi.useFakeTimers();
    const iso = new Date(Date.now() - 30_000).toISOString();
    render(<RelativeTime iso={iso} />);
    screen.getByText('just now');
    act(() => vi.advanceTimersByTime(60_000));
    screen.getByText('1 min ago');
  });

  it('counts in one unit, and gives the date from a week on or for a time ahead', () => {
    const now = Date.parse('2026-05-20T12:00:00.000Z');
    const ago = (ms: number) => formatRelative(new Date(now - ms).toISOString(), now, 'utc');
    expect(ago(44_000)).toBe('just now');
    expect(ago(50_000)).toBe('1 min ago');
    expect(ago(59 * 60_000)).toBe('59 min ago');
    expect(ago(60 * 60_000)).toBe('1 hour ago');
    expect(ago(23 * 3_600_000 + 59 * 60_000)).toBe('23 hours ago');
    expect(ago(24 * 3_600_000)).toBe('1 day ago');
    expect(ago(6 * 86_400_000)).toBe('6 days ago');
    expect(ago(7 * 86_400_000)).toBe('May 13, 2026');
    expect(ago(-5 * 60_000)).toBe('May 20, 2026');
    expect(formatRelative('not a time', now, 'utc')).toBe('not a time');
  });
});

describe('Row menu', () => {
  function renderMenuInScrollingBox() {
    const user = userEvent.setup();
    render(
      <div data-testid="box" className="overflow-x-auto">
        <DropdownMenu trigger="Actions" items={[{ label: 'Open payment', onSelect: () => undefined }, { label: 'Cancel payment…', onSelect: () => undefined }]} />
        <button type="button">Next</button>
      </div>,
    );
    return user;
  }

  it('is drawn over the page, outside any scrolling box around its button', async () => {
    const user = renderMenuInScrollingBox();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const menu = screen.getByRole('menu');
    expect(screen.getByTestId('box').contains(menu)).toBe(false);
    expect(menu.parentElement?.className).toContain('fixed');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Open payment' }));
  });

  it('closes on Tab with focus back on its button, so Tab goes on from there', async () => {
    const user = renderMenuInScrollingBox();
    const button = screen.getByRole('button', { name: 'Actions' });
    await user.click(button);
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
  });

  it('closes on a press outside it, but not on one inside it', async () => {
    const user = renderMenuInScrollingBox();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('menu') });
    screen.getByRole('menu');
    await user.pointer({ keys: '[/MouseLeft]' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
