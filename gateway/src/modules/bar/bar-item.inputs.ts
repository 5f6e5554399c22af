import { Field, Float, InputType } from 'type-graphql';
import { IsBoolean, IsEnum, IsOptional } from 'class-validator';
import { BarCategory } from './bar-item.entity';
import { CREATION_KEY_DESCRIPTION, CreationKey, OptionalText, Price, RequiredText } from '../../common/validation';
import { wholeDollarsText } from '../../common/money';

export const BAR_MESSAGES = {
  name: 'Name is required.',
  price: 'Price is required.',
  nameLength: 'Name must be at most 120 characters.',
  createdDifferently:
    'This item was already added by an earlier try of this form, as it was then. Find it in the menu to change it.',
  description: 'Description must be at most 2000 characters.',
  descriptionText: 'Description must be text.',
  oneImage: 'A menu item has one image: please send only one.',
  category: `Category must be one of ${Object.values(BarCategory).join(', ')}.`,
  priceMax: `Price must be at most ${wholeDollarsText(10_000)}.`,
  notFound: 'Item not found',
} as const;

const M = BAR_MESSAGES;

@InputType({ description: 'A new menu item; its image, optional, comes as an upload beside it.' })
export class CreateBarItemInput {
  @Field()
  @RequiredText(M.name, 120, M.nameLength)
  name: string;

  @Field(() => Float, { description: 'USD.' })
  @Price(M.price, 10000, M.priceMax)
  price: number;

  @Field(() => BarCategory, { defaultValue: BarCategory.Other })
  @IsOptional()
  @IsEnum(BarCategory, { message: M.category })
  category?: BarCategory;

  @Field({ defaultValue: '' })
  @OptionalText(2000, M.description, { notText: M.descriptionText })
  description?: string;

  @Field(() => String, { nullable: true, description: CREATION_KEY_DESCRIPTION })
  @CreationKey()
  creationKey?: string | null;
}

@InputType({ description: 'Changes to a menu item: only the fields given change.' })
export class UpdateBarItemInput {
  @Field(() => String, { nullable: true })
  @OptionalText(120, M.nameLength, { notText: M.name, blank: M.name })
  name?: string;

  @Field(() => Float, { nullable: true })
  @Price(M.price, 10000, M.priceMax, { optional: true })
  price?: number;

  @Field(() => BarCategory, { nullable: true })
  @IsOptional()
  @IsEnum(BarCategory, { message: M.category })
  category?: BarCategory;

  @Field(() => String, { nullable: true })
  @OptionalText(2000, M.description, { notText: M.descriptionText })
  description?: string;

  @Field(() => Boolean, { nullable: true, description: 'Drop the current image (a new upload replaces it anyway).' })
  @IsOptional()
  @IsBoolean({ message: 'removeImage must be true or false.' })
  removeImage?: boolean;
}
