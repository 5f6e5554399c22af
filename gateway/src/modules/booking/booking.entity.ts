import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { SessionType } from './booking.types';

/**
 * A station held for a time range. `period` (a generated tstzrange) is not mapped: the
 * database uses it to refuse overlaps, the code never writes it.
 * date, startTime, endTime, status, user and station are resolved fields.
 */
@ObjectType({ description: 'A reservation of one station for a time range.' })
@Entity({ name: 'bookings' })
export class Booking {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @Column('uuid')
  stationId: string;

  @Field(() => SessionType)
  @Column({ type: 'varchar' })
  sessionType: SessionType;

  @Field({ description: 'Start instant (UTC).' })
  @Column({ type: 'timestamptz' })
  startsAt: Date;

  @Field({ description: 'End instant (UTC).' })
  @Column({ type: 'timestamptz' })
  endsAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  /** The key of the form that made it, kept while that form retries (`creationKey` of `createBooking`). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  creationKey: string | null;

  @Field()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
