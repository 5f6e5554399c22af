import { ArgsType, Field, Float, ID, InputType, Int } from 'type-graphql';
import {
  ArrayMaxSize,
  IsBoolean,
  IsEnum,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { ProductCategory, ProductPlatform } from './product.entity';
import { wholeDollarsText } from '../../common/money';
import { ProductSort, ShopCategory, ShopPlatform } from './shop-filter';
import {
  Count,
  CREATION_KEY_DESCRIPTION,
  CreationKey,
  OptionalText,
  rules,
  PageNumber,
  PageSize,
  Price,
  RequiredText,
  SearchText,
} from '../../common/validation';

/** The most units of one product the shop holds. */
export const MAX_STOCK = 1_000_000;

/** The messages of spec §5, shared by GraphQL and the REST shims. */
export const PRODUCT_MESSAGES = {
  name: 'Name is required.',
  price: 'Price is required.',
  amount: 'Amount required.',
  amountMax: `Amount must be at most ${MAX_STOCK.toLocaleString('en-US')}.`,
  description: 'Description is required.',
  discount: 'Discount must be between 0 and 100.',
  discountWhole: 'Discount must be a whole number.',
  rating: 'Rating must be between 0 and 5, in steps of 0.5.',
  category: `Category must be one of ${Object.values(ProductCategory).join(', ')}.`,
  platform: `Platform must be one of ${Object.values(ProductPlatform).join(', ')}.`,
  brand: 'Brand must be at most 80 characters.',
  brandText: 'Brand must be text.',
  isFeatured: 'isFeatured must be true or false.',
  nameLength: 'Name must be at most 120 characters.',
  descriptionLength: 'Description must be at most 5000 characters.',
  priceMax: `Price must be at most ${wholeDollarsText(100_000)}.`,
  firstImage: 'Please upload at least one image.',
  createdDifferently:
    'This product was already created by an earlier try of this form, as it was then. Find it in the shop to change it.',
  lastImage: 'At least 1 image is required.',
  tooManyImages: 'A product can have at most 5 images.',
  notFound: 'Product not found',
} as const;

const HalfStepRating = (message: string) =>
  ValidateBy(
    {
      name: 'halfStepRating',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && value >= 0 && value <= 5 && Number.isInteger(value * 2),
      },
    },
    { message },
  );

const M = PRODUCT_MESSAGES;

/** Percent off, a whole number from 0 to 100; optional. */
const Discount = () =>
  rules(
    IsOptional(),
    IsInt({ message: M.discountWhole }),
    Min(0, { message: M.discount }),
    Max(100, { message: M.discount }),
  );

@InputType({ description: 'A new product; images come as uploads beside it.' })
export class CreateProductInput {
  @Field()
  @RequiredText(M.name, 120, M.nameLength)
  name: string;

  @Field()
  @RequiredText(M.description, 5000, M.descriptionLength)
  description: string;

  @Field(() => Float, { description: 'USD.' })
  @Price(M.price, 100000, M.priceMax)
  price: number;

  @Field(() => Int, { defaultValue: 0 })
  @Discount()
  discount?: number;

  @Field(() => Int)
  @Count(M.amount, MAX_STOCK, M.amountMax)
  amount: number;

  @Field(() => ProductCategory, { defaultValue: ProductCategory.Other })
  @IsOptional()
  @IsEnum(ProductCategory, { message: M.category })
  category?: ProductCategory;

  @Field(() => ProductPlatform, { defaultValue: ProductPlatform.Other })
  @IsOptional()
  @IsEnum(ProductPlatform, { message: M.platform })
  platform?: ProductPlatform;

  @Field(() => String, { nullable: true })
  @OptionalText(80, M.brand, { notText: M.brandText })
  brand?: string | null;

  @Field({ defaultValue: false })
  @IsOptional()
  @IsBoolean({ message: M.isFeatured })
  isFeatured?: boolean;

  @Field(() => Float, { defaultValue: 0 })
  @IsOptional()
  @HalfStepRating(M.rating)
  rating?: number;

