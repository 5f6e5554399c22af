import { Field, Float, ObjectType } from 'type-graphql';

@ObjectType({ description: 'What the checkout page needs to offer card payment.' })
export class PaymentConfig {
  @Field({ description: 'False when the server has no Stripe keys: only cash is offered.' })
  cardAvailable: boolean;

  @Field(() => String, { nullable: true })
  publishableKey: string | null;
}

@ObjectType({ description: 'A Stripe PaymentIntent for the server-computed cart total.' })
export class PaymentIntentResult {
  @Field()
  clientSecret: string;

  @Field()
  paymentIntentId: string;

  @Field(() => Float, { description: 'USD, subtotal + tax + shipping.' })
  amount: number;
}
