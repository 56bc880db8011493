import type { ComponentProps } from 'react';
import { Field, inputClasses } from './field.tsx';

type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> & {
  label: string;
  hint?: string;
  error?: string;
  /** For lists of ids and other text read character by character. */
  monospace?: boolean;
};

export function TextareaField({ label, hint, error, monospace = false, ...textarea }: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <textarea {...textarea} {...control} className={`${inputClasses} ${monospace ? 'font-mono text-xs' : ''}`} />}
    </Field>
  );
}
