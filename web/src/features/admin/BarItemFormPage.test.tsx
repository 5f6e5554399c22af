import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router-dom';
import { renderAt } from '../../test/render';
import { useLocationNotice } from '../../lib/location-notice';
// The page keeps its operations to itself: these are the same documents, as codegen emits them.
import {
  BarItemFormCreateDocument as Create,
  BarItemFormPageDocument as Load,
  BarItemFormUpdateDocument as Update,
  UploadLimitsDocument as Limits,
} from '../../gql/graphql';
import { BarItemFormPage } from './BarItemFormPage';

const latte = {
  __typename: 'BarItem' as const,
  id: 'b1',
  name: 'Latte',
  description: 'Milky.',
  price: 3.5,
  category: 'Beverage' as const,
  image: null,
  imageSmall: null,
};

/** The latte loaded for editing, then its update to `name` (as the form sends it), answered by `answer`. */
const editLatte = (
  name: string,
  answer: Pick<MockLink.MockedResponse, 'result' | 'error'>,
): MockLink.MockedResponse[] => [
  { request: { query: Load, variables: { id: 'b1' } }, result: { data: { barItem: latte } } },
  {
    request: {
      query: Update,
      variables: {
        id: 'b1',
        input: { name, description: 'Milky.', price: 3.5, category: 'Beverage', removeImage: false },
      },
    },
    ...answer,
  },
];

/** Matches the create of a Mocha at $4 as the form sends it, with its creation key (kept in `keys`). */
const mochaSent =
  (keys: string[] = []) =>
  ({ input }: { input: Record<string, unknown> }) => {
    const { creationKey, ...fields } = input;
    const matches =
      typeof creationKey === 'string' &&
      JSON.stringify(fields) === JSON.stringify({ name: 'Mocha', description: '', price: 4, category: 'Beverage' });
    if (matches) keys.push(creationKey);
    return matches;
  };

/** The menu the form goes back to, showing the message the form sent along. */
function Menu() {
  return <p data-testid="menu-notice">{useLocationNotice()}</p>;
}

/** The server's upload limit (UPLOAD_MAX_MB=2), asked once per form. */
const limits: MockLink.MockedResponse = {
  request: { query: Limits },
  result: { data: { uploadLimits: { __typename: 'UploadLimits', imageMaxBytes: 2 * 1024 * 1024 } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderForm(path: string, mocks: MockLink.MockedResponse[]) {
  return renderAt(
    path,
    <MockedProvider mocks={[...mocks, limits]}>
      <Routes>
        <Route path="/bar/create" element={<BarItemFormPage />} />
        <Route path="/bar/edit/:id" element={<BarItemFormPage />} />
        <Route path="/menu" element={<Menu />} />
      </Routes>
    </MockedProvider>,
    '/*',
  );
}

describe('BarItemFormPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it("says 'Failed to add bar item' when the item to edit cannot be loaded, with Try again, which loads it", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderForm('/bar/edit/b1', [
      { request: { query: Load, variables: { id: 'b1' } }, error: new Error('down') },
      { request: { query: Load, variables: { id: 'b1' } }, result: { data: { barItem: latte } } },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to add bar item/);
    expect(screen.queryByRole('form', { name: 'Bar item form' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/menu');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Bar item form' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Latte');
  });

  it("says 'Failed to add bar item' for an item that is not there, with nothing to try again", async () => {
    renderForm('/bar/edit/b1', [
      { request: { query: Load, variables: { id: 'b1' } }, result: { data: { barItem: null } } },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to add bar item$/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/menu');
  });

  it("saves an edit, then goes to the menu saying 'Bar item updated successfully!'", async () => {
    const user = userEvent.setup();
    renderForm(
      '/bar/edit/b1',
      editLatte('Oat Latte', { result: { data: { updateBarItem: { ...latte, name: 'Oat Latte' } } } }),
    );
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Latte');
    await user.clear(name);
    await user.type(name, 'Oat Latte');
    await user.click(screen.getByRole('button', { name: 'Update Item' }));
    expect(await screen.findByTestId('menu-notice')).toHaveTextContent(/^Bar item updated successfully!$/);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/menu$/);
  });

  it("says 'Failed to submit bar item' when adding fails, with the server's reason, and stays on the form", async () => {
    const user = userEvent.setup();
    renderForm('/bar/create', [
      {
        request: { query: Create, variables: mochaSent() },
        result: {
          errors: [new GraphQLError('A menu item named Mocha exists.', { extensions: { code: 'CONFLICT' } })],
        },
      },
    ]);
    await user.type(screen.getByLabelText('Name'), 'Mocha');
    await user.type(screen.getByLabelText('Price (USD)'), '4');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to submit bar item');
    expect(alert).toHaveTextContent('A menu item named Mocha exists.');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/bar\/create$/);
  });

  it('sends a create that failed again with the same creation key, so a first try whose answer was lost is not made twice', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const keys: string[] = [];
    const created = { ...latte, id: 'b2', name: 'Mocha', price: 4 };
    renderForm('/bar/create', [
      { request: { query: Create, variables: mochaSent(keys) }, error: new Error('Failed to fetch') },
      { request: { query: Create, variables: mochaSent(keys) }, result: { data: { createBarItem: created } } },
    ]);
    await user.type(screen.getByLabelText('Name'), 'Mocha');
    await user.type(screen.getByLabelText('Price (USD)'), '4');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit bar item');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByTestId('menu-notice')).toHaveTextContent('Bar item added successfully!');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("says 'Failed to submit bar item' when the update fails without a word from the server", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderForm('/bar/edit/b1', editLatte('Latte', { error: new Error('down') }));
    await user.click(await screen.findByRole('button', { name: 'Update Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit bar item');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/bar\/edit\/b1$/);
    expect(screen.queryByText('Bar item updated successfully!')).not.toBeInTheDocument();
  });

  it("refuses a name or description the server would, in its words, without sending it; names the server's size limit", async () => {
    Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout; the form shows its first error
    const user = userEvent.setup();
    renderForm('/bar/create', []); // no mutation mocked: sending would fail the test with a submit error
    expect(await screen.findByText('One image, optional: JPEG, PNG, WebP or AVIF, 2 MB at most.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('M'.repeat(121));
    await user.click(screen.getByLabelText('Description'));
    await user.paste('d'.repeat(2001));
    await user.type(screen.getByLabelText('Price (USD)'), '10000.01');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Name must be at most 120 characters.')).toBeInTheDocument();
    expect(screen.getByText('Description must be at most 2000 characters.')).toBeInTheDocument();
    expect(screen.getByText('Price must be at most $10,000.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/bar\/create$/);
  });

  it('asks before Cancel or Back drops changes, and leaves at once when there are none', async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    renderForm('/bar/edit/b1', editLatte('Latte', { error: new Error('not sent') }));
    // Untouched: Back leaves without a question.
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/menu$/);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('keeps the form when the admin answers no, and leaves when yes', async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    renderForm('/bar/edit/b1', editLatte('Latte', { error: new Error('not sent') }));
    await user.type(await screen.findByLabelText('Name'), ' grande');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('Leave this form? Your changes will be lost.');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/bar\/edit\/b1$/);
    expect(screen.getByLabelText('Name')).toHaveValue('Latte grande');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/bar\/edit\/b1$/);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/menu$/);
  });
});
