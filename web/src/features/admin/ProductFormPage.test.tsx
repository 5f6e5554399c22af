import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { ProductFormPageDocument, UploadLimitsDocument as Limits } from '../../gql/graphql';
import { ProductFormPage } from './ProductFormPage';

/** The server's upload limit (UPLOAD_MAX_MB=2), asked once per form. */
const limits: MockLink.MockedResponse = {
  request: { query: Limits },
  result: { data: { uploadLimits: { __typename: 'UploadLimits', imageMaxBytes: 2 * 1024 * 1024 } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** The new-product form, as an admin opens it. */
const renderForm = () =>
  renderAt(
    '/products/create',
    <MockedProvider mocks={[limits]}>
      <ProductFormPage />
    </MockedProvider>,
  );

describe('ProductFormPage', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout; the form shows its first error
  });

  it('takes the keyboard to Add images, described by the error, when a submit stops on the missing images', async () => {
    const user = userEvent.setup();
    // no mutation mocked: sending would fail the test with a submit error
    renderForm();
    const add = screen.getByRole('button', { name: 'Add images' });
    expect(add).not.toHaveAttribute('aria-invalid');
    expect(add).toHaveAccessibleDescription(/^Up to 5 images: JPEG, PNG, WebP or AVIF/);
    await user.type(screen.getByLabelText('Name'), 'Pad');
    await user.type(screen.getByLabelText('Description'), 'A pad.');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(add).toHaveFocus());
    expect(add).toHaveAttribute('aria-invalid', 'true');
    expect(add).toHaveAccessibleDescription('Please upload at least one image.');
    // The field's label names its group, and leads to the button that adds images.
    expect(screen.getByRole('group', { name: 'Images' })).toContainElement(add);
    expect(screen.getByText('Images', { selector: 'label' })).toHaveAttribute('for', add.id);
  });

  it('says the images are missing on a submit after a refused pick, not why the pick was refused', async () => {
    const user = userEvent.setup();
    renderForm();
    const add = screen.getByRole('button', { name: 'Add images' });
    const six = Array.from({ length: 6 }, (_, i) => new File([new Uint8Array(8)], `${i}.png`, { type: 'image/png' }));
    fireEvent.change(screen.getByLabelText('Images files'), { target: { files: six } });
    expect(add).toHaveAccessibleDescription('At most 5 images.');
    await user.type(screen.getByLabelText('Name'), 'Pad');
    await user.type(screen.getByLabelText('Description'), 'A pad.');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(add).toHaveAccessibleDescription('Please upload at least one image.'));
  });

  it('says an edit form could not be loaded (not that the product is gone), and asks again on Try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const product = { query: ProductFormPageDocument, variables: { id: 'p1' } };
    renderAt(
      '/products/edit/p1',
      <MockedProvider
        mocks={[
          limits,
          { request: product, error: new Error('Failed to fetch') },
          { request: product, result: { data: { product: null } } }, // deleted meanwhile: now it is not found
        ]}
      >
        <ProductFormPage />
      </MockedProvider>,
      '/products/edit/:id',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the product.');
    expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
