import { Button } from '../../../components/button.tsx';
import type { SecondFactorMethod } from '../../../lib/session.ts';
import { useGiveSecondFactor } from '../api/give-second-factor.ts';
import { useSignOut } from '../api/sign-out.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

/** The sign-in's second step, once the password was right: the second factor, or back to the start as someone else. */
export function SecondFactorStep({ methods }: { methods: readonly SecondFactorMethod[] }) {
  const give = useGiveSecondFactor();
  const signOut = useSignOut();
  return (
    <SecondFactorForm
      methods={methods}
      pending={give.isPending}
      error={give.error}
      onSubmit={(proof) => give.mutate(proof)}
      onSwitch={() => give.reset()}
      actions={
        <div className="space-y-2">
          <Button type="submit" variant="primary" className="w-full" disabled={give.isPending} aria-busy={give.isPending}>
            {give.isPending ? 'Checking…' : 'Continue'}
          </Button>
          <Button className="w-full" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Start again with another account
          </Button>
        </div>
      }
    />
  );
}
