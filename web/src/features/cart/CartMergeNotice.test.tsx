import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { system } from '../../app/theme';
import { CartMergeNotice } from './CartMergeNotice';

function renderNotice(onClose: () => void) {
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={['/checkout']}>
        <CartMergeNotice message="Neon Pad is no longer available and was removed." onClose={onClose} />
        <Link to="/shop">Shop</Link>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe('CartMergeNotice', () => {
  it('tells what the login merge changed, and closes from its button', async () => {
    const onClose = jest.fn();
    renderNotice(onClose);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your cart changed when you logged inNeon Pad is no longer available and was removed.',
    );
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes once the customer goes to another page', async () => {
    const onClose = jest.fn();
    renderNotice(onClose);
    await userEvent.click(screen.getByRole('link', { name: 'Shop' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
