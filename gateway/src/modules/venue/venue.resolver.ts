import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { Venue } from './venue.types';

@Resolver(() => Venue)
export class VenueResolver {
  constructor(private readonly services: Services) {}

  @Query(() => Venue, { description: 'The venue, its contact details and opening hours.' })
  venue(@Ctx() ctx: RequestContext): Venue {
    return this.services.venue.get(ctx);
  }
}
