import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { IsInt, IsUUID, Max, MaxLength, Min, ValidateNested, ArrayMaxSize } from 'class-validator';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-totals';

const outOfStock = (name: string) => `Sorry, ${name} is out of stock.`;
const onlyLeft = (name: string, left: number) => `Only ${left} of ${name} left in stock.`;

export const CART_MESSAGES = {
  quantity: `Quantity must be between 1 and ${MAX_LINE_QUANTITY}.`,
  productId: 'Unknown product.',
  productNotFound: 'This product is no longer available.',
  notInCart: 'This product is not in your cart.',
  outOfStock,
  noLongerSold: (name: string) => `Sorry, ${name} is no longer sold. Remove it from your cart.`,
  onlyLeft,
  /** A line wants more than the `left` units in stock: how many there are, or that there are none. */
  shortOfStock: (name: string, left: number) => (left > 0 ? onlyLeft(name, left) : outOfStock(name)),
  tooManyLines: `Your cart holds at most ${MAX_CART_LINES} different products.`,
  /** The web app's guest cart holds one line per product, and no more lines than a cart does. */
  tooManyGuestLines: `A guest cart of at most ${MAX_CART_LINES} lines can be merged.`,
};

@ArgsType()
export class CartLineArgs {
  @Field(() => ID)
  @IsUUID('all', { message: CART_MESSAGES.productId })
  productId: string;

  @Field(() => Int, { defaultValue: 1, description: '1 to 3.' })
  @IsInt({ message: CART_MESSAGES.quantity })
  @Min(1, { message: CART_MESSAGES.quantity })
  @Max(MAX_LINE_QUANTITY, { message: CART_MESSAGES.quantity })
  quantity: number = 1;
}

@InputType({ description: 'A line of the browser (guest) cart.' })
export class GuestCartItemInput {
  /** Any id a browser kept: one that names no product (an old or garbled one) is skipped like a deleted product's. */
  @Field(() => ID)
  @MaxLength(100, { message: CART_MESSAGES.productId })
  productId: string;

  @Field(() => Int)
  @IsInt({ message: CART_MESSAGES.quantity })
  @Min(1, { message: CART_MESSAGES.quantity })
  quantity: number;
}

@ArgsType()
export class MergeGuestCartArgs {
  @Field(() => [GuestCartItemInput])
  @ArrayMaxSize(MAX_CART_LINES, { message: CART_MESSAGES.tooManyGuestLines })
  @ValidateNested({ each: true })
  items: GuestCartItemInput[];
}
