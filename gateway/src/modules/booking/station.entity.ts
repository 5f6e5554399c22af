import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { SessionType } from './booking.types';

@ObjectType({ description: 'One bookable seat, rig or console of a session type.' })
@Entity({ name: 'stations' })
export class Station {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => SessionType)
  @Column({ type: 'varchar' })
  sessionType: SessionType;

  @Field()
  @Column()
  name: string;

  @Field({ description: 'Inactive stations keep their bookings but take no new ones.' })
  @Column({ default: true })
  active: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
