import { isUUID } from 'class-validator';
import type Stripe from 'stripe';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../../graphql/context';
import { requireAdmin, requireUser } from '../../graphql/auth-checker';
import { AppError, badInput, conflict, forbidden, isAppError, notFound } from '../../common/errors';
import { discountedCents, dollarsText } from '../../common/money';
import { escapeHtml } from '../../common/html';
import { isEmailAddress } from '../../common/email-address';
import { pgError, UNIQUE_VIOLATION } from '../../common/pg-errors';
import { User } from '../auth/user.entity';
import { cartLines, requireAllSold } from '../cart/cart.service';
import { CART_MESSAGES } from '../cart/cart.inputs';
import { totalsOf } from '../cart/cart-totals';
import { notesFromMetadata, type PaymentsService } from '../payments/payments.service';
import { displayIdOf, Order, OrderDetail, OrderItem, OrderStatus, PaymentMethod } from './order.entity';
import {
  ORDER_MESSAGES as M,
  requireTotalAsShown,
  OrderFilter,
  type AdminOrdersArgs,
  type OrderDetailInput,
  type OrderPageArgs,
  type PlaceOrderArgs,
} from './order.inputs';
import { lockedRow } from '../../db/locks';
import { retryingTransaction } from '../../db/retrying-transaction';
import { likePattern } from '../../common/text';

export type OrderPageResult = { orders: Order[]; total: number; page: number; totalPages: number };

type CardPayment = { intent: Stripe.PaymentIntent };

/**
 * A paid cart that could not be sold, whose refund Stripe did not make. Nothing is recorded, so the next try (the
 * customer's, or Stripe delivering the webhook again) asks for the refund again.
 */
class UnfulfilledRefundFailed extends AppError {
  constructor() {
    super('CONFLICT', M.unfulfilledRefundFailed);
  }
}

/**
 * A paid cart whose payment Stripe shows refunded, in full or in part, with no record of it here: our refund whose
 * answer was lost, or one made by hand in Stripe's dashboard. It never becomes an order.
 */
class RefundedAtStripe extends AppError {
  constructor() {
    super('BAD_USER_INPUT', M.alreadyRefunded, { field: 'paymentIntentId' });
  }
}

/** Beyond this many customers matching an admin's order search, their orders are found by one scan, not by id. */
const MANY_PEOPLE = 500;

/**
 * The details trimmed, once the e-mail is well formed (by the rule an account's is checked with, so the customer's own
 * always passes). Missing and blank fields were already refused by OrderDetailInput ('Please enter your {field}', in
 * the form's order).
 */
export function checkedDetail(input: OrderDetailInput): OrderDetail {
  if (!isEmailAddress(input.email.trim())) throw badInput(M.email, 'orderDetail.email');
  return Object.assign(new OrderDetail(), {
    fullName: input.fullName.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    address: input.address.trim(),
    city: input.city.trim(),
    zip: input.zip.trim(),
    notes: typeof input.notes === 'string' ? input.notes.trim() : '',
  });
}

/** Whether a stored order's details are those `checked` (checkedDetail's, which has every field), field by field. */
function sameDetail(stored: OrderDetail, checked: OrderDetail): boolean {
  return (Object.keys(checked) as (keyof OrderDetail)[]).every((field) => (stored[field] ?? '') === checked[field]);
}

/**
 * Orders: built from the server cart in one transaction that takes the stock with a
 * conditional update, so stock never goes negative and a sold-out product writes nothing.
 * Every path that creates or changes an order locks a row first (the customer for
 * creation, the order for changes), which makes retries and races resolve to one result.
 */
export class OrderService {
  constructor(private readonly payments: PaymentsService) {}

