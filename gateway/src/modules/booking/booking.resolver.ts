import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { User } from '../auth/user.entity';
import { Booking } from './booking.entity';
import {
  AdminBookingsArgs,
  Availability,
  BookingPage,
  BookingSlotArgs,
  CreateBookingArgs,
  MyBookingsArgs,
  RenameStationArgs,
  StationArgs,
} from './booking.inputs';
import { venueTimes } from './booking-time';
import { BookingStatus, SessionType, bookingStatus } from './booking.types';
import { Station } from './station.entity';

@Resolver(() => Booking)
export class BookingResolver {
  constructor(private readonly services: Services) {}

  @Authorized()
  @Query(() => Availability, { description: 'Whether a station of the type is free for the whole slot.' })
  checkAvailability(@Ctx() ctx: RequestContext, @Args() args: BookingSlotArgs): Promise<Availability> {
    return this.services.booking.checkAvailability(ctx, args);
  }

  @Authorized()
  @Mutation(() => Booking, { description: 'Books a free station of the type for the slot.' })
  createBooking(@Ctx() ctx: RequestContext, @Args() args: CreateBookingArgs): Promise<Booking> {
    return this.services.booking.create(ctx, args);
  }

  @Authorized()
  @Query(() => BookingPage, { description: "The caller's bookings, 5 per page unless asked." })
  myBookings(@Ctx() ctx: RequestContext, @Args() args: MyBookingsArgs): Promise<BookingPage> {
    return this.services.booking.mine(ctx, args);
  }

  @Authorized()
  @Mutation(() => Booking, { description: 'Cancels one of your upcoming bookings.' })
  cancelBooking(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Booking> {
    return this.services.booking.cancel(ctx, id);
  }

  @Authorized('ADMIN')
  @Query(() => BookingPage, { description: 'All reservations: filter, search, sort, pages.' })
  bookings(@Ctx() ctx: RequestContext, @Args() args: AdminBookingsArgs): Promise<BookingPage> {
    return this.services.booking.all(ctx, args);
  }

  @Authorized('ADMIN')
  @Mutation(() => Booking, { description: 'Cancels any upcoming booking.' })
  adminCancelBooking(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Booking> {
    return this.services.booking.adminCancel(ctx, id);
  }

  @Authorized('ADMIN')
  @Mutation(() => ID, { description: 'Deletes a booking of any status; answers its id.' })
  async adminDeleteBooking(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<string> {
    return (await this.services.booking.adminDelete(ctx, id)).id;
  }

  @Authorized('ADMIN')
  @Query(() => [Station], { description: 'Stations, by session type and name.' })
  stations(
    @Ctx() ctx: RequestContext,
    @Arg('sessionType', () => SessionType, { nullable: true }) sessionType?: SessionType | null,
  ): Promise<Station[]> {
    return this.services.booking.stations(ctx, sessionType);
  }

  @Authorized('ADMIN')
  @Mutation(() => Station)
  addStation(@Ctx() ctx: RequestContext, @Args() { sessionType, name }: StationArgs): Promise<Station> {
    return this.services.booking.addStation(ctx, sessionType, name);
  }

  @Authorized('ADMIN')
  @Mutation(() => Station)
  renameStation(@Ctx() ctx: RequestContext, @Args() { id, name }: RenameStationArgs): Promise<Station> {
    return this.services.booking.updateStation(ctx, id, { name });
  }

  @Authorized('ADMIN')
  @Mutation(() => Station, {
    description:
      'An inactive station keeps its bookings and takes no new ones. The utilization report counts a station ' +
      'available while it is active (and for the bookings it kept).',
  })
  setStationActive(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('active') active: boolean,
  ): Promise<Station> {
    return this.services.booking.updateStation(ctx, id, { active });
  }

  @FieldResolver(() => String, { description: 'Venue-local date, YYYY-MM-DD.' })
  date(@Root() booking: Booking, @Ctx() ctx: RequestContext): string {
    return venueTimes(booking.startsAt, booking.endsAt, ctx.deps.config.venue.timeZone).date;
  }

  @FieldResolver(() => String, { description: 'Venue-local start, HH:mm.' })
  startTime(@Root() booking: Booking, @Ctx() ctx: RequestContext): string {
    return venueTimes(booking.startsAt, booking.endsAt, ctx.deps.config.venue.timeZone).startTime;
  }

  @FieldResolver(() => String, { description: 'Venue-local end, HH:mm (00:00 is midnight, closing).' })
  endTime(@Root() booking: Booking, @Ctx() ctx: RequestContext): string {
    return venueTimes(booking.startsAt, booking.endsAt, ctx.deps.config.venue.timeZone).endTime;
  }

  @FieldResolver(() => BookingStatus, { description: 'Derived from the clock.' })
  status(@Root() booking: Booking, @Ctx() ctx: RequestContext): BookingStatus {
    return bookingStatus(booking, ctx.clock.now());
  }

  @FieldResolver(() => User)
  async user(@Root() booking: Booking, @Ctx() ctx: RequestContext): Promise<User> {
    return (await ctx.loaders.user.load(booking.userId))!;
  }

  @FieldResolver(() => Station)
  async station(@Root() booking: Booking, @Ctx() ctx: RequestContext): Promise<Station> {
    return (await ctx.loaders.station.load(booking.stationId))!;
  }
}
