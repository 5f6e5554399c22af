import { email, username } from './auth-validation';

describe('e-mail field', () => {
  it.each(['neo@matrix.io', ' neo@matrix.io ', 'first.last+tag@sub.example.co.uk'])('accepts %s', async (value) => {
    await expect(email.validate(value)).resolves.toBe(value.trim());
  });

  it.each(['neo@', 'neo@matrix', 'a@b', '@matrix.io', 'neo matrix@io.x y'])('refuses %s', async (value) => {
    await expect(email.validate(value)).rejects.toThrow('Invalid email format.');
  });

  // The server's rule (validator.js isEmail): what it refuses is refused on blur, and an address an account could be
  // registered with through the API can be typed in to log in.
  const ofLength = (length: number) =>
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 197)}.com`;

  it.each(['user@例え.jp', '"quoted"@example.com'])('accepts %s, as the server does', async (value) => {
    await expect(email.validate(value)).resolves.toBe(value);
  });

  it.each(['a@b.c', 'john..doe@example.com', '\ud800@example.com'])('refuses %s, as the server does', async (value) => {
    await expect(email.validate(value)).rejects.toThrow('Invalid email format.');
  });

  it('takes 254 characters and no more, as the server does', async () => {
    await expect(email.validate(ofLength(254))).resolves.toBe(ofLength(254));
    await expect(email.validate(ofLength(255))).rejects.toThrow('Invalid email format.');
  });

  it('asks for a missing one', async () => {
    await expect(email.validate('  ')).rejects.toThrow('Email is required.');
  });
});

describe('username field', () => {
  it('takes 60 characters, spaces around them aside, and no more, as the server does', async () => {
    await expect(username.validate(` ${'a'.repeat(60)} `)).resolves.toBe('a'.repeat(60));
    await expect(username.validate('a'.repeat(61))).rejects.toThrow('Username must be at most 60 characters.');
  });

  it('asks for a missing one', async () => {
    await expect(username.validate('   ')).rejects.toThrow('Username is required.');
  });
});