  @Field(() => String, { nullable: true, description: CREATION_KEY_DESCRIPTION })
  @CreationKey()
  creationKey?: string | null;
}

@InputType({ description: 'Changes to a product: only the fields given change.' })
export class UpdateProductInput {
  @Field(() => String, { nullable: true })
  @OptionalText(120, M.nameLength, { notText: M.name, blank: M.name })
  name?: string;

  @Field(() => String, { nullable: true })
  @OptionalText(5000, M.descriptionLength, { notText: M.description, blank: M.description })
  description?: string;

  @Field(() => Float, { nullable: true })
  @Price(M.price, 100000, M.priceMax, { optional: true })
  price?: number;

  @Field(() => Int, { nullable: true })
  @Discount()
  discount?: number;

  @Field(() => Int, { nullable: true })
  @Count(M.amount, MAX_STOCK, M.amountMax, { optional: true })
  amount?: number;

  @Field(() => ProductCategory, { nullable: true })
  @IsOptional()
  @IsEnum(ProductCategory, { message: M.category })
  category?: ProductCategory;

  @Field(() => ProductPlatform, { nullable: true })
  @IsOptional()
  @IsEnum(ProductPlatform, { message: M.platform })
  platform?: ProductPlatform;

  @Field(() => String, { nullable: true, description: 'An empty string clears the brand.' })
  @OptionalText(80, M.brand, { notText: M.brandText })
  brand?: string;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean({ message: M.isFeatured })
  isFeatured?: boolean;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @HalfStepRating(M.rating)
  rating?: number;

  @Field(() => [ID], { nullable: true, description: 'Images to remove; new ones come as uploads.' })
  @IsOptional()
  @IsString({ each: true, message: 'removedImageIds must be image ids.' })
  removedImageIds?: string[];

  @Field(() => String, {
    nullable: true,
    description:
      'A key the client makes for this edit (as creationKey) and sends again with each retry of it: an edit whose ' +
      'answer was lost, sent again, adds its new images no second time. Its fields and removals apply the same again.',
  })
  @CreationKey('updateKey')
  updateKey?: string | null;
}

/** What the shop's filters and sort say of a value they do not know, on GraphQL and the REST search alike. */
export const SHOP_FILTER_MESSAGES = {
  category: 'Unknown category.',
  platform: 'Unknown platform.',
  sort: 'Sort must be low, high or newest.',
};

@InputType({ description: 'The shop filter bar.' })
export class ProductFilter {
  @Field(() => String, { nullable: true, description: 'Typo-tolerant search in name and brand, plain in description.' })
  @SearchText(100)
  search?: string | null;

  @Field(() => ShopCategory, { nullable: true })
  @IsOptional()
  @IsEnum(ShopCategory, { message: SHOP_FILTER_MESSAGES.category })
  category?: ShopCategory | null;

  @Field(() => ShopPlatform, { nullable: true })
  @IsOptional()
  @IsEnum(ShopPlatform, { message: SHOP_FILTER_MESSAGES.platform })
  platform?: ShopPlatform | null;
}

@ArgsType()
export class ProductsArgs {
  @Field(() => ProductFilter, { nullable: true })
  @IsOptional()
  @ValidateNested()
  filter?: ProductFilter | null;

  @Field(() => ProductSort, { nullable: true, description: 'Default: best search match first, else newest.' })
  @IsOptional()
  @IsEnum(ProductSort, { message: SHOP_FILTER_MESSAGES.sort })
  sort?: ProductSort | null;

  @Field(() => Int, { defaultValue: 1 })
  @PageNumber()
  page: number;

  @Field(() => Int, { defaultValue: 10 })
  @PageSize(50)
  pageSize: number;
}

/** A guest cart's product ids (a cart holds at most 100 lines). */
@ArgsType()
export class ProductIdsArgs {
  @Field(() => [ID])
  @ArrayMaxSize(100, { message: 'Ask for at most 100 products at once.' })
  @IsString({ each: true, message: 'Each product id must be text.' })
  @MaxLength(100, { each: true, message: 'Each product id must be at most 100 characters.' })
  ids: string[];
}
