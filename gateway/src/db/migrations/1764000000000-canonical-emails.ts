import { domainToUnicode } from 'node:url';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts' addresses are kept in one form, their domain in Unicode (canonicalEmail): a browser's e-mail field sends
 * user@例え.jp as user@xn--r8jz45g.jp, and an account made that way was not found by the Unicode address, nor
 * refused as taken. Addresses stored before are brought to that form, unless another account already has it (then
 * both stay as they are: merging accounts is for staff).
 */
export class CanonicalEmails1764000000000 implements MigrationInterface {
  name = 'CanonicalEmails1764000000000';

  async up(db: QueryRunner): Promise<void> {
    // Only a domain with an ACE label or a character outside ASCII can change.
    const rows = (await db.query(
      `SELECT id, email FROM users WHERE substring(email from '@([^@]*)$') ~* '(^|\\.)xn--|[^\\x01-\\x7f]'`,
    )) as { id: string; email: string }[];
    for (const { id, email } of rows) {
      const at = email.lastIndexOf('@');
      const domain = domainToUnicode(email.slice(at + 1).toLowerCase());
      const canonical = domain ? `${email.slice(0, at).toLowerCase()}@${domain}` : email;
      if (canonical === email) continue;
      await db.query(
        `UPDATE users SET email = $1 WHERE id = $2
            AND NOT EXISTS (SELECT 1 FROM users other WHERE lower(other.email) = lower($1) AND other.id <> $2)`,
        [canonical, id],
      );
    }
  }

  async down(): Promise<void> {
    // Nothing to undo: either form of an address is one address.
  }
}
