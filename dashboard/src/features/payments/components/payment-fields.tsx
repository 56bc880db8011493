import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../components/copy-button.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { httpUrlOrNull } from '../../../lib/safe-url.ts';
import type { Payment } from '../api/get-payment.ts';
import { paymentDirectionLabels } from '../payment-states.ts';
import { paymentsViewPath } from '../payment-table-view.ts';
import { PaymentAmount } from './payment-amount.tsx';
import { PaymentFlagBadges } from './payment-flag-badges.tsx';
import { PaymentStateBadge } from './payment-state-badge.tsx';

const muted = 'text-zinc-400 dark:text-zinc-500';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

function Copyable({ text, label }: { text: string; label: string }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono text-xs break-all">{text}</span>
      <CopyButton text={text} label={label} />
    </span>
  );
}

function TransactionRows({ transaction }: { transaction: NonNullable<Payment['transaction']> }) {
  const { txid, verified, _link: link } = transaction;
  return (
    <>
      <Row label="Transaction id">
        <Copyable text={txid} label="Copy the txid" />
      </Row>
      <Row label="Transaction verified">{verified ? 'Yes' : 'No: the platform has not verified it yet'}</Row>
      <Row label="Transaction link">
        {httpUrlOrNull(link) ? (
          <ExternalLink url={link}>
            <span className="font-mono text-xs break-all">{link}</span>
          </ExternalLink>
        ) : (
          <span>
            <span className="font-mono text-xs break-all">{link || 'none'}</span>
            {link && <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">(not an http or https address, so not a link)</span>}
          </span>
        )}
      </Row>
    </>
  );
}

/** Every field of the payment as the platform has it now. */
export function PaymentFields({ payment }: { payment: Payment }) {
  return (
    <dl className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800/70">
      <Row label="Payment id">
        <Copyable text={payment.identifier} label="Copy the payment id" />
      </Row>
      <Row label="State">
        <PaymentStateBadge state={payment.state} />
      </Row>
      <Row label="Status flags">
        <PaymentFlagBadges status={payment.status} />
      </Row>
      <Row label="Direction">{paymentDirectionLabels[payment.direction]}</Row>
      <Row label="Amount">
        <PaymentAmount amount={payment.amount} network={payment.network} />
      </Row>
      <Row label="Memo">{payment.memo || <span className={muted}>none</span>}</Row>
      <Row label="User uid">
        <span className="flex flex-wrap items-center gap-2">
          <Copyable text={payment.user_uid} label="Copy the user uid" />
          <Link to={paymentsViewPath({ uid: payment.user_uid })} className="text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            This user&rsquo;s payments
          </Link>
        </span>
      </Row>
      <Row label="From address">
        <Copyable text={payment.from_address} label="Copy the from address" />
      </Row>
      <Row label="To address">
        <Copyable text={payment.to_address} label="Copy the to address" />
      </Row>
      <Row label="Network">{payment.network}</Row>
      <Row label="Created">
        <time dateTime={payment.created_at} title={payment.created_at}>
          {formatDateTime(payment.created_at)}
        </time>
      </Row>
      {payment.transaction ? <TransactionRows transaction={payment.transaction} /> : <Row label="Transaction">{<span className={muted}>none yet</span>}</Row>}
    </dl>
  );
}
