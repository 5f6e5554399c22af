import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@ObjectType({ description: 'A customer or an admin of the venue.' })
@Entity({ name: 'users' })
export class User {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field()
  @Column()
  username: string;

  @Field()
  @Column()
  email: string;

  @Field()
  @Column({ default: '' })
  phone: string;

  @Column({ select: false })
  passwordHash: string;

  @Field()
  @Column({ default: false })
  isAdmin: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  emailConfirmedAt: Date | null;

  /**
   * A new address the user asked for, waiting for its `email_change` link to be opened: `email` stays the account's
   * (log-in, mail) until then. Shown in the API to the user themself only (AuthResolver.pendingEmail).
   */
  @Column({ type: 'varchar', length: 254, nullable: true })
  pendingEmail: string | null;

  @Column({ type: 'integer', default: 0 })
  tokenVersion: number;

  /**
   * The session (token `sid`) that changed the password last, and the token version it had then: its tokens still
   * work, while every other session's ended with the change (auth-token.ts isCurrentSession).
   */
  @Column({ type: 'varchar', length: 32, nullable: true })
  keptSessionId: string | null;

  @Column({ type: 'integer', nullable: true })
  keptSessionVersion: number | null;

  @Field()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
