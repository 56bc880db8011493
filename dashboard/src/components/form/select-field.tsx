import type { ComponentProps } from 'react';
import { Field, inputClasses } from './field.tsx';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'className'> & { label: string; hint?: string; error?: string };

export function SelectField({ label, hint, error, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...select} {...control} className={inputClasses}>
          {children}
        </select>
      )}
    </Field>
  );
}
