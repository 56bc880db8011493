import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../dashboard/src/features/payments/api/get-payment.ts';
import { PaymentTimeline } from '../../dashboard/src/features/payments/components/payment-timeline.tsx';
import { payment } from './support/payments.ts';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const action = (name: string, outcome: string, at: string): TimelineEntry => ({ at, kind: 'staff_action', action: name, outcome, actor: 'ops@sandbox.local', upstreamCode: null, details: {} });

describe('a lost answer on the timeline', () => {
  it('shows the cancel as sent with its answer lost, then how it settled', () => {
    render(<PaymentTimeline payment={payment()} ledger={undefined} entries={[action('payment.cancel.settled', 'ok', '2026-01-01T00:00:05.000Z'), action('payment.cancel', 'unknown', '2026-01-01T00:00:02.000Z')]} />);
    expect(screen.getByText('Settled: cancelled')).toBeTruthy();
    expect(screen.getByText('Cancel sent, answer lost')).toBeTruthy();
    expect(screen.queryByText('Cancel failed')).toBeNull();
  });
});
