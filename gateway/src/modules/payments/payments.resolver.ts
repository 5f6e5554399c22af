import { Arg, Authorized, Ctx, Float, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { toCents } from '../../common/money';
import { badInput } from '../../common/errors';
import { ORDER_MESSAGES as M, OrderDetailInput } from '../orders/order.inputs';
import { PaymentConfig, PaymentIntentResult } from './payments.types';

@Resolver()
export class PaymentsResolver {
  constructor(private readonly services: Services) {}

  @Query(() => PaymentConfig, { description: 'Whether card payment is offered, and the key for Stripe.js.' })
  paymentConfig(@Ctx() ctx: RequestContext): PaymentConfig {
    return this.services.payments.config(ctx);
  }

  @Authorized()
  @Mutation(() => PaymentIntentResult, {
    description: 'A Stripe PaymentIntent for the server cart’s checkout total; the details ride in its metadata.',
  })
  createPaymentIntent(
    @Ctx() ctx: RequestContext,
    @Arg('orderDetail', () => OrderDetailInput, { nullable: true }) orderDetail?: OrderDetailInput | null,
    @Arg('expectedTotal', () => Float, {
      nullable: true,
      description: 'The total the customer was shown: no intent is made when the cart no longer comes to it.',
    })
    expectedTotal?: number | null,
  ): Promise<PaymentIntentResult> {
    if (expectedTotal != null && !Number.isFinite(expectedTotal)) throw badInput(M.badTotal, 'expectedTotal');
    return this.services.payments.createIntent(
      ctx,
      orderDetail,
      expectedTotal == null ? undefined : toCents(expectedTotal),
    );
  }
}
