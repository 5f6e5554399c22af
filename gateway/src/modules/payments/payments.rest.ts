import type { Services } from '../../services';
import { ctxOf, restRouter } from '../../common/rest';
import { parseInput } from '../../common/validation';
import { OrderDetailInput } from '../orders/order.inputs';

/** Where app.ts mounts a raw-body parser: the webhook signature covers the exact bytes. */
export const STRIPE_WEBHOOK_PATH = '/stripe/webhook';

/** The spec's /api/stripe endpoints: the payment intent (from the server cart) and Stripe's webhook. */
export function paymentRoutes(services: Services) {
  const router = restRouter();

  router.post('/stripe/create-payment-intent', async (req, res) => {
    const ctx = ctxOf(req);
    const raw = req.body?.orderDetail;
    const detail = raw && typeof raw === 'object' ? await parseInput(OrderDetailInput, raw) : null;
    const { clientSecret } = await services.payments.createIntent(ctx, detail);
    res.json({ clientSecret });
  });

  router.post(STRIPE_WEBHOOK_PATH, async (req, res) => {
    const ctx = ctxOf(req);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
    await services.payments.handleWebhook(ctx, body, req.get('stripe-signature'));
    res.json({ received: true });
  });

  return router;
}
