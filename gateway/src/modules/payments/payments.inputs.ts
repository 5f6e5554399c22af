import { ArgsType, Field, Float } from 'type-graphql';
import { IsNumber, IsOptional, ValidateNested } from 'class-validator';
import { ORDER_MESSAGES, OrderDetailInput } from '../orders/order.inputs';

@ArgsType()
export class PaymentIntentArgs {
  @Field(() => OrderDetailInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  orderDetail?: OrderDetailInput | null;

  @Field(() => Float, {
    nullable: true,
    description: 'The total the customer was shown: no intent is made when the cart no longer comes to it.',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: ORDER_MESSAGES.badTotal })
  expectedTotal?: number | null;
}
