import { createHash, randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { RequestContext } from '../../graphql/context';
import { requireUser } from '../../graphql/auth-checker';
import { AppError, badInput, notFound } from '../../common/errors';
import { toDollars } from '../../common/money';
import { unstorableText } from '../../common/text';
import { cartLines, requireAllSold, requireInStock } from '../cart/cart.service';
import { totalsOf } from '../cart/cart-totals';
import { ORDER_MESSAGES as M, requireTotalAsShown, type OrderDetailInput } from '../orders/order.inputs';
import { checkedDetail, type OrderService } from '../orders/order.service';
import type { OrderDetail } from '../orders/order.entity';
import { cardAvailable, stripeClient } from './stripe-client';
import type { PaymentConfig, PaymentIntentResult } from './payments.types';

export const PAYMENT_MESSAGES = {
  badSignature: 'Invalid Stripe signature.',
  webhookOff: 'Stripe webhooks are not configured.',
  intentFailed: 'Network error. Please try again later.',
  malformedEvent: 'Malformed Stripe event.',
};

const unavailable = () => new AppError('SERVICE_UNAVAILABLE', M.cardUnavailable);

/** The most Stripe keeps in one metadata value. */
const METADATA_VALUE_MAX = 500;

/**
 * The customer and the checkout details, as Stripe keeps metadata: strings of at most 500 characters. Notes (up to
 * 2000) go in 500-character parts, `notes`, `notes_2`, … (`notesFromMetadata` joins them), so an order the webhook
 * completes keeps them whole.
 */
function metadataOf(userId: string, detail?: OrderDetail | null): Record<string, string> {
  const metadata: Record<string, string> = { userId };
  for (const [key, value] of Object.entries(detail ?? {})) {
    if (typeof value !== 'string' || !value) continue;
    if (key !== 'notes') metadata[key] = value.slice(0, METADATA_VALUE_MAX);
    else {
      for (let part = 0; part * METADATA_VALUE_MAX < value.length; part++) {
        metadata[part ? `notes_${part + 1}` : 'notes'] = value.slice(
          part * METADATA_VALUE_MAX,
          (part + 1) * METADATA_VALUE_MAX,
        );
      }
    }
  }
  return metadata;
}

/** The notes `metadataOf` put in an intent's metadata, whole again. */
export function notesFromMetadata(metadata: Record<string, string>): string {
  let notes = metadata.notes ?? '';
  for (let part = 2; metadata[`notes_${part}`]; part++) notes += metadata[`notes_${part}`];
  return notes;
}

/** Stripe: payment intents for the server's cart total, retrieval, refunds and signed webhooks. */
export class PaymentsService {
  private orders!: OrderService;

  /** Set once by createServices (the two services call each other). */
  useOrders(orders: OrderService): void {
    this.orders = orders;
  }

  config(ctx: RequestContext): PaymentConfig {
    const available = cardAvailable(ctx.deps.config);
    return { cardAvailable: available, publishableKey: available ? ctx.deps.config.stripe.publishableKey! : null };
  }

  private stripe(ctx: RequestContext): Stripe {
    const client = cardAvailable(ctx.deps.config) ? stripeClient(ctx.deps.config) : null;
    if (!client) throw unavailable();
    return client;
  }

  /**
   * An intent for the server cart's checkout total (never an amount from the client).
   * The idempotency key is derived from the customer, the cart and the details, so a
   * double click gets the same intent and a changed cart a new one. Stripe answers a key with
   * its first intent for 24 hours: when that payment is over (refunded, or already an
   * order), the key is followed by one derived from that intent, so the same cart gets a
   * new intent it can be paid with, and a double click still gets one.
   */
  async createIntent(
    ctx: RequestContext,
    detail?: OrderDetailInput | null,
    expectedTotalCents?: number,
  ): Promise<PaymentIntentResult> {
    const user = requireUser(ctx);
    const stripe = this.stripe(ctx);
    // Checked as placing the order checks them, before the card is charged: details the order would refuse would leave
    // a paid cart that the customer's page cannot make an order of.
    const checked = detail ? checkedDetail(detail) : null;
    const lines = await cartLines(ctx.deps.db.manager, user.id);
    if (lines.length === 0) throw badInput(M.emptyCart);
    const { totalCents } = totalsOf(
      requireInStock(requireAllSold(lines)).map((line) => ({ ...line.product, quantity: line.quantity })),
    );
    // What the customer was shown is what they are charged, or nothing is asked of Stripe (as for a cash order).
    requireTotalAsShown(expectedTotalCents, totalCents, 'expectedTotal');
    const metadata = metadataOf(user.id, checked);
    const fingerprint = JSON.stringify([
      totalCents,
      lines.map((line) => [line.productId, line.quantity, line.updatedAt.getTime()]),
      metadata,
    ]);
    const keyOf = (...parts: string[]) => `checkout-${createHash('sha256').update(parts.join('\n')).digest('hex')}`;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: totalCents,
      currency: 'usd',
      // Only methods confirmed on the checkout page (cards, wallets; 3-D Secure in a pop-up): one that sends the
      // customer to another site would come back to /thank-you with no order placed by the page.
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata,
      ...(checked ? { receipt_email: checked.email } : {}),
    };
    const create = async (idempotencyKey: string) => {
      try {
        return await stripe.paymentIntents.create(params, { idempotencyKey });
      } catch (err) {
        ctx.logger.error({ err }, 'could not create a Stripe payment intent');
        throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.intentFailed);
      }
    };
    let intent = await create(keyOf(fingerprint));
    // The next key after a payment that is over; a cart refunded this often gets a fresh one rather than a longer walk.
    for (let walked = 0; await this.isOver(ctx, intent.id); walked += 1) {
      intent = await create(keyOf(fingerprint, walked < 5 ? intent.id : randomUUID()));
    }
    return { clientSecret: intent.client_secret!, paymentIntentId: intent.id, amount: toDollars(totalCents) };
  }

  /**
   * Whether a payment is over here: refunded, or made an order. (The intent a repeated key brings back is Stripe's first
   * answer, whose status is that of its creation, so only our records tell.) One paid and on its way to an order (the
   * customer's page, the webhook) is not over: a new intent would charge the card twice.
   */
  private async isOver(ctx: RequestContext, paymentIntentId: string): Promise<boolean> {
    const used = (await ctx.deps.db.query(
      `SELECT 1 FROM refunded_payments WHERE payment_intent_id = $1
       UNION ALL SELECT 1 FROM orders WHERE payment_intent_id = $1 LIMIT 1`,
      [paymentIntentId],
    )) as unknown[];
    return used.length > 0;
  }

  async retrieveIntent(ctx: RequestContext, id: string): Promise<Stripe.PaymentIntent> {
    const stripe = this.stripe(ctx);
    if (!/^pi_\w{1,200}$/.test(id)) throw notFound(M.intentNotFound);
    try {
      return await stripe.paymentIntents.retrieve(id);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) throw notFound(M.intentNotFound);
      ctx.logger.error({ err }, 'could not retrieve a Stripe payment intent');
      throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.intentFailed);
    }
  }

  /**
   * Refunds what is left of the payment and returns the refund's id; when nothing is left, the id of the refund that
   * gave it back (ours, whose answer was lost, or one made by hand in Stripe's dashboard). It needs only the secret
   * key: card payments switched off for new orders (no publishable key) still refund the ones already taken. Without
   * a secret key the refund is left to staff (logged) and null is returned.
   *
   * Each call sends its own idempotency key (`purpose` and a random suffix; the SDK's own retries of the call reuse it):
   * Stripe answers a key with its first answer for 24 hours, a 500 too, so a retry under the same key could not succeed
   * for a day. Asking again never gives back more than was paid: Stripe refunds only what is left of the charge, and
   * answers charge_already_refunded when nothing is.
   */
  async refund(ctx: RequestContext, paymentIntentId: string, purpose: string): Promise<string | null> {
    const stripe = stripeClient(ctx.deps.config);
    if (!stripe) {
      ctx.logger.warn({ paymentIntentId }, 'Stripe is not configured: refund this payment by hand');
      return null;
    }
    try {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId },
          { idempotencyKey: `${purpose}-${randomUUID()}` },
        );
        return refund.id;
      } catch (err) {
        if ((err as { code?: string }).code !== 'charge_already_refunded') throw err;
        const [latest] = await this.listRefunds(stripe, paymentIntentId);
        if (!latest) throw err;
        return latest.id;
      }
    } catch (err) {
      ctx.logger.error({ err, paymentIntentId }, 'Stripe refund failed');
      throw new AppError('SERVICE_UNAVAILABLE', M.refundFailed);
    }
  }

  /**
   * The payment's refunds at Stripe that give (or are giving) its money back, newest first: ours, including one whose
   * answer never reached us, and any made by hand in Stripe's dashboard.
   */
  async refundsOf(ctx: RequestContext, paymentIntentId: string): Promise<Stripe.Refund[]> {
    const stripe = stripeClient(ctx.deps.config);
    if (!stripe) throw unavailable();
    try {
      return await this.listRefunds(stripe, paymentIntentId);
    } catch (err) {
      ctx.logger.error({ err, paymentIntentId }, 'could not list the refunds of a Stripe payment');
      throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.intentFailed);
    }
  }

  /** The payment's refunds that give (or are giving) its money back, newest first; failed and canceled ones did not. */
  private async listRefunds(stripe: Stripe, paymentIntentId: string): Promise<Stripe.Refund[]> {
    const refunds: Stripe.Refund[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
      if (refund.status !== 'failed' && refund.status !== 'canceled') refunds.push(refund);
    }
    return refunds;
  }

  /**
   * Verifies the signature on the raw body, then completes the order of a succeeded intent, or records a refund that
   * failed after Stripe had accepted it (`refund.failed`; older API versions say so only in `charge.refund.updated`).
   */
  async handleWebhook(ctx: RequestContext, rawBody: Buffer, signature: string | undefined): Promise<void> {
    const secret = ctx.deps.config.stripe.webhookSecret;
    const stripe = stripeClient(ctx.deps.config);
    if (!secret || !stripe) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.webhookOff);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
    } catch {
      throw badInput(PAYMENT_MESSAGES.badSignature);
    }
    // Signed, so Stripe's; but what is read below is checked, not trusted to be there. No text of Stripe's holds what
    // PostgreSQL could not store (a NUL; a lone surrogate), which every other route refuses by the same rule.
    const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
    if (
      !object ||
      typeof object !== 'object' ||
      typeof (object as { id?: unknown }).id !== 'string' ||
      unstorableText(object) !== null
    ) {
      throw badInput(PAYMENT_MESSAGES.malformedEvent);
    }
    if (event.type === 'payment_intent.succeeded') {
      await this.orders.completeCardPayment(ctx, event.data.object);
    } else if (
      event.type === 'refund.failed' ||
      ((event.type === 'charge.refund.updated' || event.type === 'refund.updated') &&
        event.data.object.status === 'failed')
    ) {
      const refund = event.data.object;
      const reason: unknown = refund.failure_reason;
      if (reason != null && typeof reason !== 'string') throw badInput(PAYMENT_MESSAGES.malformedEvent);
      if (!(await this.orders.recordRefundFailure(ctx, refund))) {
        ctx.logger.warn({ refundId: refund.id }, 'a failed Stripe refund that is not ours or is already recorded');
      }
    }
  }
}