  async place(ctx: RequestContext, args: PlaceOrderArgs, expectedTotalCents?: number): Promise<Order> {
    const user = requireUser(ctx);
    if ((args.paymentMethod as string) === 'PayPal') throw badInput(M.paypal, 'paymentMethod');
    if (!Object.values(PaymentMethod).includes(args.paymentMethod)) throw badInput(M.paymentMethod, 'paymentMethod');
    const detail = checkedDetail(args.orderDetail);
    if (args.paymentMethod === PaymentMethod.Cash) {
      return this.createFromCart(ctx, user.id, detail, null, expectedTotalCents, args.creationKey);
    }
    if (!args.paymentIntentId) throw badInput(M.intentRequired, 'paymentIntentId');
    const intent = await this.payments.retrieveIntent(ctx, args.paymentIntentId);
    if (intent.metadata?.userId !== user.id) throw forbidden(M.intentNotYours);
    if (intent.status !== 'succeeded') throw badInput(M.intentNotSucceeded, 'paymentIntentId');
    return this.createFromCard(ctx, user.id, detail, intent, expectedTotalCents);
  }

  /**
   * A succeeded card payment becomes an order, or, when the cart can no longer be sold as
   * paid for (sold out meanwhile, cart changed) or Stripe shows the payment refunded, is
   * refunded once (what is left of it) and remembered so a late webhook or a retry cannot
   * make an order from it afterwards.
   */
  private async createFromCard(
    ctx: RequestContext,
    userId: string,
    detail: OrderDetail,
    intent: Stripe.PaymentIntent,
    expectedTotalCents?: number,
  ): Promise<Order> {
    try {
      return await this.createFromCart(ctx, userId, detail, { intent }, expectedTotalCents);
    } catch (err) {
      if (!isAppError(err) || (err.code !== 'CONFLICT' && err.code !== 'BAD_USER_INPUT')) throw err;
      // Not run again on a conflict: the refund is asked of Stripe inside (under the customer's lock, so no order can
      // land between the look and the refund), and a conflict after it is answered 5xx, for the customer or Stripe's
      // redelivery to try again (a second ask refunds nothing more and finds the refund made).
      const order = await ctx.deps.db.transaction(async (em) => {
        await lockedRow(em, User, userId);
        const existing = await em.getRepository(Order).findOneBy({ paymentIntentId: intent.id });
        if (existing) return existing;
        const [refunded] = await em.query('SELECT 1 FROM refunded_payments WHERE payment_intent_id = $1', [intent.id]);
        if (refunded) throw badInput(M.alreadyRefunded, 'paymentIntentId');
        let refundId: string | null;
        try {
          refundId = await this.payments.refund(ctx, intent.id, `refund-unfulfilled-${intent.id}`);
        } catch {
          throw new UnfulfilledRefundFailed();
        }
        const reason = err instanceof RefundedAtStripe ? 'Refunded at Stripe before an order was made.' : err.message;
        await em.query(
          'INSERT INTO refunded_payments (payment_intent_id, user_id, refund_id, reason) VALUES ($1, $2, $3, $4)',
          [intent.id, userId, refundId, reason],
        );
        return null;
      });
      if (order) return order;
      if (err instanceof RefundedAtStripe) throw err;
      throw new AppError(err.code, M.paymentRefunded(err.message), { ...err.extensions });
    }
  }

