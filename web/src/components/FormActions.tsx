import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * An admin form's submit button (busy while it submits) and a Cancel link back to where the form was opened from,
 * with `cancelState` as that page's history state (the shop's view a product page was opened from).
 */
export function FormActions({
  submit,
  submitting,
  cancelTo,
  cancelState,
}: {
  submit: string;
  submitting: boolean;
  cancelTo: string;
  cancelState?: unknown;
}) {
  return (
    <HStack gap="3" pt="2">
      <Button type="submit" colorPalette="brand" loading={submitting}>
        {submit}
      </Button>
      <Button asChild variant="outline">
        <RouterLink to={cancelTo} state={cancelState}>
          Cancel
        </RouterLink>
      </Button>
    </HStack>
  );
}
