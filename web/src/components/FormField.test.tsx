import { render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, Input } from '@chakra-ui/react';
import { system } from '../app/theme';
import { FormField } from './FormField';

function Field({ error, touched }: { error?: string; touched?: boolean }) {
  return (
    <ChakraProvider value={system}>
      <FormField label="Username" helper="Shown to staff." error={error} touched={touched}>
        <Input />
      </FormField>
    </ChakraProvider>
  );
}

describe('FormField', () => {
  it('describes its control by the helper text, and by the error once there is one (VoiceOver reads no errormessage)', async () => {
    const { rerender } = render(<Field error="Username is required." />);
    const input = screen.getByLabelText('Username');
    await waitFor(() => expect(input).toHaveAccessibleDescription('Shown to staff.'));
    expect(input).not.toHaveAttribute('aria-invalid');

    rerender(<Field error="Username is required." touched />);
    await waitFor(() => expect(input).toHaveAccessibleDescription('Username is required.'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleErrorMessage('Username is required.');
  });

  it('shows its error in a live region that was on the page, empty, before the error appeared', async () => {
    const { rerender, container } = render(<Field error="Username is required." />);
    const live = container.querySelector('[aria-live="polite"][data-field-errors]');
    expect(live).toBeInTheDocument();
    expect(live).toBeEmptyDOMElement();

    rerender(<Field error="Username is required." touched />);
    await waitFor(() => expect(live).toHaveTextContent('Username is required.'));
    expect(container.querySelector('[data-field-errors]')).toBe(live); // the same element, not a new one
  });
});
