// A local stand-in for the Stripe API the gateway calls (the same behaviour as
// gateway/src/test/fake-stripe.ts), plus POST /v1/payment_intents/{id}/confirm, which the
// browser tests' stand-in Stripe.js reaches (routed by Playwright) to "pay" an intent.
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
  const idempotent = new Map();

  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res, what) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

  async function handle(req, res) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const params = parseForm(raw);
    const key = req.headers['idempotency-key'];
    const path = (req.url ?? '').split('?')[0];
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
      return send(res, 200, intent);
    }
    const match = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const intent = intents.get(match[1]);
      return intent ? send(res, 200, intent) : missing(res, `payment_intent: '${match[1]}'`);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent));
      if (!intent) return missing(res, 'payment_intent');
      return send(
        res,
        200,
        once(() => ({
          id: newId('re'),
          object: 'refund',
          payment_intent: intent.id,
          amount: intent.amount,
          status: 'succeeded',
        })),
      );
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