  /**
   * The webhook's half of a card checkout: when Stripe says an intent succeeded and the
   * browser never placed its order, the order is made from the cart, with the details the
   * checkout put in the intent's metadata. Returns null when there is nothing to do, or nothing
   * another try could change: the payment belongs to no customer, or was refunded (now or before)
   * because the cart could no longer be sold or Stripe shows it refunded. Throws what another
   * delivery could still complete (the database busy or rolling the transaction back, Stripe not
   * answering, a refund Stripe did not make, anything unexpected): the webhook then answers 5xx
   * and Stripe sends the event again.
   */
  async completeCardPayment(ctx: RequestContext, intent: Stripe.PaymentIntent): Promise<Order | null> {
    const userId = intent.metadata?.userId;
    if (intent.status !== 'succeeded' || !userId || !isUUID(userId)) return null;
    const user = await ctx.deps.db.getRepository(User).findOneBy({ id: userId });
    if (!user) return null;
    const meta = intent.metadata;
    const detail = Object.assign(new OrderDetail(), {
      fullName: meta.fullName || user.username,
      email: meta.email || user.email,
      phone: meta.phone || user.phone || '',
      address: meta.address || '',
      city: meta.city || '',
      zip: meta.zip || '',
      notes: notesFromMetadata(meta),
    });
    try {
      return await this.createFromCard(ctx, user.id, detail, intent);
    } catch (err) {
      if (err instanceof UnfulfilledRefundFailed) throw new AppError('SERVICE_UNAVAILABLE', err.message);
      if (!isAppError(err) || err.httpStatus >= 500) throw err;
      ctx.logger.warn(
        { reason: err.message, paymentIntentId: intent.id, userId },
        'a succeeded card payment did not become an order',
      );
      return null;
    }
  }

  /**
   * Stripe reports that a refund it had accepted failed (the card was closed meanwhile, say): the money is back in the
   * venue's Stripe balance and the customer is still owed it. The cancelled order (or the paid cart that never became
   * one) that this refund was for remembers why, and the venue's e-mail is told once, however often the event comes.
   * Returns false for a refund that is not one of ours or whose failure is already known.
   */
  async recordRefundFailure(ctx: RequestContext, refund: Stripe.Refund): Promise<boolean> {
    const reason = (refund.failure_reason ?? 'unknown').replace(/_/g, ' ');
    const params = [refund.id, reason, ctx.clock.now()];
    const [[order]] = (await ctx.deps.db.query(
      `UPDATE orders SET refund_failure = $2, refund_failed_at = $3, updated_at = now()
       WHERE refund_id = $1 AND refund_failed_at IS NULL RETURNING id, full_name, email, phone`,
      params,
    )) as [Array<{ id: string; full_name: string; email: string; phone: string }>, number];
    let payment: { payment_intent_id: string; user_id: string } | undefined;
    if (!order) {
      [[payment]] = (await ctx.deps.db.query(
        `UPDATE refunded_payments SET refund_failure = $2, refund_failed_at = $3
         WHERE refund_id = $1 AND refund_failed_at IS NULL RETURNING payment_intent_id, user_id`,
        params,
      )) as [Array<{ payment_intent_id: string; user_id: string }>, number];
      if (!payment) return false;
    }
    ctx.logger.error(
      { refundId: refund.id, orderId: order?.id, paymentIntentId: payment?.payment_intent_id, reason },
      'a Stripe refund failed: the customer is still owed the money',
    );
    const user = payment && (await ctx.deps.db.getRepository(User).findOneBy({ id: payment.user_id }));
    const customer = order
      ? `${order.full_name} <${order.email}>, ${order.phone}`
      : user
        ? `${user.username} <${user.email}>${user.phone ? `, ${user.phone}` : ''}`
        : 'a customer whose account was deleted since';
    const amount = dollarsText(refund.amount);
    const what = order
      ? `order ${displayIdOf(order.id)}, cancelled after it was paid by card`
      : `card payment ${payment!.payment_intent_id}, which could not become an order`;
    const lines = [
      `Stripe could not refund ${amount} to the card for ${what}.`,
      `Stripe's reason: ${reason}. The money is back in the Stripe balance, and the customer is still owed it: please return it another way and let them know.`,
      `Customer: ${customer}`,
      `Stripe refund: ${refund.id}`,
    ];
    await this.mailVenue(
      ctx,
      order ? `Refund failed: order ${displayIdOf(order.id)}` : 'Refund failed: a card payment',
      lines,
    );
    return true;
  }

