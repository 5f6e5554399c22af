import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { AuthForm } from './AuthForm';
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
