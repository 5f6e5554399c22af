import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { toDollars } from '../../common/money';

/** In menu order: the menu groups items in exactly this order. */
export enum BarCategory {
  Beverage = 'Beverage',
  Snack = 'Snack',
  Cocktail = 'Cocktail',
  Meal = 'Meal',
  Other = 'Other',
}

registerEnumType(BarCategory, { name: 'BarCategory', description: 'Menu groups, in menu order.' });

export const BAR_CATEGORY_ORDER = Object.values(BarCategory);

@ObjectType({ description: 'Something the bar serves.' })
@Entity({ name: 'bar_items' })
export class BarItem {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field()
  @Column()
  name: string;

  @Field(() => BarCategory)
  @Column({ type: 'varchar' })
  category: BarCategory;

  @Field()
  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'integer' })
  priceCents: number;

  @Column({ type: 'text', nullable: true })
  imageSmallKey: string | null;

  @Column({ type: 'text', nullable: true })
  imageLargeKey: string | null;

  /** The key of the form that made it, kept while that form retries (`creationKey` of the create input). */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  creationKey: string | null;

  @Field()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Field(() => Float, { description: 'USD.' })
  get price(): number {
    return toDollars(this.priceCents);
  }
}