  /** A message to the venue's own e-mail (staff), one paragraph a line. */
  private mailVenue(ctx: RequestContext, subject: string, lines: string[]): Promise<boolean> {
    return ctx.deps.mailer.send({
      to: ctx.deps.config.venue.email,
      subject,
      text: lines.join('\n\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
    });
  }

  private async createFromCart(
    ctx: RequestContext,
    userId: string,
    detail: OrderDetail,
    card: CardPayment | null,
    expectedTotalCents?: number,
    /** A cash checkout's key (a card order is known by its payment): a key placed with before answers with its order. */
    creationKey?: string | null,
  ): Promise<Order> {
    let placed: { order: Order; created: boolean };
    try {
      // Run again on a conflict: the only call out of the database is Stripe's list of refunds, a read that has to be
      // asked again under the new run's lock anyway. The confirmation mail goes after the commit.
      placed = await retryingTransaction(ctx, async (em) => {
        await lockedRow(em, User, userId);
        // Under the customer's lock, which every order of theirs is placed under: no order with the key can land after.
        const placedWithKey = creationKey ? await em.getRepository(Order).findOneBy({ userId, creationKey }) : null;
        if (placedWithKey?.status === OrderStatus.cancelled) throw conflict(M.keyedCancelled, 'creationKey');
        // Sent again with other details (edited between two tries whose answers were lost): not placed twice, and not
        // answered as placed either, which would tell the customer it goes where it does not.
        if (placedWithKey && !sameDetail(placedWithKey.orderDetail, detail))
          throw conflict(M.keyedOtherwise, 'creationKey');
        if (placedWithKey) return { order: placedWithKey, created: false };
        if (card) {
          const existing = await em.getRepository(Order).findOneBy({ paymentIntentId: card.intent.id });
          if (existing) {
            if (existing.userId !== userId) throw forbidden(M.intentNotYours);
            return { order: existing, created: false };
          }
          const [refunded] = await em.query('SELECT 1 FROM refunded_payments WHERE payment_intent_id = $1', [
            card.intent.id,
          ]);
          if (refunded) throw badInput(M.alreadyRefunded, 'paymentIntentId');
          // Asked under the customer's lock, which our refunds of unsold payments are made under too: none of them can
          // land between this look and the order.
          if ((await this.payments.refundsOf(ctx, card.intent.id)).length > 0) throw new RefundedAtStripe();
        }
        const order = await this.insertOrder(em, ctx, userId, detail, card, expectedTotalCents, creationKey ?? null);
        return { order, created: true };
      });
    } catch (err) {
      // Backstop for the unique intent id: another process made this payment's order first.
      if (card && pgError(err).code === UNIQUE_VIOLATION) {
        const existing = await ctx.deps.db.getRepository(Order).findOneBy({ paymentIntentId: card.intent.id });
        if (existing && existing.userId === userId) return existing;
      }
      throw err;
    }
    // in the background: a slow mail server never holds the order
    if (placed.created) ctx.deps.mailer.background(this.sendConfirmation(ctx, placed.order));
    return placed.order;
  }

  private async insertOrder(
    em: EntityManager,
    ctx: RequestContext,
    userId: string,
    detail: OrderDetail,
    card: CardPayment | null,
    expectedTotalCents: number | undefined,
    creationKey: string | null,
  ): Promise<Order> {
    const lines = await cartLines(em, userId);
    if (lines.length === 0) throw badInput(M.emptyCart);
    requireAllSold(lines);
    // Take stock in product-id order so two carts sharing products cannot deadlock.
    const taken = new Map<string, { name: string; priceCents: number; discount: number }>();
    for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
      const result: unknown = await em.query(
        `UPDATE products SET amount = amount - $2, updated_at = now()
         WHERE id = $1 AND amount >= $2 RETURNING name, price_cents, discount`,
        [line.productId, line.quantity],
      );
      const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as {
        name: string;
        price_cents: number;
        discount: number;
      }[];
      if (rows.length === 0) {
        // Fewer units than the line holds: say how many are left when some are, as the cart does.
        const [left] = (await em.query('SELECT amount FROM products WHERE id = $1', [line.productId])) as {
          amount: number;
        }[];
        if (!left) throw conflict(CART_MESSAGES.noLongerSold(line.name)); // deleted since the cart was read
        throw conflict(CART_MESSAGES.shortOfStock(line.name, left.amount));
      }
      taken.set(line.productId, { name: rows[0].name, priceCents: rows[0].price_cents, discount: rows[0].discount });
    }
    const priced = lines.map((line) => ({ ...taken.get(line.productId)!, quantity: line.quantity, line }));
    const totals = totalsOf(priced);
    // A card order's check is the charge itself (below): the customer paid the intent's amount, made from the server's
    // total, so a client that rounds its own figure differently must not get a paid order refunded.
    if (!card) requireTotalAsShown(expectedTotalCents, totals.totalCents, 'totalAmount');
    if (card && (card.intent.amount !== totals.totalCents || card.intent.currency !== 'usd')) {
      throw badInput(M.intentAmount, 'paymentIntentId');
    }
    const repo = em.getRepository(Order);
    const placedAt = ctx.clock.now();
    const order = await repo.save(
      repo.create({
        userId,
        status: card ? OrderStatus.paid : OrderStatus.unpaid,
        paymentMethod: card ? PaymentMethod.stripe : PaymentMethod.Cash,
        paymentIntentId: card?.intent.id ?? null,
        creationKey,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        orderDetail: detail,
        isDelivered: false,
        // Both from the clock: a new order was not updated before it was made.
        createdAt: placedAt,
        updatedAt: placedAt,
      }),
    );
    await em.getRepository(OrderItem).insert(
      priced.map((item, position) => ({
        orderId: order.id,
        productId: item.line.productId,
        position,
        name: item.name,
        unitPriceCents: discountedCents(item.priceCents, item.discount),
        quantity: item.quantity,
      })),
    );
    await em.query('DELETE FROM cart_items WHERE user_id = $1', [userId]);
    return order;
  }

