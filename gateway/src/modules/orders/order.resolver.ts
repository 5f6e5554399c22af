import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { toCents } from '../../common/money';
import { User } from '../auth/user.entity';
import { Product } from '../catalog/product.entity';
import { Order, OrderItem } from './order.entity';
import { AdminOrdersArgs, OrderPageArgs, PlaceOrderArgs } from './order.inputs';

@ObjectType({ description: 'One page of orders, newest first.' })
export class OrderPage {
  @Field(() => [Order])
  orders: Order[];

  @Field(() => Int)
  total: number;

  @Field(() => Int)
  page: number;

  @Field(() => Int)
  totalPages: number;
}

@Resolver(() => Order)
export class OrderResolver {
  constructor(private readonly services: Services) {}

  @Authorized()
  @Mutation(() => Order, {
    description:
      'Checks out the server cart: cash makes an unpaid order; card needs the succeeded PaymentIntent. Empties the cart.',
  })
  placeOrder(@Ctx() ctx: RequestContext, @Args() args: PlaceOrderArgs): Promise<Order> {
    const { expectedTotal } = args;
    return this.services.orders.place(ctx, args, expectedTotal == null ? undefined : toCents(expectedTotal));
  }

  @Authorized()
  @Query(() => OrderPage, { description: 'The caller’s orders, newest first, 5 a page by default.' })
  myOrders(@Ctx() ctx: RequestContext, @Args() args: OrderPageArgs): Promise<OrderPage> {
    return this.services.orders.minePage(ctx, args);
  }

  @Authorized('ADMIN')
  @Query(() => OrderPage, { description: 'All orders, newest first: search, status filter, 5 a page by default.' })
  orders(@Ctx() ctx: RequestContext, @Args() args: AdminOrdersArgs): Promise<OrderPage> {
    return this.services.orders.all(ctx, args);
  }

  @Authorized()
  @Mutation(() => Order, { description: 'The owner or an admin, while not delivered and not cancelled.' })
  cancelOrder(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Order> {
    return this.services.orders.cancel(ctx, id);
  }

  @Authorized('ADMIN')
  @Mutation(() => Order, { description: 'Not for a cancelled order. A cash order is paid as it is delivered.' })
  markOrderDelivered(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('onlyIfOpen', {
      defaultValue: false,
      description: 'Refuse an order delivered already, rather than answer it as it is: the caller made this delivery.',
    })
    onlyIfOpen: boolean,
  ): Promise<Order> {
    return this.services.orders.markDelivered(ctx, id, { onlyIfOpen });
  }

  @Authorized('ADMIN')
  @Mutation(() => Order, {
    description:
      'Takes back a delivery marked by mistake: the order is open again, and a cash order unpaid again (a card order stays paid).',
  })
  undoOrderDelivery(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('deliveredAt', { description: 'The delivery to take back, as markOrderDelivered answered it.' })
    deliveredAt: Date,
  ): Promise<Order> {
    return this.services.orders.undoDelivery(ctx, id, deliveredAt);
  }

  @FieldResolver(() => [OrderItem])
  items(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<OrderItem[]> {
    return this.services.orders.items(ctx, order);
  }

  @FieldResolver(() => User)
  async user(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<User> {
    return (await ctx.loaders.user.load(order.userId))!;
  }
}

@Resolver(() => OrderItem)
export class OrderItemResolver {
  @FieldResolver(() => Product, { nullable: true, description: 'The product today; null once deleted.' })
  product(@Root() item: OrderItem, @Ctx() ctx: RequestContext): Promise<Product | null> | null {
    return item.productId ? ctx.loaders.product.load(item.productId) : null;
  }
}
