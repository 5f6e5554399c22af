import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useDiscardGuard } from './use-discard-guard';

function Form({ dirty }: { dirty: boolean }) {
  useDiscardGuard(dirty);
  return <p>form</p>;
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** A form page (at /form) with links of the page around it, as the top bar and footer are. */
function renderPage(dirty: boolean) {
  render(
    <MemoryRouter initialEntries={['/form']}>
      <Link to="/shop">Shop</Link>
      <a href="https://elsewhere.example/">Elsewhere</a>
      <Routes>
        <Route path="/form" element={<Form dirty={dirty} />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

it('asks before any link of the page leaves a form with changes, and stays when told no', async () => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderPage(true);
  await userEvent.click(screen.getByRole('link', { name: 'Shop' }));
  expect(confirm).toHaveBeenCalledWith('Leave this form? Your changes will be lost.');
  expect(screen.getByTestId('location')).toHaveTextContent('/form');
  confirm.mockReturnValue(true);
  await userEvent.click(screen.getByRole('link', { name: 'Shop' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/shop');
});

it('asks nothing without changes, nor for a link opened in a new tab or to another site', async () => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderPage(true);
  // jsdom cannot open a tab or leave the page: the browser's part is stopped once the guard has had its turn
  const stop = (event: MouseEvent) => event.preventDefault();
  document.addEventListener('click', stop);
  const user = userEvent.setup();
  await user.keyboard('{Control>}');
  await user.click(screen.getByRole('link', { name: 'Shop' }));
  await user.keyboard('{/Control}');
  await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
  document.removeEventListener('click', stop);
  expect(confirm).not.toHaveBeenCalled();
});

it('lets a form without changes go', async () => {
  const confirm = jest.spyOn(window, 'confirm');
  renderPage(false);
  await userEvent.click(screen.getByRole('link', { name: 'Shop' }));
  expect(confirm).not.toHaveBeenCalled();
  expect(screen.getByTestId('location')).toHaveTextContent('/shop');
});