  /**
   * Owner or admin; only while not delivered and not cancelled; stock goes back exactly once. A paid card order is
   * refunded; on a server without Stripe's secret key it cannot be, so the order says the refund failed (as when Stripe
   * reports one) and the venue's e-mail is told to return the money by hand.
   */
  async cancel(ctx: RequestContext, id: string): Promise<Order> {
    const user = requireUser(ctx);
    if (!isUUID(id)) throw notFound(M.notFound);
    let owedByHand = false;
    // Not run again on a conflict: a paid card order is refunded at Stripe inside, under the order's lock, so that a
    // refund Stripe refuses leaves the order as it was. A conflict after the refund is answered 503 and cancelling
    // again asks Stripe again, which refunds nothing more and finds the refund made.
    const cancelled = await ctx.deps.db.transaction(async (em) => {
      const order = await lockedRow(em, Order, id);
      if (!order) throw notFound(M.notFound);
      if (order.userId !== user.id && !user.isAdmin) throw forbidden(M.notYours);
      if (order.status === OrderStatus.cancelled) throw conflict(M.alreadyCancelled);
      if (!order.canCancel) throw conflict(M.cannotCancel);
      if (order.status === OrderStatus.paid && order.paymentMethod === PaymentMethod.stripe && order.paymentIntentId) {
        // Under the order's lock: a failed refund leaves the order as it was, to be tried again. Before the stock
        // comes back: the products' rows are locked only after Stripe has answered, so nobody's checkout of them
        // waits on Stripe (up to its timeout and retries).
        order.refundId = await this.payments.refund(ctx, order.paymentIntentId, `refund-${order.id}`);
        if (!order.refundId) {
          order.refundFailure = M.noRefundKey;
          order.refundFailedAt = ctx.clock.now();
          owedByHand = true;
        }
      }
      await em.query(
        `UPDATE products p SET amount = p.amount + i.quantity, updated_at = now()
         FROM (SELECT product_id, sum(quantity)::int AS quantity FROM order_items
               WHERE order_id = $1 AND product_id IS NOT NULL GROUP BY product_id) i
         WHERE p.id = i.product_id`,
        [order.id],
      );
      order.status = OrderStatus.cancelled;
      order.cancelledAt = ctx.clock.now();
      return em.getRepository(Order).save(order);
    });
    // The venue cancelled a customer's order: the customer is told, in the background (a slow mail server never holds
    // the answer). Their own cancel they saw done.
    if (cancelled.userId !== user.id) ctx.deps.mailer.background(this.sendCancellation(ctx, cancelled));
    if (owedByHand) {
      const { displayId, orderDetail: d } = cancelled;
      await this.mailVenue(ctx, `Refund needed: order ${displayId}`, [
        `Order ${displayId} was paid by card and is now cancelled, but this server has no Stripe secret key, so the ${dollarsText(cancelled.totalCents)} paid was not refunded.`,
        `The customer is still owed it: please refund payment ${cancelled.paymentIntentId} in Stripe's dashboard, or return it another way, and let them know.`,
        `Customer: ${d.fullName} <${d.email}>, ${d.phone}`,
      ]);
    }
    return cancelled;
  }

