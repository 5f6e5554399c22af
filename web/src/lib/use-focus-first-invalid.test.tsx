import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { system } from '../app/theme';
import { FormikField } from '../components/FormField';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

function TwoFieldForm({ onSubmit }: { onSubmit: () => void }) {
  const form = useFormik({
    initialValues: { name: '', city: '' },
    validationSchema: yup.object({
      name: yup.string().required('Name is required.'),
      city: yup.string().required('City is required.'),
    }),
    onSubmit,
  });
  const formRef = useFocusFirstInvalid(form);
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate>
      <FormikField form={form} name="name" label="Name" />
      <FormikField form={form} name="city" label="City" />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout
  });

  it('takes the keyboard to the first field in error when a submit stops, and leaves it alone while typing', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <ChakraProvider value={system}>
        <TwoFieldForm onSubmit={onSubmit} />
      </ChakraProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);

    // Typing elsewhere (the form validates again on each change) does not pull the focus back
    await user.click(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Brooklyn');
    expect(screen.getByLabelText('City')).toHaveFocus();

    // The next failed submit goes to what is still in error
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('passes over a field in error that cannot take the keyboard: hidden, display: none, disabled or inert', async () => {
    function Form() {
      const form = useFormik({
        initialValues: { name: '' },
        validationSchema: yup.object({ name: yup.string().required('Name is required.') }),
        onSubmit: () => {},
      });
      const formRef = useFocusFirstInvalid(form);
      const invalid = form.submitCount > 0 && Boolean(form.errors.name);
      return (
        <form ref={formRef} onSubmit={form.handleSubmit} noValidate>
          <input aria-label="Hidden" hidden aria-invalid={invalid} />
          <div style={{ display: 'none' }}>
            <input aria-label="In a display: none box" aria-invalid={invalid} />
          </div>
          <input aria-label="Disabled" disabled aria-invalid={invalid} />
          <div inert>
            <input aria-label="Inert" aria-invalid={invalid} />
          </div>
          <button type="button" aria-label="Shown" aria-invalid={invalid} />
          <button type="submit">Send</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shown' })).toHaveFocus());
  });
});
