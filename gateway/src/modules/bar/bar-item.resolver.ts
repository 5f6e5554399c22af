import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { readUpload, Upload, type UploadArg } from '../../common/images';
import { BarItem } from './bar-item.entity';
import { CreateBarItemInput, UpdateBarItemInput } from './bar-item.inputs';

@Resolver(() => BarItem)
export class BarItemResolver {
  constructor(private readonly services: Services) {}

  @Query(() => [BarItem], { description: 'The menu, grouped in the order Beverage, Snack, Cocktail, Meal, Other.' })
  barItems(@Ctx() ctx: RequestContext): Promise<BarItem[]> {
    return this.services.bar.list(ctx);
  }

  @Query(() => BarItem, { nullable: true })
  barItem(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<BarItem | null> {
    return this.services.bar.find(ctx, id);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Absolute URL of the large image, if any.' })
  image(@Ctx() ctx: RequestContext, @Root() item: BarItem): string | null {
    return this.services.bar.imageUrl(ctx, item, 'large');
  }

  @FieldResolver(() => String, { nullable: true, description: 'Absolute URL of the small image, for the menu grid.' })
  imageSmall(@Ctx() ctx: RequestContext, @Root() item: BarItem): string | null {
    return this.services.bar.imageUrl(ctx, item, 'small');
  }

  @Authorized('ADMIN')
  @Mutation(() => BarItem)
  async createBarItem(
    @Ctx() ctx: RequestContext,
    @Arg('input') input: CreateBarItemInput,
    @Arg('image', () => Upload, { nullable: true }) image: UploadArg | null,
  ): Promise<BarItem> {
    const file = image ? await readUpload(image, ctx.deps.config.uploadMaxBytes, 'image') : null;
    return this.services.bar.create(ctx, input, file);
  }

  @Authorized('ADMIN')
  @Mutation(() => BarItem)
  async updateBarItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('input') input: UpdateBarItemInput,
    @Arg('image', () => Upload, { nullable: true, description: 'Replaces the current image.' })
    image: UploadArg | null,
  ): Promise<BarItem> {
    const file = image ? await readUpload(image, ctx.deps.config.uploadMaxBytes, 'image') : null;
    return this.services.bar.update(ctx, id, input, file);
  }

  @Authorized('ADMIN')
  @Mutation(() => ID, { description: 'The id of the deleted item.' })
  async deleteBarItem(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<string> {
    await this.services.bar.remove(ctx, id);
    return id;
  }
}
