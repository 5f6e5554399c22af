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
import { readUpload, Upload, type UploadArg } from '../../common/images';
import { Product, ProductImage } from './product.entity';
import { CreateProductInput, ProductIdsArgs, ProductsArgs, UpdateProductInput } from './product.inputs';

@ObjectType({ description: 'One page of the shop.' })
export class ProductPage {
  @Field(() => [Product])
  items: Product[];

  @Field(() => Int)
  total: number;

  @Field(() => Int)
  page: number;

  @Field(() => Int)
  totalPages: number;
}

@ObjectType({ description: 'What an upload may hold, so the admin forms can refuse a file before sending it.' })
export class UploadLimits {
  @Field(() => Int, { description: 'The largest image file accepted, in bytes (UPLOAD_MAX_MB).' })
  imageMaxBytes: number;
}

async function readUploads(ctx: RequestContext, uploads: UploadArg[] | null | undefined) {
  const files = [];
  for (const upload of uploads ?? []) files.push(await readUpload(upload, ctx.deps.config.uploadMaxBytes));
  return files;
}

@Resolver(() => Product)
export class ProductResolver {
  constructor(private readonly services: Services) {}

  @Query(() => ProductPage, { description: 'The shop: search, filters, price sort and paging (10 a page by default).' })
  products(@Ctx() ctx: RequestContext, @Args() args: ProductsArgs): Promise<ProductPage> {
    return this.services.catalog.list(ctx, {
      ...args.filter,
      sort: args.sort,
      page: args.page,
      pageSize: args.pageSize,
    });
  }

  @Query(() => Product, { nullable: true })
  product(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Product | null> {
    return this.services.catalog.find(ctx, id);
  }

  @Query(() => [Product], {
    nullable: 'items',
    description: 'Products by id, in the order asked; null for one deleted since (a guest cart checks its lines).',
  })
  productsByIds(@Ctx() ctx: RequestContext, @Args() { ids }: ProductIdsArgs): Promise<(Product | null)[]> {
    return this.services.catalog.findMany(ctx, ids);
  }

  @Query(() => [Product], { description: 'Featured games and accessories, for the home page.' })
  featuredProducts(@Ctx() ctx: RequestContext): Promise<Product[]> {
    return this.services.catalog.featured(ctx);
  }

  @FieldResolver(() => [ProductImage], { description: 'In display order; never empty.' })
  images(@Ctx() ctx: RequestContext, @Root() product: Product): Promise<ProductImage[]> {
    return this.services.catalog.images(ctx, product.id);
  }

  @Authorized('ADMIN')
  @Query(() => UploadLimits)
  uploadLimits(@Ctx() ctx: RequestContext): UploadLimits {
    return { imageMaxBytes: ctx.deps.config.uploadMaxBytes };
  }

  @Authorized('ADMIN')
  @Mutation(() => Product)
  async createProduct(
    @Ctx() ctx: RequestContext,
    @Arg('input') input: CreateProductInput,
    @Arg('images', () => [Upload], { nullable: true, description: 'At least 1, at most 5.' })
    images: UploadArg[] | null,
  ): Promise<Product> {
    return this.services.catalog.create(ctx, input, await readUploads(ctx, images));
  }

  @Authorized('ADMIN')
  @Mutation(() => Product)
  async updateProduct(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('input') input: UpdateProductInput,
    @Arg('images', () => [Upload], { nullable: true, description: 'New images, added after the kept ones.' })
    images: UploadArg[] | null,
  ): Promise<Product> {
    return this.services.catalog.update(ctx, id, input, await readUploads(ctx, images));
  }

  @Authorized('ADMIN')
  @Mutation(() => ID, { description: 'The id of the deleted product.' })
  async deleteProduct(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<string> {
    await this.services.catalog.remove(ctx, id);
    return id;
  }
}

@Resolver(() => ProductImage)
export class ProductImageResolver {
  constructor(private readonly services: Services) {}

  @FieldResolver(() => String, { description: 'Absolute URL of the large variant (detail carousel).' })
  url(@Ctx() ctx: RequestContext, @Root() image: ProductImage): string {
    return this.services.catalog.imageUrl(ctx, image.largeKey);
  }

  @FieldResolver(() => String, { description: 'Absolute URL of the small variant (cards and grids).' })
  smallUrl(@Ctx() ctx: RequestContext, @Root() image: ProductImage): string {
    return this.services.catalog.imageUrl(ctx, image.smallKey);
  }
}
