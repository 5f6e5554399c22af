import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: Record<string, string> | null;
  created: number;
  livemode: false;
};

export type FakeRefund = { id: string; object: 'refund'; payment_intent: string; amount: number; status: string };

/** Form-encoded Stripe parameters (`metadata[userId]=...`) back into objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out as Record<string, unknown>;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]] = value;
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A local stand-in for the three Stripe endpoints the gateway calls, driven by the real SDK.
 * Tests decide what each intent's status and amount are, and can make refunds fail.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const idempotent = new Map<string, unknown>();
  const state = { failRefunds: false, requests: [] as string[] };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const params = parseForm(raw);
    const key = req.headers['idempotency-key'];
    const path = (req.url ?? '').split('?')[0];
    state.requests.push(`${req.method} ${path}`);
    const once = (make: () => unknown) => {
      const cacheKey = typeof key === 'string' ? `${path}:${key}` : null;
      if (cacheKey && idempotent.has(cacheKey)) return idempotent.get(cacheKey);
      const made = make();
      if (cacheKey) idempotent.set(cacheKey, made);
      return made;
    };

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const made = once(() => {
        const intentId = id('pi');
        const intent: FakeIntent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(params.amount),
          currency: String(params.currency),
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          metadata: (params.metadata as Record<string, string>) ?? {},
          automatic_payment_methods: (params.automatic_payment_methods as Record<string, string>) ?? null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(intentId, intent);
        return { ...intent };
      });
      return send(res, 200, made);
    }
    const match = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const intent = intents.get(match[1]);
      return intent ? send(res, 200, intent) : missing(res, `payment_intent: '${match[1]}'`);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (state.failRefunds) return send(res, 500, { error: { type: 'api_error', message: 'refunds are down' } });
      const intent = intents.get(String(params.payment_intent));
      if (!intent) return missing(res, 'payment_intent');
      const made = once(() => {
        const refund: FakeRefund = {
          id: id('re'),
          object: 'refund',
          payment_intent: intent.id,
          amount: intent.amount,
          status: 'succeeded',
        };
        refunds.push(refund);
        return refund;
      });
      return send(res, 200, made);
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL ${path}` } });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: { type: 'api_error', message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    state,
    intent(intentId: string): FakeIntent {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no fake intent ${intentId}`);
      return intent;
    },
    /** What the browser's confirmCardPayment would have done. */
    succeed(intentId: string) {
      this.intent(intentId).status = 'succeeded';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
