/** The one choice a passkey has besides its name: whether it signs its owner in on its own. */
export function PasswordlessCheckbox({ defaultChecked = false }: { defaultChecked?: boolean }) {
  return (
    <label className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
      <input type="checkbox" name="passwordless" defaultChecked={defaultChecked} className="mt-0.5 size-4 shrink-0 accent-indigo-600 dark:accent-indigo-400" />
      <span>
        Sign in with this passkey alone, without your password
        <span className="block text-zinc-600 dark:text-zinc-400">
          Your device asks for your fingerprint, face or PIN each time, so the passkey counts as both factors. Without this, it is asked only after your password.
        </span>
      </span>
    </label>
  );
}
