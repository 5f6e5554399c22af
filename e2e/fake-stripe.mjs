// A local stand-in for the Stripe API the gateway calls (the answers of
// gateway/src/test/fake-stripe.ts, without the switches its tests use to fail or lose refunds
// and to refund by hand), plus POST /v1/payment_intents/{id}/confirm, which the browser tests'
// stand-in Stripe.js reaches (routed by Playwright) to "pay" an intent.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where e2e/server.mjs leaves the fake's URL for the gateway on `port` (the tests read it). */
export const fakeStripeUrlFile = (port) => join(tmpdir(), `checkpoint-e2e-fake-stripe-${port}.url`);

function parseForm(body) {
  const out = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    for (const part of path.slice(0, -1)) node = node[part] ??= {};
    node[path[path.length - 1]] = value;
  }
  return out;
}

const newId = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Listens on 127.0.0.1:`port` (0: any free port) and resolves to its URL. */
export async function startFakeStripe(port) {
  const intents = new Map();
  const refunds = [];
  const idempotent = new Map();

  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res, what) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
  /** What is left of the charge: failed and canceled refunds gave nothing back. */
  const unrefunded = (intent) =>
    refunds
      .filter((refund) => refund.payment_intent === intent.id && !['failed', 'canceled'].includes(refund.status))
      .reduce((left, refund) => left - refund.amount, intent.amount);

  async function handle(req, res) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const params = parseForm(raw);
    const key = req.headers['idempotency-key'];
    const [path, search = ''] = (req.url ?? '').split('?');
    const query = new URLSearchParams(search);
    const once = (make) => {
      const cacheKey = typeof key === 'string' ? `${path}:${key}` : null;
      if (cacheKey && idempotent.has(cacheKey)) return idempotent.get(cacheKey);
      const made = make();
      if (cacheKey) idempotent.set(cacheKey, made);
      return made;
    };

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      return send(
        res,
        200,
        once(() => {
          const id = newId('pi');
          const intent = {
            id,
            object: 'payment_intent',
            amount: Number(params.amount),
            currency: String(params.currency),
            status: 'requires_payment_method',
            client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
            metadata: params.metadata ?? {},
            latest_charge: null,
            created: Math.floor(Date.now() / 1000),
            livemode: false,
          };
          intents.set(id, intent);
          return { ...intent };
        }),
      );
    }
    const confirm = /^\/v1\/payment_intents\/([\w-]+)\/confirm$/.exec(path);
    if (req.method === 'POST' && confirm) {
      const intent = intents.get(confirm[1]);
      if (!intent) return missing(res, `payment_intent: '${confirm[1]}'`);
      intent.status = 'succeeded';
      intent.latest_charge ??= newId('ch');
      return send(res, 200, intent);
    }
    const match = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const intent = intents.get(match[1]);
      return intent ? send(res, 200, intent) : missing(res, `payment_intent: '${match[1]}'`);
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      // Newest first, a page at a time, as Stripe lists.
      const limit = Math.min(Math.max(Number(query.get('limit') ?? 10), 1), 100);
      let matching = refunds
        .filter((refund) => !query.has('payment_intent') || refund.payment_intent === query.get('payment_intent'))
        .reverse();
      const after = query.get('starting_after');
      if (after) matching = matching.slice(matching.findIndex((refund) => refund.id === after) + 1);
      return send(res, 200, {
        object: 'list',
        data: matching.slice(0, limit),
        has_more: matching.length > limit,
        url: '/v1/refunds',
      });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent));
      if (!intent) return missing(res, 'payment_intent');
      // What is left of the charge is refunded; a charge with nothing left is refused.
      const [status, body] = once(() => {
        const left = unrefunded(intent);
        if (left <= 0) {
          const message = `Charge ${intent.latest_charge} has already been refunded.`;
          return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message } }];
        }
        const refund = {
          id: newId('re'),
          object: 'refund',
          amount: left,
          charge: intent.latest_charge,
          currency: intent.currency,
          created: Math.floor(Date.now() / 1000),
          metadata: {},
          payment_intent: intent.id,
          reason: null,
          status: 'succeeded',
        };
        refunds.push(refund);
        return [200, { ...refund }];
      });
      return send(res, status, body);
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL ${path}` } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: { type: 'api_error', message: String(err) } }));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  server.unref();
  return `http://127.0.0.1:${server.address().port}`;
}
