import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';
import { usePayReward, type NewReward } from '../api/pay-reward.ts';
import { MAX_MEMO_LENGTH, MAX_METADATA_BYTES } from '../../../../../common/limits.ts';
import { checkNewReward, type NewRewardProblems } from '../new-reward-check.ts';
import { PAY_PARAM, rewardPath } from '../../../display/reward/reward-filters.ts';
import { isSettledAnswer, useSubmissionKey } from '../../../lib/use-submission-key.ts';
import { ConfirmRewardDialog } from './confirm-reward-dialog.tsx';
import { RecipientField } from './recipient-field.tsx';

const fieldOrder: readonly (keyof NewReward)[] = ['uid', 'amount', 'memo', 'metadata'];

/** The first field with a problem takes focus, so a keyboard user lands where the fix is. */
function focusFirstProblem(form: HTMLFormElement, problems: NewRewardProblems): void {
  const first = fieldOrder.find((name) => problems[name]);
  const control = first ? form.elements.namedItem(first) : null;
  if (control instanceof HTMLElement) control.focus();
}

function amountHint(network: string | null): string {
  const rules = `at most 7 decimal places, e.g. ${amountWithCurrency('1.25', network)}.`;
  return network ? `In ${network}, the network's currency: greater than 0, ${rules}` : `Greater than 0, ${rules}`;
}

/** Who gets what, checked here with the server's rules, shown in words, and paid on confirmation; the reward's page opens once the server answers. */
export function PayRewardForm() {
  const [searchParams] = useSearchParams();
  const prefilled = searchParams.get(PAY_PARAM)?.trim() ?? '';
  const [uid, setUid] = useState(prefilled);
  const network = useNetwork();
  const [problems, setProblems] = useState<NewRewardProblems>({});
  const [toConfirm, setToConfirm] = useState<NewReward | null>(null);
  const pay = usePayReward();
  const keys = useSubmissionKey();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkNewReward(new FormData(event.currentTarget));
    if ('problems' in checked) {
      setProblems(checked.problems);
      focusFirstProblem(event.currentTarget, checked.problems);
      return;
    }
    setProblems({});
    pay.reset();
    setToConfirm(checked.reward);
  };

  const confirm = (reward: NewReward, confirmLookAlike: boolean) => {
    // The key is the reward's: refused as a look-alike, nothing was made, and the confirmed request goes with the same key.
    const idempotencyKey = keys.keyFor(JSON.stringify(reward));
    pay.mutate(
      { reward, idempotencyKey, confirmLookAlike },
      {
        onSuccess: (paid) => {
          keys.settle();
          void navigate(rewardPath(paid.id));
        },
        onError: (error) => {
          if (isSettledAnswer(error)) keys.settle();
        },
      },
    );
  };

  const close = () => {
    setToConfirm(null);
    pay.reset();
  };

  return (
    <form aria-label="Pay a reward" noValidate onSubmit={submit} className="max-w-2xl space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="grid gap-4 sm:grid-cols-2">
        <RecipientField value={uid} onValueChange={setUid} error={problems.uid} />
        {/* Come from a user's page, the uid is there: the amount is what is left to type. */}
        <TextField label="Amount" name="amount" required inputMode="decimal" hint={amountHint(network)} error={problems.amount} autoComplete="off" autoFocus={prefilled !== ''} />
      </div>
      <TextareaField label="Memo" name="memo" rows={2} required maxLength={MAX_MEMO_LENGTH} hint={`The user sees it with the payment; at most ${MAX_MEMO_LENGTH} characters.`} error={problems.memo} />
      <TextareaField
        label="Metadata (optional)"
        name="metadata"
        rows={3}
        monospace
        hint={`A JSON object kept with the payment, at most ${MAX_METADATA_BYTES} bytes, e.g. {"campaign": "spring"}.`}
        error={problems.metadata}
        spellCheck={false}
      />
      <Button type="submit" variant="primary">
        Review the reward
      </Button>
      {toConfirm && <ConfirmRewardDialog reward={toConfirm} network={network} pending={pay.isPending} error={pay.error} onConfirm={(confirmLookAlike) => confirm(toConfirm, confirmLookAlike)} onCancel={close} />}
    </form>
  );
}
