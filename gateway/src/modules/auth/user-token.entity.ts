import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, type EntityManager } from 'typeorm';

/** `email_change` confirms a new address (users.pending_email), mailed to that address. */
export type UserTokenKind = 'email_confirmation' | 'password_reset' | 'email_change';

/** A single-use link sent by e-mail; the row keeps the sha256 of the token, never the token. */
@Entity({ name: 'user_tokens' })
export class UserToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar' })
  kind: UserTokenKind;

  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** An `email_change` link's address (the one it was mailed to); null for the other kinds. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** Retires the user's links of these kinds still in a mailbox (marked used, so a confirmation link can say it was). */
export async function retireLinks(tx: EntityManager, userId: string, kinds: UserTokenKind[], now: Date): Promise<void> {
  await tx.query('UPDATE user_tokens SET used_at = $1 WHERE user_id = $2 AND kind = ANY($3) AND used_at IS NULL', [
    now,
    userId,
    kinds,
  ]);
}
