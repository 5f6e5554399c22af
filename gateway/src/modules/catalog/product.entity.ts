import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { discountedCents, toDollars } from '../../common/money';

export enum ProductCategory {
  Game = 'Game',
  Accessory = 'Accessory',
  Console = 'Console',
  Merch = 'Merch',
  Other = 'Other',
}

export enum ProductPlatform {
  PS5 = 'PS5',
  PS4 = 'PS4',
  PC = 'PC',
  XBox = 'XBox',
  Other = 'Other',
  /** Made for every platform: it shows under each platform filter of the shop. */
  All = 'All',
}

registerEnumType(ProductCategory, { name: 'ProductCategory' });
registerEnumType(ProductPlatform, { name: 'ProductPlatform' });

const realNumber = { to: (value: number) => value, from: (value: string | number) => Number(value) };

@ObjectType({ description: 'Something the shop sells: a game, an accessory, a console or merchandise.' })
@Entity({ name: 'products' })
export class Product {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field()
  @Column()
  name: string;

  @Field()
  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'integer' })
  priceCents: number;

  @Field(() => Int, { description: 'Percent off the price, 0 to 100.' })
  @Column({ type: 'integer', default: 0 })
  discount: number;

  @Field(() => Int, { description: 'Units in stock.' })
  @Column({ type: 'integer', default: 0 })
  amount: number;

  @Field(() => ProductCategory)
  @Column({ type: 'varchar' })
  category: ProductCategory;

  @Field(() => ProductPlatform)
  @Column({ type: 'varchar' })
  platform: ProductPlatform;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', nullable: true })
  brand: string | null;

  @Field()
  @Column({ default: false })
  isFeatured: boolean;

  @Field(() => Float, { description: '0 to 5 in half-star steps.' })
  @Column({ type: 'real', default: 0, transformer: realNumber })
  rating: number;

  /** The key of the form that made it, kept while that form retries (`creationKey` of the create input). */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  creationKey: string | null;

  @Field()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Field(() => Float, { description: 'List price in USD.' })
  get price(): number {
    return toDollars(this.priceCents);
  }

  @Field(() => Float, { description: 'Price after the discount, in USD.' })
  get salePrice(): number {
    return toDollars(discountedCents(this.priceCents, this.discount));
  }

  @Field({ description: 'Out of stock means an amount below 1.' })
  get inStock(): boolean {
    return this.amount >= 1;
  }
}

@ObjectType({ description: 'One picture of a product, in the order the shop shows them.' })
@Entity({ name: 'product_images' })
export class ProductImage {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  productId: string;

  @Field(() => Int)
  @Column({ type: 'integer' })
  position: number;

  @Column()
  smallKey: string;

  @Column()
  largeKey: string;

  /** The key of the product edit that added it (`updateKey` of `updateProduct`), if it sent one. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  updateKey: string | null;

  @Field(() => Int, { description: 'Width of the large variant, in pixels.' })
  @Column({ type: 'integer' })
  width: number;

  @Field(() => Int, { description: 'Height of the large variant, in pixels.' })
  @Column({ type: 'integer' })
  height: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
