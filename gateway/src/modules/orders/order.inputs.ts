import { ArgsType, Field, Float, InputType, Int, registerEnumType } from 'type-graphql';
import { IsIn, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { PaymentMethod } from './order.entity';
import {
  CREATION_KEY_DESCRIPTION,
  CreationKey,
  OptionalText,
  PageNumber,
  PageSize,
  RequiredText,
  SearchText,
} from '../../common/validation';
import { badInput } from '../../common/errors';
import { dollarsText } from '../../common/money';

/** The checkout fields that must not be blank, with the words of 'Please enter your {field}'. */
export const REQUIRED_DETAILS = {
  fullName: 'full name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  zip: 'zip',
} as const;

/** The longest each checkout field may be (the web form's inputs stop there too), and the form's label for it. */
export const DETAIL_MAX_LENGTH = {
  fullName: 120,
  email: 254,
  phone: 40,
  address: 200,
  city: 100,
  zip: 20,
  notes: 2000,
};
const DETAIL_LABELS = {
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  zip: 'ZIP',
  notes: 'Notes',
};

export const ORDER_MESSAGES = {
  required: (label: string) => `Please enter your ${label}`,
  tooLong: (field: keyof typeof DETAIL_MAX_LENGTH) =>
    `${DETAIL_LABELS[field]} must be at most ${DETAIL_MAX_LENGTH[field]} characters.`,
  email: 'Invalid email format.',
  notesText: 'Notes must be text.',
  emptyCart: 'Your cart is empty.',
  paymentMethod: 'Please select a payment method.',
  paypal: 'PayPal is coming soon. Please choose another payment method.',
  notFound: 'Order not found.',
  notYours: 'You can only manage your own orders.',
  cannotCancel: 'This order can no longer be cancelled.',
  alreadyCancelled: 'This order is already cancelled.',
  keyedCancelled: 'This order was placed, then cancelled.',
  keyedOtherwise:
    'This order was already placed by an earlier try of this checkout, with the details as they were then. Find it in Order History.',
  cancelledNotDeliverable: 'A cancelled order cannot be marked as delivered.',
  alreadyDelivered: 'This order is already marked as delivered.',
  deliveryChanged: 'The delivery of this order has changed since you marked it, so it was left as it is.',
  badTotal: 'The total shown must be an amount in dollars.',
  totalChanged: (totalCents: number) =>
    `Your order total has changed to ${dollarsText(totalCents)}. Please review your cart and try again.`,
  cardUnavailable: 'Card payment is not available right now. Please pay when your order arrives.',
  intentRequired: 'The card payment is missing. Please try again.',
  intentNotFound: 'This card payment could not be found.',
  intentNotSucceeded: 'The card payment has not succeeded. Please try again.',
  intentAmount:
    'Your order total changed after you paid (a price or your cart changed), so the payment no longer matches it.',
  intentNotYours: 'This card payment belongs to another customer.',
  paymentRefunded: (reason: string) => `${reason} Your card payment has been refunded.`,
  alreadyRefunded: 'This card payment was refunded because the order could not be completed.',
  unfulfilledRefundFailed:
    'Your payment went through but the order could not be completed, and the refund failed. Please contact us.',
  refundFailed: 'The refund could not be made, so the order was not cancelled. Please try again.',
  /** An order's refund failure when the server has no Stripe secret key to refund it with (shown to customer and staff). */
  noRefundKey: 'card refunds are off on this server',
};

/**
 * The cart must come to the total the customer was shown (give or take a cent of rounding), or nothing is ordered or
 * charged: it changed since the page showed it (another tab, a price edited). `field` names what carried the total.
 */
export function requireTotalAsShown(shownCents: number | undefined, totalCents: number, field: string): void {
  if (shownCents !== undefined && Math.abs(shownCents - totalCents) > 1) {
    throw badInput(ORDER_MESSAGES.totalChanged(totalCents), field);
  }
}

/** A checkout field that must be filled in, with its own words for missing and too long. */
const Detail = (field: keyof typeof REQUIRED_DETAILS) =>
  RequiredText(
    ORDER_MESSAGES.required(REQUIRED_DETAILS[field]),
    DETAIL_MAX_LENGTH[field],
    ORDER_MESSAGES.tooLong(field),
  );

@InputType({ description: 'Shipping and contact details of the checkout form; notes are optional.' })
export class OrderDetailInput {
  @Field()
  @Detail('fullName')
  fullName: string;

  @Field()
  @Detail('email')
  email: string;

  @Field()
  @Detail('phone')
  phone: string;

  @Field()
  @Detail('address')
  address: string;

  @Field()
  @Detail('city')
  city: string;

  @Field()
  @Detail('zip')
  zip: string;

  @Field(() => String, { nullable: true })
  @OptionalText(DETAIL_MAX_LENGTH.notes, ORDER_MESSAGES.tooLong('notes'), { notText: ORDER_MESSAGES.notesText })
  notes?: string | null;
}

@ArgsType()
export class PlaceOrderArgs {
  @Field(() => OrderDetailInput)
  @ValidateNested()
  orderDetail: OrderDetailInput;

  @Field(() => PaymentMethod)
  @IsIn(Object.values(PaymentMethod), { message: ORDER_MESSAGES.paymentMethod })
  paymentMethod: PaymentMethod;

  @Field(() => String, { nullable: true, description: 'The succeeded Stripe PaymentIntent, for card orders.' })
  @IsOptional()
  // Its form (and length) is the payment service's to check: a malformed id is one not found (404), like any other.
  @IsString({ message: ORDER_MESSAGES.intentNotFound })
  paymentIntentId?: string | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'The total the customer was shown. A cash order is refused when the cart no longer comes to it (changed in ' +
      'another tab, a price edited since); a card order is checked by the amount paid instead.',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: ORDER_MESSAGES.badTotal })
  expectedTotal?: number | null;

  @Field(() => String, { nullable: true, description: CREATION_KEY_DESCRIPTION })
  @CreationKey()
  creationKey?: string | null;
}

export enum OrderFilter {
  all = 'all',
  paid = 'paid',
  unpaid = 'unpaid',
  undelivered = 'undelivered',
  delivered = 'delivered',
  cancelled = 'cancelled',
}
registerEnumType(OrderFilter, { name: 'OrderFilter' });

/** Orders lists show 5 a page (spec §9), the customer's as the admin's. */
export const ORDERS_PAGE_SIZE = 5;

@ArgsType()
export class OrderPageArgs {
  @Field(() => Int, { defaultValue: 1 })
  @PageNumber()
  page: number = 1;

  @Field(() => Int, { defaultValue: ORDERS_PAGE_SIZE })
  @PageSize(50)
  pageSize: number = ORDERS_PAGE_SIZE;
}

@ArgsType()
export class AdminOrdersArgs extends OrderPageArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Order id (whole or its last characters), customer name or e-mail.',
  })
  @SearchText(100)
  search?: string | null;

  @Field(() => OrderFilter, { defaultValue: OrderFilter.all })
  @IsIn(Object.values(OrderFilter), {
    message: 'Status must be all, paid, unpaid, undelivered, delivered or cancelled.',
  })
  status: OrderFilter = OrderFilter.all;
}
