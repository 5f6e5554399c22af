import Stripe from 'stripe';
import type { Config } from '../../config';

const clients = new WeakMap<Config['stripe'], Stripe>();

/**
 * The Stripe SDK for the configured secret key, or null when card payment is off.
 * STRIPE_API_URL points it at a Stripe-compatible server (stripe-mock, the tests' fake).
 */
export function stripeClient(config: Config): Stripe | null {
  const settings = config.stripe;
  if (!settings.secretKey) return null;
  let client = clients.get(settings);
  if (!client) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: api ? 0 : 2,
      telemetry: false,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'http:' ? 80 : 443),
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    clients.set(settings, client);
  }
  return client;
}

/** Card payment needs both keys: the secret one here, the publishable one in the browser. */
export function cardAvailable(config: Config): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.publishableKey);
}
