import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { discountedCents, toDollars } from '../../common/money';
import { Product } from '../catalog/product.entity';

@ObjectType({ description: 'One line of a signed-in customer’s cart: a product and how many (1 to 3).' })
@Entity({ name: 'cart_items' })
export class CartItem {
  @Field(() => ID, { description: 'Stable for the life of the line, so caches update it in place.' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  /** The line's identity in the cart; the product row may be gone since (see `product`). */
  @Field(() => ID)
  @Column('uuid')
  productId: string;

  /** Snapshot: the product's name when the line was last written or the product deleted. */
  @Column('text')
  productName: string;

  /** Snapshot: the product's sale price then, in cents. */
  @Column('integer')
  productPriceCents: number;

  @Field(() => Int)
  @Column({ type: 'integer' })
  quantity: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Loaded with the line (one join), never lazily; null once the product is deleted. */
  @Field(() => Product, {
    nullable: true,
    description: 'Null once the product is deleted: the line is then no longer sold and shows its snapshot.',
  })
  product: Product | null;

  @Field({ description: 'The product’s name; once it is deleted, the name it had then.' })
  get name(): string {
    return this.product?.name ?? this.productName;
  }

  /** Sale price of one unit in cents: the product's, else the snapshot's. */
  get unitPriceCents(): number {
    return this.product ? discountedCents(this.product.priceCents, this.product.discount) : this.productPriceCents;
  }

  @Field(() => Float, { description: 'Sale price of one unit, in USD (the snapshot’s once the product is deleted).' })
  get unitPrice(): number {
    return toDollars(this.unitPriceCents);
  }

  /** Whether the line can be bought as the product is now: not deleted, and not out of stock (spec §5: amount below 1). */
  get forSale(): boolean {
    return this.product !== null && this.product.amount >= 1;
  }

  @Field(() => Float, {
    description:
      'Unit sale price times quantity, in USD; 0 while the line cannot be bought (its product deleted or out of stock), as the cart’s totals leave it out.',
  })
  get lineTotal(): number {
    return this.forSale ? toDollars(this.unitPriceCents * this.quantity) : 0;
  }
}

@ObjectType({ description: 'The signed-in customer’s server cart with every total computed on the server.' })
export class Cart {
  @Field(() => ID, { description: 'The owner’s user id: one cart per user, so the cache keeps one object.' })
  id: string;

  @Field(() => [CartItem], { description: 'Oldest line first.' })
  items: CartItem[];

  @Field(() => Int, { description: 'Units in the cart (sum of quantities), for the badge.' })
  itemCount: number;

  @Field(() => Float, { description: 'Sum of the lines still sold, at sale prices, in USD.' })
  subtotal: number;

  @Field(() => Float, { description: '10 % of the subtotal, in USD.' })
  tax: number;

  @Field(() => Float, { description: 'Flat 5.00 when the cart is not empty, in USD.' })
  shipping: number;

  @Field(() => Float, { description: 'Checkout total: subtotal + tax + shipping, in USD.' })
  total: number;

  @Field(() => Float, { description: 'The cart page total: subtotal + tax (no shipping), in USD.' })
  cartTotal: number;
}
