import type { ComponentProps } from 'react';
import { TextField } from './text-field.tsx';

type OneTimeCodeFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'autoComplete'>;

/** The six digits an authenticator app shows, marked up so phones and password managers offer to fill them in. */
export function OneTimeCodeField(props: OneTimeCodeFieldProps) {
  return <TextField type="text" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} {...props} />;
}

/** What was typed into a code field, without the spaces apps put between groups of digits ("123 456"). */
export function typedCode(form: FormData, name: string): string {
  return String(form.get(name) ?? '').replace(/\s+/g, '');
}
