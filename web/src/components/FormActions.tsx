import type { MouseEvent } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** An admin form's submit button (busy while it submits) and a Cancel link back to where the form was opened from. */
export function FormActions({
  submit,
  submitting,
  cancelTo,
  onCancel,
}: {
  submit: string;
  submitting: boolean;
  cancelTo: string;
  /** May keep the form (preventDefault), when it holds changes the admin would rather keep. */
  onCancel?: (event: MouseEvent) => void;
}) {
  return (
    <HStack gap="3" pt="2">
      <Button type="submit" colorPalette="brand" loading={submitting}>
        {submit}
      </Button>
      <Button asChild variant="outline">
        <RouterLink to={cancelTo} onClick={onCancel}>
          Cancel
        </RouterLink>
      </Button>
    </HStack>
  );
}
