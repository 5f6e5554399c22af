import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { Booking } from './booking.entity';
import {
  CREATION_KEY_DESCRIPTION,
  CreationKey,
  PageNumber,
  PageSize,
  RequiredText,
  SearchText,
} from '../../common/validation';
import { BOOKING_MESSAGES } from './booking-time';
import { BookingSortField, BookingStatus, SESSION_TYPES, SessionType, SortDirection } from './booking.types';

export const BOOKING_PAGE_SIZE = 5;
const MAX_PAGE_SIZE = 100;
const STATION_NAME = 'A station name has 1 to 60 characters.';

/** The booking form: a session type and a venue-local date with start and end times. */
@ArgsType()
export class BookingSlotArgs {
  @Field(() => SessionType, { defaultValue: SessionType.VR })
  // A missing type is "required" before it is "unknown" (presence is answered first, common/validation.ts).
  @IsIn(SESSION_TYPES, { message: BOOKING_MESSAGES.unknownSessionType })
  @IsNotEmpty({ message: BOOKING_MESSAGES.required })
  sessionType: SessionType;

  @Field({ description: 'Venue-local date, YYYY-MM-DD.' })
  @IsString({ message: BOOKING_MESSAGES.required })
  date: string;

  @Field({ description: 'Venue-local start time, HH:mm.' })
  @IsString({ message: BOOKING_MESSAGES.required })
  startTime: string;

  @Field({ description: 'Venue-local end time, HH:mm; 24:00 (or 00:00) is closing time.' })
  @IsString({ message: BOOKING_MESSAGES.required })
  endTime: string;
}

/** A booking to make: the slot, and the form's creation key. */
@ArgsType()
export class CreateBookingArgs extends BookingSlotArgs {
  @Field(() => String, { nullable: true, description: CREATION_KEY_DESCRIPTION })
  @CreationKey()
  creationKey?: string | null;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 1 })
  @PageNumber()
  page: number = 1;

  @Field(() => Int, { defaultValue: BOOKING_PAGE_SIZE })
  @PageSize(MAX_PAGE_SIZE)
  pageSize: number = BOOKING_PAGE_SIZE;
}

@ArgsType()
export class MyBookingsArgs extends PageArgs {
  @Field(() => [BookingStatus], { nullable: true, description: 'Any of these statuses; all when empty.' })
  @IsOptional()
  @IsIn(Object.values(BookingStatus), { each: true, message: 'Unknown booking status.' })
  status?: BookingStatus[] | null;
}

@ArgsType()
export class AdminBookingsArgs extends MyBookingsArgs {
  @Field(() => String, { nullable: true, description: 'Matches username, e-mail or session type.' })
  @SearchText(200)
  search?: string | null;

  @Field(() => BookingSortField, { defaultValue: BookingSortField.date })
  @IsOptional()
  @IsIn(Object.values(BookingSortField), { message: 'Unknown sort column.' })
  sortBy: BookingSortField = BookingSortField.date;

  @Field(() => SortDirection, { defaultValue: SortDirection.DESC })
  @IsOptional()
  @IsIn(Object.values(SortDirection), { message: 'Sort direction is ASC or DESC.' })
  sortDirection: SortDirection = SortDirection.DESC;
}

@ArgsType()
export class StationArgs {
  @Field(() => SessionType)
  @IsIn(SESSION_TYPES, { message: BOOKING_MESSAGES.unknownSessionType })
  sessionType: SessionType;

  @Field()
  @RequiredText(STATION_NAME, 60, STATION_NAME)
  name: string;
}

@ArgsType()
export class RenameStationArgs {
  @Field(() => ID)
  @IsString({ message: 'Station id must be text.' })
  id: string;

  @Field()
  @RequiredText(STATION_NAME, 60, STATION_NAME)
  name: string;
}

@ObjectType({ description: 'A free start time suggested when the asked one is full.' })
export class SlotSuggestion {
  @Field()
  date: string;

  @Field()
  startTime: string;

  @Field()
  endTime: string;
}

@ObjectType()
export class Availability {
  @Field()
  available: boolean;

  @Field(() => Int, { description: 'Stations of that type still free for the whole slot.' })
  freeStations: number;

  @Field(() => String, { nullable: true, description: 'Why it is not available.' })
  reason: string | null;

  @Field(() => [SlotSuggestion], { description: 'Up to 3 nearest free start times that day, same length.' })
  alternatives: SlotSuggestion[];
}

@ObjectType()
export class BookingPage {
  @Field(() => [Booking])
  items: Booking[];

  @Field(() => Int)
  total: number;

  @Field(() => Int)
  page: number;

  @Field(() => Int)
  pageSize: number;
}
