import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { setStoredUser } from '../../lib/auth';
// The page keeps its delete mutation to itself: this is the same document, as codegen emits it.
import { MenuPageDeleteDocument as Delete } from '../../gql/graphql';
import { MenuPage, MenuPageItems } from './MenuPage';
import { STORED_ADMIN } from '../../test/users';

const nachos = {
  __typename: 'BarItem' as const,
  id: 'b1',
  name: 'Nachos',
  category: 'Snack' as const,
  description: 'With cheese.',
  price: 6.5,
  imageSmall: null,
};

const menu: MockLink.MockedResponse = {
  request: { query: MenuPageItems },
  result: { data: { barItems: [nachos] } },
};

function renderMenu(mocks: MockLink.MockedResponse[]) {
  return renderAt(
    '/menu',
    <MockedProvider mocks={mocks}>
      <MenuPage />
    </MockedProvider>,
  );
}

describe('MenuPage (admin)', () => {
  beforeEach(() => setStoredUser(STORED_ADMIN));
  afterEach(() => {
    cleanup(); // before signing out, which would re-render the page as a guest's
    setStoredUser(null);
    jest.restoreAllMocks();
  });

  it("asks first, then says 'Failed to delete the item' when the delete fails, and keeps the item", async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderMenu([menu, { request: { query: Delete, variables: { id: 'b1' } }, error: new Error('down') }]);
    await user.click(await screen.findByRole('button', { name: 'Remove Item: Nachos' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this item?');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to delete the item$/);
    expect(logged).toHaveBeenCalledWith('Bar item delete failed', expect.any(Error));
    expect(screen.getByRole('article', { name: 'Nachos' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/menu$/);
  });

  it('deletes nothing when the admin answers no', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const deleted = jest.fn(() => ({ data: { deleteBarItem: 'b1' } }));
    const user = userEvent.setup();
    renderMenu([menu, { request: { query: Delete, variables: { id: 'b1' } }, result: deleted }]);
    await user.click(await screen.findByRole('button', { name: 'Remove Item: Nachos' }));
    await new Promise((resolve) => setTimeout(resolve, 100)); // time enough for a delete to be answered, were one sent
    expect(deleted).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Nachos' })).toBeInTheDocument();
  });
});
