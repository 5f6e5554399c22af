import { Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { toCents } from '../../common/money';
import { PaymentIntentArgs } from './payments.inputs';
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
    @Args(() => PaymentIntentArgs) { orderDetail, expectedTotal }: PaymentIntentArgs,
  ): Promise<PaymentIntentResult> {
    return this.services.payments.createIntent(
      ctx,
      orderDetail,
      expectedTotal == null ? undefined : toCents(expectedTotal),
    );
  }
}
