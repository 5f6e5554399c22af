import argon2 from 'argon2';

/**
 * argon2id at the library's settings (64 MiB, 3 passes: about 0.2 s a hash or a check on a small server). Under Jest,
 * argon2id at a small cost (1 MiB, 1 pass: a few ms), as a test setting: the API tests sign up and log in hundreds of
 * times. A hash names its own settings, so checks work across both; the browser tests run the real settings.
 */
const OPTIONS = process.env.JEST_WORKER_ID
  ? ({ type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const)
  : ({ type: argon2.argon2id } as const);

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
