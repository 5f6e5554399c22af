import { act, screen } from '@testing-library/react';
import { safeRedirect } from '../lib/redirect';
import { setStoredUser, type StoredUser } from '../lib/auth';
import { renderAt } from '../test/render';
import { GuestOnly, RequireAdmin, RequireUser } from './guards';

const customer: StoredUser = {
  _id: 'u1',
  id: 'u1',
  username: 'player',
  email: 'player@example.com',
  phone: '',
  isAdmin: false,
  token: 't',
};

afterEach(() => setStoredUser(null));

describe('route guards', () => {
  it('sends a visitor of a signed-in page to login with the page to come back to', () => {
    renderAt('/profile?tab=password', <RequireUser>secret</RequireUser>);
    expect(screen.queryByText('secret')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fprofile%3Ftab%3Dpassword');
  });

  it('lets a signed-in user in', () => {
    setStoredUser(customer);
    renderAt('/profile', <RequireUser>secret</RequireUser>);
    expect(screen.getByText('secret')).toBeInTheDocument();
  });

  it('sends a visitor of an admin page to login, and a customer home', () => {
    renderAt('/products/create', <RequireAdmin>form</RequireAdmin>);
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fproducts%2Fcreate');

    setStoredUser(customer);
    renderAt('/bar/create', <RequireAdmin>form</RequireAdmin>);
    expect(screen.queryByText('form')).toBeNull();
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(/^\/$/);
  });

  it('lets an admin in', () => {
    setStoredUser({ ...customer, isAdmin: true });
    renderAt('/products/create', <RequireAdmin>form</RequireAdmin>);
    expect(screen.getByText('form')).toBeInTheDocument();
  });

  it('sends someone signed in away from login and sign-up, home whatever the redirect (spec §2)', () => {
    setStoredUser(customer);
    renderAt('/login', <GuestOnly>login form</GuestOnly>);
    expect(screen.queryByText('login form')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    renderAt('/login?redirect=%2Fbooking', <GuestOnly>login form</GuestOnly>);
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(/^\/$/);
    renderAt('/signup', <GuestOnly>sign-up form</GuestOnly>);
    expect(screen.queryByText('sign-up form')).toBeNull();
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(/^\/$/);
  });

  it('leaves the login page to its own redirect when the visitor signs in on it', async () => {
    renderAt('/login?redirect=%2Fbooking', <GuestOnly>login form</GuestOnly>);
    act(() => setStoredUser(customer));
    expect(screen.getByText('login form')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fbooking');
  });

  it('sends the login page home when the visitor signs in in another tab meanwhile (spec §2)', () => {
    renderAt('/login?redirect=%2Fprofile', <GuestOnly>login form</GuestOnly>);
    expect(screen.getByText('login form')).toBeInTheDocument();
    act(() => {
      // what another tab's login does to this one: the stored value changes, and `storage` fires here
      localStorage.setItem('user', JSON.stringify(customer));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(screen.queryByText('login form')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('ignores a stored user that is not a valid record', () => {
    localStorage.setItem('user', '{not json');
    renderAt('/profile', <RequireUser>secret</RequireUser>);
    expect(screen.queryByText('secret')).toBeNull();
  });
});

describe('login redirect target', () => {
  it('follows a same-site path and refuses another site', () => {
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('//evil.example')).toBe('/');
    // not back to the login form, nor to be signed out at once
    for (const page of ['/login', '/login?redirect=/x', '/logout', '/SIGNUP', '/reset-password/abc']) {
      expect([page, safeRedirect(page)]).toEqual([page, '/']);
    }
    expect(safeRedirect('/login-rewards')).toBe('/login-rewards');
    expect(safeRedirect(null)).toBe('/');
  });

  it.each(['/\\evil.example', '/\t/evil.example', 'https://evil.example'])(
    'goes home instead of to %j, which a browser reads as another site',
    (target) => {
      expect(safeRedirect(target)).toBe('/');
    },
  );

  it('keeps a same-site path with its query', () => {
    expect(safeRedirect('/shop?q=zelda&page=2')).toBe('/shop?q=zelda&page=2');
  });
});
