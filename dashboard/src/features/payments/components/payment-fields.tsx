import { Link } from 'react-router-dom';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { FieldGroup } from '../../../components/field-group.tsx';
import { FieldRow } from '../../../components/field-row.tsx';
import { PaymentAmount } from '../../../components/payment/payment-amount.tsx';
import { PaymentFlagBadges } from '../../../components/payment/payment-flag-badges.tsx';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { paymentDirectionLabels } from '../../../components/payment/payment-states.ts';
import { UserName } from '../../../components/user/user-name.tsx';
import type { UserNames } from '../../../components/user/user-names.ts';
import { userPath } from '../../../components/user/user-path.ts';
import type { Payment } from '../api/get-payment.ts';
import { NamedTransactionLink } from '../../../display/payment/named-transaction-link.tsx';

const muted = 'text-zinc-500 dark:text-zinc-400';

function TransactionRows({ transaction }: { transaction: NonNullable<Payment['transaction']> }) {
  const { txid, verified, _link: link } = transaction;
  return (
    <>
      <FieldRow label="Transaction id">
        <CopyableText text={txid} label="Copy the txid" />
      </FieldRow>
      <FieldRow label="Transaction verified">{verified ? 'Yes' : 'No: the platform has not verified it yet'}</FieldRow>
      <FieldRow label="Transaction link">
        <NamedTransactionLink txid={txid} url={link} showUrl />
      </FieldRow>
    </>
  );
}

/** Every field of the payment as the platform has it now, grouped: who (by the app's names of the user too), what, and on the chain. */
export function PaymentFields({ payment, userNames }: { payment: Payment; userNames: UserNames | null }) {
  return (
    <div className="space-y-5">
      <FieldGroup title="Who">
        {userNames && (
          <FieldRow label="User">
            <UserName uid={payment.user_uid} names={userNames} to={userPath(payment.user_uid)} />
          </FieldRow>
        )}
        <FieldRow label="User uid">
          <span className="flex flex-wrap items-center gap-2">
            <CopyableText text={payment.user_uid} label="Copy the user uid" />
            <Link to={userPath(payment.user_uid)} className="text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              Open the user
            </Link>
          </span>
        </FieldRow>
        <FieldRow label="From address">
          <CopyableText text={payment.from_address} label="Copy the from address" />
        </FieldRow>
        <FieldRow label="To address">
          <CopyableText text={payment.to_address} label="Copy the to address" />
        </FieldRow>
      </FieldGroup>
      <FieldGroup title="What">
        <FieldRow label="Amount">
          <PaymentAmount amount={payment.amount} network={payment.network} />
        </FieldRow>
        <FieldRow label="Direction">{paymentDirectionLabels[payment.direction]}</FieldRow>
        <FieldRow label="State">
          <PaymentStateBadge state={payment.state} />
        </FieldRow>
        <FieldRow label="Status flags">
          <PaymentFlagBadges status={payment.status} />
        </FieldRow>
        <FieldRow label="Memo">{payment.memo || <span className={muted}>none</span>}</FieldRow>
        <FieldRow label="Created">
          <DateTime iso={payment.created_at} />
        </FieldRow>
        <FieldRow label="Payment id">
          <CopyableText text={payment.identifier} label="Copy the payment id" />
        </FieldRow>
      </FieldGroup>
      <FieldGroup title="Chain">
        <FieldRow label="Network">{payment.network}</FieldRow>
        {payment.transaction ? <TransactionRows transaction={payment.transaction} /> : <FieldRow label="Transaction">{<span className={muted}>none yet</span>}</FieldRow>}
      </FieldGroup>
    </div>
  );
}
