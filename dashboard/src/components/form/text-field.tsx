import type { ComponentProps } from 'react';
import { Field, inputClasses } from './field.tsx';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & { label: string; hint?: string; error?: string };

export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} className={inputClasses} />}
    </Field>
  );
}
