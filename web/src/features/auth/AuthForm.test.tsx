import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { renderAt } from '../../test/render';
// The pages keep their mutations to themselves: these are the same documents, as codegen emits them.
import { LoginPageLoginDocument as Login, SignupPageRegisterDocument as Register } from '../../gql/graphql';
import { AuthForm } from './AuthForm';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';
import { loginSchema, signupSchema } from './auth-validation';

const passwordField = () => screen.getByLabelText('Password', { selector: 'input' });

describe('the login and sign-up form', () => {
  it('shows an error only once its field is touched, and keeps submit disabled until all is valid', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderAt('/signup', <AuthForm mode="signup" schema={signupSchema} onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    expect(submit).toBeDisabled();

    await user.click(screen.getByLabelText('Username'));
    await user.tab(); // leave it empty
    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    expect(screen.queryByText('Email is required.')).toBeNull();
    expect(screen.queryByText('Password is required.')).toBeNull();

    await user.type(screen.getByLabelText('Username'), 'neo');
    await user.type(screen.getByLabelText('Email'), 'neo@');
    await user.tab();
    expect(await screen.findByText('Invalid email format.')).toBeInTheDocument();
    await user.type(passwordField(), '12345');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Email'), 'matrix.io');
    await user.type(passwordField(), '6');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText('Invalid email format.')).toBeNull();

    await user.type(passwordField(), '{Enter}');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ username: 'neo', email: 'neo@matrix.io', password: '123456' }),
    );
  });

  it('empties itself when the submit answers clear (a sign-up that went through), leaving nothing to send twice', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue('clear');
    renderAt('/signup', <AuthForm mode="signup" schema={signupSchema} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Username'), 'neo');
    await user.type(screen.getByLabelText('Email'), 'neo@matrix.io');
    await user.type(passwordField(), '123456{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(passwordField()).toHaveValue(''));
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    expect(screen.queryByText('Username is required.')).toBeNull();
  });

  it('asks for an e-mail and a password to log in, with the spec messages', async () => {
    const user = userEvent.setup();
    renderAt('/login', <AuthForm mode="login" schema={loginSchema} onSubmit={jest.fn()} />);
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.getByLabelText('Email')).toBeRequired(); // said to screen readers; the form checks it itself
    expect(passwordField()).toBeRequired();
    await user.click(screen.getByLabelText('Email'));
    await user.click(passwordField());
    await user.tab();
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('toggles the password between hidden and shown', async () => {
    const user = userEvent.setup();
    renderAt('/login', <AuthForm mode="login" schema={loginSchema} onSubmit={jest.fn()} />);
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });
});

describe('a login or sign-up that fails (spec §8)', () => {
  const credentials = { email: 'neo@matrix.io', password: '123456' };
  const refused = (message: string) => ({
    errors: [new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED' } })],
  });
  afterEach(() => jest.restoreAllMocks());

  async function logIn(mocks: MockLink.MockedResponse[]) {
    const user = userEvent.setup();
    renderAt(
      '/login',
      <MockedProvider mocks={mocks}>
        <LoginPage />
      </MockedProvider>,
    );
    await user.type(screen.getByLabelText('Email'), credentials.email);
    await user.type(passwordField(), `${credentials.password}{Enter}`);
  }

  async function signUp(mocks: MockLink.MockedResponse[]) {
    const user = userEvent.setup();
    renderAt(
      '/signup',
      <MockedProvider mocks={mocks}>
        <SignupPage />
      </MockedProvider>,
    );
    await user.type(screen.getByLabelText('Username'), 'neo');
    await user.type(screen.getByLabelText('Email'), credentials.email);
    await user.type(passwordField(), `${credentials.password}{Enter}`);
  }

  it("says 'Login failed. Please try again.' when the login fails without a word from the server, and logs it", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    await logIn([{ request: { query: Login, variables: credentials }, error: new Error('Failed to fetch') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed\. Please try again\.$/);
    expect(logged).toHaveBeenCalledWith('Login failed', expect.any(Error));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it("shows the server's message when it refuses the login", async () => {
    await logIn([{ request: { query: Login, variables: credentials }, result: refused('Invalid email or password.') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid email or password\.$/);
    expect(screen.queryByText('Login failed. Please try again.')).not.toBeInTheDocument();
  });

  it("says 'Signup failed. Please try again.' when the sign-up fails without a word from the server", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await signUp([
      {
        request: { query: Register, variables: { username: 'neo', ...credentials } },
        error: new Error('Failed to fetch'),
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Signup failed\. Please try again\.$/);
  });

  it("shows the server's message when it refuses the sign-up", async () => {
    await signUp([
      {
        request: { query: Register, variables: { username: 'neo', ...credentials } },
        result: { errors: [new GraphQLError('Email already registered.', { extensions: { code: 'CONFLICT' } })] },
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email already registered\.$/);
    expect(screen.queryByText('Signup failed. Please try again.')).not.toBeInTheDocument();
  });
});
