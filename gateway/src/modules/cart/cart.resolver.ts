import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { Cart } from './cart-item.entity';
import { CartLineArgs, MergeGuestCartArgs } from './cart.inputs';

/** Every cart mutation answers the whole cart, so the badge and the popover follow from the cache. */
@Resolver(() => Cart)
export class CartResolver {
  constructor(private readonly services: Services) {}

  @Authorized()
  @Query(() => Cart, { description: 'The signed-in customer’s cart (guests keep theirs in the browser).' })
  cart(@Ctx() ctx: RequestContext): Promise<Cart> {
    return this.services.cart.get(ctx);
  }

  @Authorized()
  @Mutation(() => Cart, { description: 'Adds units of a product; a line is capped at 3 and at the stock.' })
  addToCart(@Ctx() ctx: RequestContext, @Args() { productId, quantity }: CartLineArgs): Promise<Cart> {
    return this.services.cart.add(ctx, productId, quantity);
  }

  @Authorized()
  @Mutation(() => Cart, { description: 'Sets the quantity of a line (1 to 3, at most the stock).' })
  updateCartItem(@Ctx() ctx: RequestContext, @Args() { productId, quantity }: CartLineArgs): Promise<Cart> {
    return this.services.cart.update(ctx, productId, quantity);
  }

  @Authorized()
  @Mutation(() => Cart)
  removeFromCart(@Ctx() ctx: RequestContext, @Arg('productId', () => ID) productId: string): Promise<Cart> {
    return this.services.cart.remove(ctx, productId);
  }

  @Authorized()
  @Mutation(() => Cart)
  clearCart(@Ctx() ctx: RequestContext): Promise<Cart> {
    return this.services.cart.clear(ctx);
  }

  @Authorized()
  @Mutation(() => Cart, {
    description: 'On login: an empty server cart takes the guest items; otherwise the server cart is kept.',
  })
  mergeGuestCart(@Ctx() ctx: RequestContext, @Args() { items }: MergeGuestCartArgs): Promise<Cart> {
    return this.services.cart.mergeGuest(ctx, items);
  }
}