  /**
   * Not for a cancelled order. Marking a delivered order again answers it as it is, unless `onlyIfOpen` (the web's
   * Mark as delivered): then it is refused, so the caller offers Undo only for a delivery its own click made.
   */
  async markDelivered(ctx: RequestContext, id: string, { onlyIfOpen = false } = {}): Promise<Order> {
    return this.changeDelivery(ctx, id, (order) => {
      if (order.status === OrderStatus.cancelled) throw conflict(M.cancelledNotDeliverable);
      if (order.isDelivered && onlyIfOpen) throw conflict(M.alreadyDelivered);
      if (order.isDelivered) return false;
      order.isDelivered = true;
      order.deliveredAt = ctx.clock.now();
      // Cash on delivery is paid as it is handed over: the order is then paid, and "unpaid" lists the money still due.
      if (order.paymentMethod === PaymentMethod.Cash) order.status = OrderStatus.paid;
      return true;
    });
  }

  /**
   * Takes back a delivery marked by mistake (a click on the wrong order): the order is open again, as it was before.
   * A cash order is unpaid again, as its cash was recorded by the delivery; a card order was paid at checkout and stays
   * so. `deliveredAt` is the delivery's as the caller's mark answered it: another (marked again since, after an undo
   * elsewhere) is refused. An order not delivered (a cancelled one included) is answered as it is, as is a second undo.
   */
  async undoDelivery(ctx: RequestContext, id: string, deliveredAt: Date): Promise<Order> {
    return this.changeDelivery(ctx, id, (order) => {
      if (!order.isDelivered) return false;
      if (order.deliveredAt?.getTime() !== deliveredAt.getTime()) throw conflict(M.deliveryChanged);
      order.isDelivered = false;
      order.deliveredAt = null;
      if (order.paymentMethod === PaymentMethod.Cash) order.status = OrderStatus.unpaid;
      return true;
    });
  }

  /**
   * An admin's change of an order's delivery, made to the order locked: `change` says whether it changed anything
   * (the order is saved then) or throws to refuse.
   */
  private changeDelivery(ctx: RequestContext, id: string, change: (order: Order) => boolean): Promise<Order> {
    requireAdmin(ctx);
    if (!isUUID(id)) throw notFound(M.notFound);
    return retryingTransaction(ctx, async (em) => {
      const order = await lockedRow(em, Order, id);
      if (!order) throw notFound(M.notFound);
      return change(order) ? em.getRepository(Order).save(order) : order;
    });
  }

