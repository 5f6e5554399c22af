import { email } from './auth-validation';

describe('e-mail field', () => {
  it.each(['neo@matrix.io', ' neo@matrix.io ', 'first.last+tag@sub.example.co.uk'])('accepts %s', async (value) => {
    await expect(email.validate(value)).resolves.toBe(value.trim());
  });

  it.each(['neo@', 'neo@matrix', 'a@b', '@matrix.io', 'neo matrix@io.x y'])('refuses %s', async (value) => {
    await expect(email.validate(value)).rejects.toThrow('Invalid email format.');
  });

  it('asks for a missing one', async () => {
    await expect(email.validate('  ')).rejects.toThrow('Email is required.');
  });
});
