import type { FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';

export interface SettingsField<Name extends string> {
  name: Name;
  label: string;
  /** The saved value; null shows an empty field. */
  value: string | null;
}

/** What the form needs of the mutation that saves it. */
interface Save<Name extends string> {
  mutate: (values: Record<Name, string | null>) => void;
  error: Error | null;
  isSuccess: boolean;
  isPending: boolean;
}

/** Decimal settings an admin sets: an empty field is sent as null (none); the server's refusal is shown under them. */
export function SettingsForm<Name extends string>({ fields, save, submitLabel }: { fields: SettingsField<Name>[]; save: Save<Name>; submitLabel: string }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const entries = fields.map(({ name }) => [name, String(form.get(name) ?? '').trim() || null] as const);
    save.mutate(Object.fromEntries(entries) as Record<Name, string | null>);
  };

  return (
    // Keyed by the saved values, so the fields show them again once they are read back.
    <form onSubmit={submit} className="max-w-md space-y-3" key={JSON.stringify(fields.map(({ value }) => value))}>
      {fields.map(({ name, label, value }) => (
        <TextField key={name} name={name} label={label} inputMode="decimal" defaultValue={value ?? ''} />
      ))}
      {save.error && <ErrorNotice error={save.error} />}
      {save.isSuccess && <p className="text-sm text-green-700 dark:text-green-400">Saved.</p>}
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