  /** The caller's orders, newest first. */
  async mine(ctx: RequestContext): Promise<Order[]> {
    const user = requireUser(ctx);
    return ctx.deps.db
      .getRepository(Order)
      .find({ where: { userId: user.id }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Every order for admins: search, filter and page in one SQL statement (the count rides along). */
  async all(ctx: RequestContext, args: AdminOrdersArgs): Promise<OrderPageResult> {
    requireAdmin(ctx);
    const qb = ctx.deps.db.getRepository(Order).createQueryBuilder('o');
    // An order number as the screens show it ('#3E6E68') is found without its '#'.
    const search = args.search?.trim().replace(/^#\s*/, '');
    if (search) {
      const like = likePattern(search);
      // The people first (the users table is small): as a list of ids, PostgreSQL can read their orders from user_id's
      // index beside the trigram indexes on the orders' own text, and estimates well how many there are; as a
      // subquery it read every order. A text that matches very many people (an e-mail domain) matches most orders
      // anyway, and one scan with the people as a subquery serves that best.
      const people = (await ctx.deps.db.query(
        'SELECT id FROM users WHERE username ILIKE $1 OR email ILIKE $1 LIMIT $2',
        [like, MANY_PEOPLE + 1],
      )) as { id: string }[];
      const theirs =
        people.length > MANY_PEOPLE
          ? 'o.userId IN (SELECT id FROM users WHERE username ILIKE :like OR email ILIKE :like)'
          : 'o.userId = ANY(CAST(:people AS uuid[]))';
      qb.andWhere(`(${theirs} OR o.id::text ILIKE :like OR o.fullName ILIKE :like OR o.email ILIKE :like)`, {
        like,
        people: people.map(({ id }) => id),
      });
    }
    switch (args.status) {
      case OrderFilter.paid:
      case OrderFilter.unpaid:
      case OrderFilter.cancelled:
        qb.andWhere('o.status = :status', { status: args.status });
        break;
      case OrderFilter.delivered:
        qb.andWhere('o.isDelivered');
        break;
      case OrderFilter.undelivered:
        qb.andWhere("NOT o.isDelivered AND o.status <> 'cancelled'");
        break;
    }
    return this.newestFirst(qb, args);
  }

  /** The caller's orders, newest first, a page at a time (one statement). */
  async minePage(ctx: RequestContext, args: OrderPageArgs): Promise<OrderPageResult> {
    const user = requireUser(ctx);
    const qb = ctx.deps.db.getRepository(Order).createQueryBuilder('o').where('o.userId = :userId', {
      userId: user.id,
    });
    return this.newestFirst(qb, args);
  }

  /**
   * One page of orders, newest first; the total rides along as a window count (one statement). The filter, count and
   * paging run over order ids alone, and only the page's rows are read whole: counting every match over whole rows
   * sorted them all, spilling to disk on a large history.
   */
  private async newestFirst(
    filtered: SelectQueryBuilder<Order>,
    { page, pageSize }: OrderPageArgs,
  ): Promise<OrderPageResult> {
    const ids = filtered
      .clone()
      .select('o.id', 'id')
      .addSelect('count(*) OVER ()', 'full_count')
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize);
    const { entities, raw } = await filtered.connection
      .getRepository(Order)
      .createQueryBuilder('o')
      .innerJoin(`(${ids.getQuery()})`, 'page', 'page.id = o.id')
      .addSelect('page.full_count', 'full_count')
      .setParameters(ids.getParameters())
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .getRawAndEntities<{ full_count: string }>();
    let total = raw.length ? Number(raw[0].full_count) : 0;
    // Past the last page the window count has no row to ride on.
    if (!raw.length && page > 1) total = await filtered.getCount();
    return { orders: entities, total, page, totalPages: Math.ceil(total / pageSize) };
  }

  items(ctx: RequestContext, order: Order): Promise<OrderItem[]> {
    return ctx.loaders.orderItems.load(order.id);
  }

  /**
   * To the customer of an order the venue cancelled, at the account's own address (as the confirmation): what was
   * cancelled, and what becomes of the money. After the commit; it never throws.
   */
  private async sendCancellation(ctx: RequestContext, order: Order): Promise<void> {
    try {
      const customer = await ctx.deps.db.getRepository(User).findOneBy({ id: order.userId });
      if (!customer) return;
      const { venue } = ctx.deps.config;
      const total = dollarsText(order.totalCents);
      // A card order paid is refunded as it is cancelled, or marked as owed by hand; any other was never charged.
      const money = order.refundId
        ? `The ${total} you paid goes back to your card; your bank may take a few days to show it.`
        : order.refundFailure
          ? `We could not refund the ${total} you paid to your card automatically: we will pay it back another way, and let you know.`
          : 'You were not charged for it.';
      const contact = `To ask us why, or to order again, write to ${venue.email} or call ${venue.phone}.`;
      const paragraphs = [
        `We are sorry: ${venue.name} had to cancel your order ${order.displayId} (${total}).`,
        money,
        contact,
      ];
      const greeting = `Hi ${order.orderDetail.fullName},`;
      await ctx.deps.mailer.send({
        to: customer.email,
        subject: `Your ${venue.name} order ${order.displayId} was cancelled`,
        text: [greeting, '', ...paragraphs.flatMap((line) => [line, ''])].join('\n').trimEnd(),
        html: [greeting, ...paragraphs].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      });
    } catch (err) {
      ctx.logger.error({ err, orderId: order.id }, 'order cancellation e-mail failed');
    }
  }

  /** After the commit; the mailer never throws, so a failed e-mail never touches the order. */
  /**
   * To the account's own address, which it confirmed: never to the one typed into the checkout form (told in the mail
   * as the order's contact), or anyone could have the venue mail their text (the name, the address) to any inbox, once
   * per order placed and cancelled.
   */
  private async sendConfirmation(ctx: RequestContext, order: Order): Promise<void> {
    try {
      const customer = await ctx.deps.db.getRepository(User).findOneBy({ id: order.userId });
      if (!customer) return;
      const items = await ctx.deps.db.getRepository(OrderItem).find({
        where: { orderId: order.id },
        order: { position: 'ASC' },
      });
      const lines = items.map(
        (item) => `${item.quantity} × ${item.name} — ${dollarsText(item.unitPriceCents * item.quantity)}`,
      );
      const totals = [
        `Subtotal: ${dollarsText(order.subtotalCents)}`,
        `Tax: ${dollarsText(order.taxCents)}`,
        `Shipping: ${dollarsText(order.shippingCents)}`,
        `Total: ${dollarsText(order.totalCents)}`,
      ];
      const payment =
        order.paymentMethod === PaymentMethod.stripe ? 'Paid by card.' : 'Pay when your order arrives (cash).';
      const d = order.orderDetail;
      const subject = `Your Checkpoint order ${order.displayId}`;
      const text = [
        `Hi ${d.fullName},`,
        '',
        `Thank you for your order ${order.displayId}.`,
        '',
        ...lines,
        '',
        ...totals,
        payment,
        '',
        `Shipping to: ${d.address}, ${d.city} ${d.zip}`,
        `Contact: ${d.email}, ${d.phone}`,
      ].join('\n');
      const html = `<p>Hi ${escapeHtml(d.fullName)},</p>
<p>Thank you for your order <strong>${order.displayId}</strong>.</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${totals.map(escapeHtml).join('<br>')}</p>
<p>${payment}</p>
<p>Shipping to: ${escapeHtml(`${d.address}, ${d.city} ${d.zip}`)}<br>Contact: ${escapeHtml(`${d.email}, ${d.phone}`)}</p>`;
      await ctx.deps.mailer.send({ to: customer.email, subject, text, html });
    } catch (err) {
      ctx.logger.error({ err, orderId: order.id }, 'order confirmation e-mail failed');
    }
  }
}
