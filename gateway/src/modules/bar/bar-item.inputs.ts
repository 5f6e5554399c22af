import { Field, Float, InputType } from 'type-graphql';
import {
  IsBoolean,
  IsDefined,
  IsEnum,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { BarCategory } from './bar-item.entity';

export const BAR_MESSAGES = {
  name: 'Name is required.',
  price: 'Price is required.',
  nameLength: 'Name must be at most 120 characters.',
  description: 'Description must be at most 2000 characters.',
  category: `Category must be one of ${Object.values(BarCategory).join(', ')}.`,
  priceMax: 'Price must be at most 10000.',
  notFound: 'Item not found',
} as const;

const M = BAR_MESSAGES;

@InputType({ description: 'A new menu item; its image, optional, comes as an upload beside it.' })
export class CreateBarItemInput {
  @Field()
  @IsDefined({ message: M.name })
  @IsString({ message: M.name })
  @Matches(/\S/, { message: M.name })
  @MaxLength(120, { message: M.nameLength })
  name: string;

  @Field(() => Float, { description: 'USD.' })
  @Max(10000, { message: M.priceMax })
  @IsDefined({ message: M.price })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.price })
  @Min(0, { message: M.price })
  price: number;

  @Field(() => BarCategory, { defaultValue: BarCategory.Other })
  @IsOptional()
  @IsEnum(BarCategory, { message: M.category })
  category?: BarCategory;

  @Field({ defaultValue: '' })
  @IsOptional()
  @IsString({ message: M.description })
  @MaxLength(2000, { message: M.description })
  description?: string;
}

@InputType({ description: 'Changes to a menu item: only the fields given change.' })
export class UpdateBarItemInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: M.name })
  @Matches(/\S/, { message: M.name })
  @MaxLength(120, { message: M.nameLength })
  name?: string;

  @Field(() => Float, { nullable: true })
  @Max(10000, { message: M.priceMax })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.price })
  @Min(0, { message: M.price })
  price?: number;

  @Field(() => BarCategory, { nullable: true })
  @IsOptional()
  @IsEnum(BarCategory, { message: M.category })
  category?: BarCategory;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: M.description })
  @MaxLength(2000, { message: M.description })
  description?: string;

  @Field(() => Boolean, { nullable: true, description: 'Drop the current image (a new upload replaces it anyway).' })
  @IsOptional()
  @IsBoolean({ message: 'removeImage must be true or false.' })
  removeImage?: boolean;
}
