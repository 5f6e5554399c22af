import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

/** A labelled field with its error, shown only once the field has been touched. */
export function FormField({
  label,
  error,
  touched,
  helper,
  children,
}: {
  label: string;
  error?: string;
  touched?: boolean;
  helper?: string;
  children: ReactNode;
}) {
  const invalid = Boolean(touched && error);
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      {children}
      {invalid ? <Field.ErrorText>{error}</Field.ErrorText> : helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}
