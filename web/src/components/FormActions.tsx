import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** An admin form's submit button (busy while it submits) and a Cancel link back to where the form was opened from. */
export function FormActions({
  submit,
  submitting,
  cancelTo,
}: {
  submit: string;
  submitting: boolean;
  cancelTo: string;
}) {
  return (
    <HStack gap="3" pt="2">
      <Button type="submit" colorPalette="brand" loading={submitting}>
        {submit}
      </Button>
      <Button asChild variant="outline">
        <RouterLink to={cancelTo}>Cancel</RouterLink>
      </Button>
    </HStack>
  );
}
