import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentState } from '../../common/payment-states.ts';
import { ExternalLink } from '../../dashboard/src/components/external-link.tsx';
import { JsonViewer } from '../../dashboard/src/components/json-viewer.tsx';
import { PaymentAmount } from '../../dashboard/src/components/payment/payment-amount.tsx';
import { CompactPaymentFlags, PaymentFlagBadges } from '../../dashboard/src/components/payment/payment-flag-badges.tsx';
import { PaymentStateBadge } from '../../dashboard/src/components/payment/payment-state-badge.tsx';
import { TransactionLink } from '../../dashboard/src/components/payment/transaction-link.tsx';
import { httpUrlOrNull } from '../../dashboard/src/lib/safe-url.ts';
import { TXID } from './support/payments.ts';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const allUnset = { developer_approved: false, transaction_verified: false, developer_completed: false, cancelled: false, user_cancelled: false };
const mixed = { developer_approved: true, transaction_verified: false, developer_completed: true, cancelled: false, user_cancelled: true };

const flagNames = ['Developer approved', 'Transaction verified', 'Developer completed', 'Cancelled', 'User cancelled'];

function flagItems() {
  return within(screen.getByRole('list', { name: 'Status flags' })).getAllByRole('listitem');
}

describe('Status flag badges', () => {
  it('name every flag and say yes or no in words', () => {
    render(<PaymentFlagBadges status={mixed} />);
    expect(flagItems().map((item) => item.textContent)).toEqual([
      '✓Developer approved: yes',
      '–Transaction verified: no',
      '✓Developer completed: yes',
      '–Cancelled: no',
      '✓User cancelled: yes',
    ]);
  });

  it('tell set from unset by more than colour: a different mark and a different outline', () => {
    render(<PaymentFlagBadges status={mixed} />);
    const [set, unset] = flagItems();
    expect(set?.querySelector('[aria-hidden="true"]')?.textContent).toBe('✓');
    expect(unset?.querySelector('[aria-hidden="true"]')?.textContent).toBe('–');
    expect(unset?.className).toContain('outline-dashed');
    expect(set?.className).not.toContain('outline-dashed');
  });

  it('in the compact form, show the set flags as short words, never struck through, and keep every name and value for screen readers', () => {
    render(<CompactPaymentFlags status={mixed} />);
    const items = flagItems();
    expect(items.map((item) => item.getAttribute('title'))).toEqual([
      'Developer approved: yes',
      'Transaction verified: no',
      'Developer completed: yes',
      'Cancelled: no',
      'User cancelled: yes',
    ]);
    for (const item of items) expect(item.querySelector('.sr-only')?.textContent).toBe(item.getAttribute('title'));
    expect(items.map((item) => item.querySelector('[aria-hidden="true"]')?.textContent ?? null)).toEqual(['approved', null, 'completed', null, 'user cancelled']);
    expect(items.some((item) => item.className.includes('line-through'))).toBe(false);
  });

  it('label all five flags even when none is set', () => {
    render(<CompactPaymentFlags status={allUnset} />);
    expect(flagItems().map((item) => item.getAttribute('title')).filter(Boolean)).toEqual(flagNames.map((name) => `${name}: no`));
    screen.getByText('none set');
  });
});

describe('Derived state badge', () => {
  const words: [PaymentState, string][] = [
    ['awaiting_approval', 'Awaiting approval'],
    ['awaiting_transaction', 'Awaiting transaction'],
    ['transaction_unverified', 'Transaction unverified'],
    ['awaiting_completion', 'Awaiting completion'],
    ['completed', 'Completed'],
    ['cancelled', 'Cancelled'],
    ['cancelled_by_user', 'Cancelled by user'],
  ];

  it.each(words)('says %s as "%s"', (state, text) => {
    const { container } = render(<PaymentStateBadge state={state} />);
    expect(container.textContent).toBe(text);
  });
});

describe('Link safety', () => {
  const unsafe = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/transactions/abc',
    '//evil.example/x',
    'transactions/abc',
    'not a url at all',
    '',
  ];

  it.each(unsafe)('never makes a link of %j', (url) => {
    expect(httpUrlOrNull(url)).toBeNull();
    const { container } = render(<ExternalLink url={url}>the text</ExternalLink>);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('the text');
  });

  it.each(['https://horizon.example/transactions/abc', 'http://127.0.0.1:8788/transactions/abc', 'HTTPS://Horizon.Example/tx'])('links %s in a new tab, without handing it this page', (url) => {
    render(<ExternalLink url={url}>the text</ExternalLink>);
    const link = screen.getByRole('link', { name: 'the text' });
    expect(link.getAttribute('href')).toBe(new URL(url).href);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows a transaction with an unsafe link as text, and one with a safe link as a link', () => {
    const { rerender, container } = render(<TransactionLink transaction={{ txid: TXID, verified: true, _link: 'javascript:alert(1)' }} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain(TXID);

    rerender(<TransactionLink transaction={{ txid: TXID, verified: false, _link: `https://horizon.example/transactions/${TXID}` }} short />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('aaaaaaaa…bbbbbb');
    expect(link.getAttribute('title')).toBe(TXID);
    expect(container.textContent).toContain('(unverified)');
  });

  it('says there is no transaction yet', () => {
    const { container } = render(<TransactionLink transaction={null} />);
    expect(container.textContent).toBe('none');
  });
});

describe('Amounts and JSON', () => {
  it.each(['0.0000001', '123456789012345.1234567', '1', '0.1'])('shows %s exactly as sent, with the network', (amount) => {
    const { container } = render(<PaymentAmount amount={amount} network="Plat Network" />);
    expect(container.textContent).toBe(`${amount} Plat Network`);
  });

  it('shows JSON formatted, and copies as exactly that text', () => {
    const value = { orderId: 'order-42', nested: { count: 2, ok: true, none: null } };
    render(<JsonViewer value={value} label="Metadata" />);
    expect(screen.getByLabelText('Metadata').textContent).toBe(JSON.stringify(value, null, 2));
  });
});
