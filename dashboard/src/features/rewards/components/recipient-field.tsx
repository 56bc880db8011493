import { DateTime } from '../../../components/date-time.tsx';
import { ComboboxField } from '../../../components/form/combobox-field.tsx';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { UserNameText } from '../../../components/user/user-name.tsx';
import { MIN_SUGGEST_LENGTH, useUserSuggestions, type UserSuggestion } from '../../../display/user/user-suggestions.ts';
import { MAX_UID_LENGTH } from '../../../../../common/limits.ts';

function SuggestedUser({ user }: { user: UserSuggestion }) {
  return (
    <>
      <span className="block text-zinc-900 dark:text-zinc-50">
        <UserNameText uid={user.uid} names={user.userNames} fullUid />
      </span>
      <span className="sr-only">Last payments:</span>
      {user.lastPayments.map((payment) => (
        <span key={payment.id} className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span className="font-mono text-zinc-800 tabular-nums dark:text-zinc-200">{amountWithCurrency(payment.amount, payment.network)}</span>
          <DateTime iso={payment.created} />
          <PaymentStateBadge state={payment.state} />
        </span>
      ))}
    </>
  );
}

interface RecipientFieldProps {
  value: string;
  onValueChange: (uid: string) => void;
  error?: string;
}

/** The uid of the user to pay, typed, or picked from the users whose uid or name (as the app named them) starts with what is typed. */
export function RecipientField({ value, onValueChange, error }: RecipientFieldProps) {
  const prefix = value.trim();
  const { users, nothingFound } = useUserSuggestions(value);
  return (
    <ComboboxField
      label="User uid"
      name="uid"
      required
      maxLength={MAX_UID_LENGTH}
      hint={`The platform's uid of the user to pay. From ${MIN_SUGGEST_LENGTH} characters of a uid or a name on, users the console knows are offered, with their last payments.`}
      error={error}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onValueChange={onValueChange}
      options={users}
      optionValue={(user) => user.uid}
      renderOption={(user) => <SuggestedUser user={user} />}
      listLabel="Users the console has seen"
      status={nothingFound ? `No user the console knows has a uid or name starting with “${prefix}”. Any uid the platform knows can still be paid.` : undefined}
    />
  );
}
