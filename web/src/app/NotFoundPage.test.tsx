import { screen } from '@testing-library/react';
import { renderAt } from '../test/render';
import { NotFoundPage } from './NotFoundPage';

it('says the page was not found and links home', () => {
  renderAt('/no/such/page', <NotFoundPage />, '*');
  expect(screen.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
});
