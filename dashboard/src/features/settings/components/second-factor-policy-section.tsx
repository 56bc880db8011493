import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { fieldProblemOf } from '../../../lib/field-problem.ts';
import { roleLabels, roles } from '../../../lib/roles.ts';
import { useSecondFactorPolicy, useSetSecondFactorPolicy, type SecondFactorPolicy } from '../api/second-factor-policy.ts';
import { checkPolicy, policyLabels, type PolicyProblems } from '../second-factor-policy-check.ts';

const checkboxClasses = 'mt-0.5 size-4 shrink-0 accent-indigo-600 dark:accent-indigo-400';
const hintClasses = 'text-xs text-zinc-500 dark:text-zinc-400';
const errorClasses = 'text-xs text-red-700 dark:text-red-400';

function PolicyForm({ policy }: { policy: SecondFactorPolicy }) {
  const save = useSetSecondFactorPolicy();
  const id = useId();
  const [problems, setProblems] = useState<PolicyProblems>({});
  const refused = fieldProblemOf(save.error, policyLabels);
  const shown: PolicyProblems = refused ? { ...problems, [refused.name]: refused.message } : problems;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkPolicy(new FormData(event.currentTarget));
    if ('problems' in checked) {
      save.reset();
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    save.mutate(checked.policy);
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-5" key={JSON.stringify(policy)}>
      <fieldset className="space-y-2" aria-describedby={`${id}-roles-hint${shown.requiredRoles ? ` ${id}-roles-error` : ''}`}>
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{policyLabels.requiredRoles}</legend>
        <p id={`${id}-roles-hint`} className={hintClasses}>Members of these roles sign in with a second factor. Anyone who has one is asked for it again before money moves, whatever their role.</p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {roles.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
              <input type="checkbox" name="requiredRoles" value={role} defaultChecked={policy.requiredRoles.includes(role)} className={checkboxClasses} />
              {roleLabels[role]}
            </label>
          ))}
        </div>
        {shown.requiredRoles && (
          <p id={`${id}-roles-error`} className={errorClasses}>
            {shown.requiredRoles}
          </p>
        )}
      </fieldset>
      <TextField
        label={policyLabels.graceDays}
        name="graceDays"
        inputMode="numeric"
        defaultValue={String(policy.graceDays)}
        error={shown.graceDays}
        hint="0 to 90 days, counted from when the policy first asked it of a member, or from when they were added. Until then they are reminded and can work as before; after it they can only set one up."
      />
      <TextField
        label={policyLabels.stepUpMinutes}
        name="stepUpMinutes"
        inputMode="numeric"
        defaultValue={String(policy.stepUpMinutes)}
        error={shown.stepUpMinutes}
        hint="1 to 60. Paying, approving, clearing for real, and changing API keys, limits, roles or this policy ask for the second factor again once this long has passed since it was last given."
      />
      <fieldset className="space-y-1" aria-describedby={`${id}-sandbox-hint${shown.sandboxExempt ? ` ${id}-sandbox-error` : ''}`}>
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{policyLabels.sandboxExempt}</legend>
        <label className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
          <input type="checkbox" name="sandboxExempt" defaultChecked={policy.sandboxExempt} className={checkboxClasses} />
          Let the sandbox’s demo accounts sign in without a second factor
        </label>
        <p id={`${id}-sandbox-hint`} className={hintClasses}>
          Only in sandbox mode, so that a first start needs no phone. Staff you add yourself follow the policy.
        </p>
        {shown.sandboxExempt && (
          <p id={`${id}-sandbox-error`} className={errorClasses}>
            {shown.sandboxExempt}
          </p>
        )}
      </fieldset>
      {save.error && !refused && <ErrorNotice error={save.error} />}
      {save.isSuccess && <p className="text-sm text-green-700 dark:text-green-400">Saved.</p>}
      <Button type="submit" variant="primary" disabled={save.isPending}>
        Save the policy
      </Button>
    </form>
  );
}

/** Who must have a second factor, how long they have to set one up, and how long a check lasts before money moves. */
export function SecondFactorPolicySection() {
  const { data: policy, error } = useSecondFactorPolicy();
  return (
    <PageSection title="Second factors" description="Codes from an authenticator app or passkeys, on top of passwords. Every change is audited.">
      {error && <ErrorNotice error={error} />}
      {policy && <PolicyForm policy={policy} />}
    </PageSection>
  );
}
