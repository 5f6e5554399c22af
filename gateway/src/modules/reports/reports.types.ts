import { ArgsType, Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { IsInt, Max, Min } from 'class-validator';
import { PaymentMethod } from '../orders/order.entity';
import { SessionType } from '../booking/booking.types';

export enum ReportPeriod {
  DAY = 'day',
  WEEK = 'week',
  MONTH = 'month',
}
registerEnumType(ReportPeriod, {
  name: 'ReportPeriod',
  description: 'Venue-local calendar periods; weeks start on Monday.',
});

export enum TopProductsBy {
  REVENUE = 'REVENUE',
  UNITS = 'UNITS',
}
registerEnumType(TopProductsBy, { name: 'TopProductsBy' });

@ArgsType()
export class ReportRangeArgs {
  @Field({ description: 'First venue-local day, YYYY-MM-DD, included.' })
  from: string;

  @Field({
    description: 'Last venue-local day, YYYY-MM-DD, included: a range covers at most 366 days, both ends counted.',
  })
  to: string;
}

@ArgsType()
export class SalesReportArgs extends ReportRangeArgs {
  @Field(() => ReportPeriod, { defaultValue: ReportPeriod.DAY })
  groupBy: ReportPeriod;
}

@ArgsType()
export class TopProductsArgs extends ReportRangeArgs {
  @Field(() => Int, { defaultValue: 10, description: '1 to 50.' })
  @IsInt({ message: 'The limit must be between 1 and 50.' })
  @Min(1, { message: 'The limit must be between 1 and 50.' })
  @Max(50, { message: 'The limit must be between 1 and 50.' })
  limit: number;

  @Field(() => TopProductsBy, { defaultValue: TopProductsBy.REVENUE })
  by: TopProductsBy;
}

@ArgsType()
export class BookingUtilizationArgs extends ReportRangeArgs {
  @Field(() => SessionType, { nullable: true, description: 'Only this session type; all when omitted.' })
  sessionType?: SessionType | null;
}

@ArgsType()
export class LowStockArgs {
  @Field(() => Int, { defaultValue: 5, description: 'Products with this many units or fewer.' })
  @IsInt({ message: 'The threshold must be between 0 and 10000.' })
  @Min(0, { message: 'The threshold must be between 0 and 10000.' })
  @Max(10000, { message: 'The threshold must be between 0 and 10000.' })
  threshold: number;
}

@ObjectType()
export class PaymentMethodRevenue {
  @Field(() => PaymentMethod)
  method: PaymentMethod;

  @Field(() => Int)
  orders: number;

  @Field(() => Float, { description: 'USD.' })
  revenue: number;
}

@ObjectType({ description: 'Orders placed in one period (or the whole range); cancelled orders are only counted.' })
export class SalesFigures {
  @Field(() => Int, { description: 'Orders not cancelled.' })
  orders: number;

  @Field(() => Int, { description: 'Units in orders not cancelled.' })
  itemsSold: number;

  @Field(() => Float, { description: 'USD: totals (items, tax, shipping) of orders not cancelled, paid or not.' })
  grossRevenue: number;

  @Field(() => [PaymentMethodRevenue])
  revenueByPaymentMethod: PaymentMethodRevenue[];

  @Field(() => Float, { description: 'USD: gross revenue / orders; 0 without orders.' })
  averageOrderValue: number;

  @Field(() => Int)
  cancelledOrders: number;
}

@ObjectType()
export class SalesPeriod extends SalesFigures {
  @Field({ description: 'First venue-local day of the period, YYYY-MM-DD.' })
  periodStart: string;
}

@ObjectType()
export class SalesReport {
  @Field()
  from: string;

  @Field()
  to: string;

  @Field(() => ReportPeriod)
  groupBy: ReportPeriod;

  @Field(() => [SalesPeriod], { description: 'Every period of the range, empty ones included, oldest first.' })
  periods: SalesPeriod[];

  @Field(() => SalesFigures)
  totals: SalesFigures;
}

@ObjectType()
export class TopProduct {
  @Field(() => ID)
  productId: string;

  @Field({ description: 'The product’s current name; for a product deleted since, the name it last sold under.' })
  name: string;

  @Field(() => Int)
  units: number;

  @Field(() => Float, { description: 'USD: unit prices paid × units, before tax and shipping.' })
  revenue: number;

  @Field(() => Int, { description: 'Units in stock now (0 for a product deleted since).' })
  stock: number;
}

@ObjectType()
export class SessionTypeUtilization {
  @Field(() => SessionType)
  sessionType: SessionType;

  @Field(() => Int, {
    description:
      'Stations in service during some of the range’s opening hours (a station switched off counts for the ' +
      'bookings it kept).',
  })
  stations: number;

  @Field(() => Float, { description: 'Station-hours held by bookings not cancelled, inside the range.' })
  bookedHours: number;

  @Field(() => Float, {
    description:
      'Station-hours in service during the range’s opening hours: each station counts the part of every opening hour ' +
      'it was in service, from when it was added or switched on until it was switched off (a part hour by its ' +
      'minutes), and the time it still served bookings it kept after being switched off.',
  })
  availableHours: number;

  @Field(() => Float, { description: 'bookedHours / availableHours, 0 to 1.' })
  utilization: number;

  @Field(() => Int, { description: 'Bookings not cancelled that start in the range.' })
  bookings: number;

  @Field(() => Int, {
    description: 'Cancelled bookings that would have started in the range (no-shows are not known).',
  })
  cancelledBookings: number;
}

@ObjectType({ description: 'One weekday × hour cell of the heat map, venue time.' })
export class UtilizationCell {
  @Field(() => Int, { description: '1 = Monday … 7 = Sunday.' })
  weekday: number;

  @Field(() => Int, { description: '0 to 23, the hour starting then.' })
  hour: number;

  @Field(() => Float)
  bookedHours: number;

  @Field(() => Float, {
    description:
      'Station-hours in service at this weekday and hour over the range, counted as in SessionTypeUtilization; ' +
      '0 when the venue is closed at that hour (or no station was in service).',
  })
  availableHours: number;

  @Field(() => Float, { description: 'bookedHours / availableHours, 0 to 1.' })
  occupancy: number;
}

@ObjectType()
export class BookingUtilization {
  @Field()
  from: string;

  @Field()
  to: string;

  @Field(() => [SessionTypeUtilization])
  bySessionType: SessionTypeUtilization[];

  @Field(() => Float)
  bookedHours: number;

  @Field(() => Float, { description: 'The session types’ available hours added up.' })
  availableHours: number;

  @Field(() => Float)
  utilization: number;

  @Field(() => Int)
  cancelledBookings: number;

  @Field(() => [UtilizationCell], { description: '7 × 24 cells, Monday 0:00 first.' })
  heatMap: UtilizationCell[];
}

@ObjectType({ description: 'Orders placed in the range, by status and by delivery.' })
export class OrdersByStatus {
  @Field()
  from: string;

  @Field()
  to: string;

  @Field(() => Int)
  total: number;

  @Field(() => Int)
  paid: number;

  @Field(() => Int)
  unpaid: number;

  @Field(() => Int)
  cancelled: number;

  @Field(() => Int)
  delivered: number;

  @Field(() => Int, { description: 'Neither delivered nor cancelled.' })
  undelivered: number;
}
