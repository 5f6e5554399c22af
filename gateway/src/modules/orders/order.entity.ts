import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { toDollars } from '../../common/money';

export enum OrderStatus {
  paid = 'paid',
  unpaid = 'unpaid',
  cancelled = 'cancelled',
}

/** The spelling of spec §3/§7 (`Cash`, `stripe`), which REST clients store and compare. */
export enum PaymentMethod {
  Cash = 'Cash',
  stripe = 'stripe',
}

registerEnumType(OrderStatus, { name: 'OrderStatus', description: 'Delivery is the separate flag isDelivered.' });
registerEnumType(PaymentMethod, {
  name: 'PaymentMethod',
  description: 'Cash: pay when it arrives (unpaid until delivered, then paid). stripe: card, paid at checkout.',
});

@ObjectType({ description: 'Where the order goes and whom to call.' })
export class OrderDetail {
  @Field()
  @Column()
  fullName: string;

  @Field()
  @Column()
  email: string;

  @Field()
  @Column()
  phone: string;

  @Field()
  @Column()
  address: string;

  @Field()
  @Column()
  city: string;

  @Field()
  @Column()
  zip: string;

  @Field()
  @Column({ type: 'text', default: '' })
  notes: string;
}

/** How people see an order's id (its last 6 characters in upper case): on screens, in mail, in searches. */
export function displayIdOf(id: string): string {
  return id.slice(-6).toUpperCase();
}

@ObjectType({ description: 'A placed order; its items are snapshots taken at checkout.' })
@Entity({ name: 'orders' })
export class Order {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @Field(() => OrderStatus)
  @Column({ type: 'varchar' })
  status: OrderStatus;

  @Field()
  @Column({ default: false })
  isDelivered: boolean;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Field(() => PaymentMethod)
  @Column({ type: 'varchar' })
  paymentMethod: PaymentMethod;

  @Field(() => String, { nullable: true, description: 'Card orders only.' })
  @Column({ type: 'varchar', nullable: true })
  paymentIntentId: string | null;

  /** The key of the checkout that placed it, kept while that checkout retries (`creationKey` of `placeOrder`). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  creationKey: string | null;

  @Column({ type: 'varchar', nullable: true })
  refundId: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Card orders cancelled after payment: why Stripe could not return the money to the card (for example "expired or canceled card"), when it reported that the refund failed; or that this server had no Stripe key to refund with. The customer is still owed the total.',
  })
  @Column({ type: 'text', nullable: true })
  refundFailure: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  refundFailedAt: Date | null;

  @Column({ type: 'integer' })
  subtotalCents: number;

  @Column({ type: 'integer' })
  taxCents: number;

  @Column({ type: 'integer' })
  shippingCents: number;

  @Column({ type: 'integer' })
  totalCents: number;

  @Field(() => OrderDetail)
  @Column(() => OrderDetail, { prefix: false })
  orderDetail: OrderDetail;

  @Field()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Field({ description: 'How people see the id: its last 6 characters in upper case.' })
  get displayId(): string {
    return displayIdOf(this.id);
  }

  @Field(() => Float, { description: 'USD.' })
  get subtotal(): number {
    return toDollars(this.subtotalCents);
  }

  @Field(() => Float, { description: 'USD, 10 % of the subtotal.' })
  get tax(): number {
    return toDollars(this.taxCents);
  }

  @Field(() => Float, { description: 'USD.' })
  get shipping(): number {
    return toDollars(this.shippingCents);
  }

  @Field(() => Float, { description: 'USD: subtotal + tax + shipping.' })
  get totalAmount(): number {
    return toDollars(this.totalCents);
  }

  @Field({ description: 'Not delivered and not cancelled: the owner or an admin may cancel it.' })
  get canCancel(): boolean {
    return !this.isDelivered && this.status !== OrderStatus.cancelled;
  }
}

@ObjectType({ description: 'A product as it was bought: name and unit price are kept even if the product changes.' })
@Entity({ name: 'order_items' })
export class OrderItem {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  orderId: string;

  @Field(() => ID, {
    nullable: true,
    description:
      'The product bought; it may have been deleted since (then `product` is null). Null only for products deleted before ids were kept.',
  })
  @Column({ type: 'uuid', nullable: true })
  productId: string | null;

  @Column({ type: 'integer' })
  position: number;

  @Field()
  @Column()
  name: string;

  @Column({ type: 'integer' })
  unitPriceCents: number;

  @Field(() => Int)
  @Column({ type: 'integer' })
  quantity: number;

  @Field(() => Float, { description: 'Unit price paid, in USD.' })
  get price(): number {
    return toDollars(this.unitPriceCents);
  }

  @Field(() => Float, { description: 'USD.' })
  get lineTotal(): number {
    return toDollars(this.unitPriceCents * this.quantity);
  }
}
