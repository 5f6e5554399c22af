import { Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { Product } from '../catalog/product.entity';
import {
  BookingUtilization,
  BookingUtilizationArgs,
  LowStockArgs,
  OrdersByStatus,
  ReportRangeArgs,
  SalesReport,
  SalesReportArgs,
  TopProduct,
  TopProductsArgs,
} from './reports.types';

/** Staff reports over venue-local date ranges (both days included, at most 366 days). */
@Resolver()
export class ReportsResolver {
  constructor(private readonly services: Services) {}

  @Authorized('ADMIN')
  @Query(() => SalesReport, {
    description: 'Orders, units, revenue and average order per day, week or month; cancelled orders only counted.',
  })
  salesReport(@Ctx() ctx: RequestContext, @Args() args: SalesReportArgs): Promise<SalesReport> {
    return this.services.reports.sales(ctx, args);
  }

  @Authorized('ADMIN')
  @Query(() => [TopProduct], { description: 'Best sellers of the range by revenue or units, with stock now.' })
  topProducts(@Ctx() ctx: RequestContext, @Args() args: TopProductsArgs): Promise<TopProduct[]> {
    return this.services.reports.topProducts(ctx, args);
  }

  @Authorized('ADMIN')
  @Query(() => BookingUtilization, {
    description: 'Booked over available station-hours per session type, and a weekday × hour heat map.',
  })
  bookingUtilization(@Ctx() ctx: RequestContext, @Args() args: BookingUtilizationArgs): Promise<BookingUtilization> {
    return this.services.reports.bookingUtilization(ctx, args);
  }

  @Authorized('ADMIN')
  @Query(() => [Product], { description: 'Products at or below the threshold, fewest units first (at most 100).' })
  lowStock(@Ctx() ctx: RequestContext, @Args() args: LowStockArgs): Promise<Product[]> {
    return this.services.reports.lowStock(ctx, args);
  }

  @Authorized('ADMIN')
  @Query(() => OrdersByStatus, { description: 'Orders placed in the range by payment status and delivery.' })
  ordersByStatus(@Ctx() ctx: RequestContext, @Args() args: ReportRangeArgs): Promise<OrdersByStatus> {
    return this.services.reports.ordersByStatus(ctx, args);
  }
}
