import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/** False for a wrong password and for a hash that is not argon2 (never throws). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not the password of anyone');
  await verifyPassword(await dummyHash, password);
}
