import { useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { Box, Field, Input, Text } from '@chakra-ui/react';
import type { FormikProps } from 'formik';
import { PasswordInput } from './PasswordInput';
import { useClaimLostFocus } from '../lib/use-claim-lost-focus';

/** A labelled field with its error, shown only once the field has been touched. */
export function FormField({
  label,
  error,
  touched,
  helper,
  required,
  children,
}: {
  label: string;
  error?: string;
  touched?: boolean;
  helper?: string;
  /** Said to screen readers by the control (a select takes it from here alone); the form checks it itself. */
  required?: boolean;
  children: ReactNode;
}) {
  const invalid = Boolean(touched && error);
  // Ark links the control to its error by aria-errormessage alone, which VoiceOver does not read, and to its helper
  // text by aria-describedby. The two never show together here, so they share one id: the control is described by
  // whichever shows, the error included.
  const note = `${useId()}-note`;
  return (
    <Field.Root invalid={invalid} required={required} ids={{ helperText: note, errorText: note }}>
      <Field.Label>{label}</Field.Label>
      {children}
      {/* The error appears in a live region that was there before it (always mounted, empty until then): screen
          readers often say nothing of a live region born with its text, and the error shows on blur, behind a
          visitor whose focus has moved on. Empty, it takes back the gap the field puts before it. */}
      <Box aria-live="polite" data-field-errors display="flex" flexDirection="column" _empty={{ mt: '-1.5' }}>
        {invalid && <Field.ErrorText>{error}</Field.ErrorText>}
      </Box>
      {!invalid && helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** The part of a formik form a field needs. */
type FormikForm<V> = Pick<FormikProps<V>, 'errors' | 'touched' | 'getFieldProps'>;

/**
 * A text or password input bound to a formik field (value, change, blur through formik's own
 * getFieldProps), with its label and its error once touched.
 */
export function FormikField<V>({
  form,
  name,
  label,
  password,
  ...inputProps
}: {
  form: FormikForm<V>;
  name: keyof V & string;
  label: string;
  password?: boolean;
} & Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange' | 'onBlur' | 'form'>) {
  const error = form.errors[name];
  return (
    <FormField
      label={label}
      error={typeof error === 'string' ? error : undefined}
      touched={Boolean(form.touched[name])}
    >
      {password ? (
        <PasswordInput what={label.toLowerCase()} {...inputProps} {...form.getFieldProps(name)} />
      ) : (
        <Input {...inputProps} {...form.getFieldProps(name)} />
      )}
    </FormField>
  );
}

/** A form's submit error, in red, announced to screen readers; nothing when there is none. */
export function FormError({ children }: { children?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // A submit that failed while its button was busy (disabled) left the keyboard on the page body, or on the disabled
  // button: the error takes it, so the next Tab goes on from the form.
  useClaimLostFocus(ref, children);
  return children ? (
    <Text ref={ref} tabIndex={-1} outline="none" color="fg.error" role="alert">
      {children}
    </Text>
  ) : null;
}
