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
  /** The charge a confirmation made: null until the intent succeeds. */
  latest_charge: string | null;
  created: number;
  livemode: false;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: string;
  /** Set when a refund fails after it was accepted (the card was closed, say). */
  failure_reason?: string;
};

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

type Answer = { status: number; body: unknown };
const invalid = (code: string, message: string, param?: string): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } },
});

/**
 * A local stand-in for the Stripe endpoints the gateway calls, driven by the real SDK; the gateway's tests and the
 * browser tests (e2e/fixtures.ts, one per worker's gateway) share it.
 * Tests decide what each intent's status and amount are, can make refunds (or listing
 * them) fail or lose refunds' answers, and can refund by hand as staff would in Stripe's
 * dashboard.
 *
 * As Stripe does, the first answer to a POST with an idempotency key is saved, a failure
 * too, and given again to every request with that key (for 24 hours at Stripe; here for
 * the life of the server); a refund gives back what is left of the charge, and a charge
 * with nothing left is refused with `charge_already_refunded`.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const idempotent = new Map<string, { params: string; answer: Answer }>();
  const state = {
    /** Refund requests fail with a 500, saved under their idempotency key. */
    failRefunds: false,
    /** Refund requests are carried out, but the connection drops before the answer is sent. */
    loseRefundAnswers: false,
    /** Listing refunds fails with a 500. */
    failRefundLists: false,
    /** Set: a refund request is held (not yet carried out) until this settles, as a slow Stripe would. */
    refundsWaitFor: null as Promise<unknown> | null,
    requests: [] as string[],
  };

  const send = (res: ServerResponse, { status, body }: Answer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
    res.end(JSON.stringify(body));
  };
  const missing = (what: string): Answer => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });
  /** Refunds that give money back: a failed or canceled one does not count against the charge. */
  const refunded = (intent: FakeIntent) =>
    refunds
      .filter((refund) => refund.payment_intent === intent.id && !['failed', 'canceled'].includes(refund.status))
      .reduce((sum, refund) => sum + refund.amount, 0);

  function succeed(intent: FakeIntent) {
    intent.status = 'succeeded';
    intent.latest_charge ??= id('ch');
  }

  function makeRefund(intent: FakeIntent, amount?: number): Answer {
    const left = intent.amount - refunded(intent);
    if (left <= 0) {
      return invalid('charge_already_refunded', `Charge ${intent.latest_charge} has already been refunded.`);
    }
    if (amount !== undefined && amount > left) {
      return invalid(
        'amount_too_large',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
      );
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount: amount ?? left,
      charge: intent.latest_charge,
      currency: intent.currency,
      created: Math.floor(Date.now() / 1000),
      metadata: {},
      payment_intent: intent.id,
      reason: null,
      status: 'succeeded',
    };
    refunds.push(refund);
    return { status: 200, body: { ...refund } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const params = parseForm(raw);
    const key = req.headers['idempotency-key'];
    const [path, search = ''] = (req.url ?? '').split('?');
    const query = new URLSearchParams(search);
    state.requests.push(`${req.method} ${path}`);
    /** Runs a POST once per idempotency key; a repeat gets the saved answer, or an error if its parameters differ. */
    const once = (run: () => Answer): { answer: Answer; replayed: boolean } => {
      const cacheKey = typeof key === 'string' ? `${path}:${key}` : null;
      const saved = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (saved && saved.params !== raw) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return { answer: { status: 400, body: { error: { type: 'idempotency_error', message } } }, replayed: false };
      }
      if (saved) return { answer: saved.answer, replayed: true };
      const answer = run();
      if (cacheKey) idempotent.set(cacheKey, { params: raw, answer });
      return { answer, replayed: false };
    };
    const reply = ({ answer, replayed }: { answer: Answer; replayed: boolean }) =>
      send(res, answer, replayed ? { 'idempotent-replayed': 'true' } : {});

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      return reply(
        once(() => {
          // as Stripe answers metadata it does not keep
          const tooLong = Object.entries((params.metadata as Record<string, string>) ?? {}).find(
            ([key, value]) => key.length > 40 || value.length > 500,
          );
          if (tooLong) {
            const message = `Metadata values can have up to 500 characters, but you passed in a value that is ${tooLong[1].length} characters. Invalid value: ${tooLong[0]}`;
            return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
          }
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
            latest_charge: null,
            created: Math.floor(Date.now() / 1000),
            livemode: false,
          };
          intents.set(intentId, intent);
          return { status: 200, body: { ...intent } };
        }),
      );
    }
    // What Stripe.js's confirmCardPayment does in the browser tests (their stand-in Stripe.js reaches it, routed by
    // Playwright); the gateway itself never confirms.
    const confirm = /^\/v1\/payment_intents\/([\w-]+)\/confirm$/.exec(path);
    if (req.method === 'POST' && confirm) {
      const intent = intents.get(confirm[1]);
      if (!intent) return send(res, missing(`payment_intent: '${confirm[1]}'`));
      succeed(intent);
      return send(res, { status: 200, body: intent });
    }
    const match = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const intent = intents.get(match[1]);
      return send(res, intent ? { status: 200, body: intent } : missing(`payment_intent: '${match[1]}'`));
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      if (state.failRefundLists)
        return send(res, { status: 500, body: { error: { type: 'api_error', message: 'refunds are down' } } });
      // Newest first, a page at a time, as Stripe lists.
      const limit = Math.min(Math.max(Number(query.get('limit') ?? 10), 1), 100);
      let matching = refunds
        .filter((refund) => !query.has('payment_intent') || refund.payment_intent === query.get('payment_intent'))
        .reverse();
      const after = query.get('starting_after');
      if (after) matching = matching.slice(matching.findIndex((refund) => refund.id === after) + 1);
      return send(res, {
        status: 200,
        body: { object: 'list', data: matching.slice(0, limit), has_more: matching.length > limit, url: '/v1/refunds' },
      });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      await state.refundsWaitFor;
      const intent = intents.get(String(params.payment_intent));
      if (!intent) return send(res, missing(`payment_intent: '${String(params.payment_intent)}'`));
      const made = once(() => {
        if (state.failRefunds)
          return { status: 500, body: { error: { type: 'api_error', message: 'refunds are down' } } };
        return makeRefund(intent, params.amount === undefined ? undefined : Number(params.amount));
      });
      if (state.loseRefundAnswers) return req.socket.destroy();
      return reply(made);
    }
    return send(res, {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } },
    });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) =>
      send(res, { status: 500, body: { error: { type: 'api_error', message: String(err) } } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    /** The saved answers, by `<path>:<idempotency key>`. */
    idempotent,
    state,
    intent(intentId: string): FakeIntent {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no fake intent ${intentId}`);
      return intent;
    },
    /** What the browser's confirmCardPayment would have done. */
    succeed(intentId: string) {
      succeed(this.intent(intentId));
    },
    /** What staff refunding in Stripe's dashboard would do: all that is left of the charge unless `amount` is given. */
    refundByHand(intentId: string, amount?: number): FakeRefund {
      const { status, body } = makeRefund(this.intent(intentId), amount);
      if (status !== 200) throw new Error(`no refund by hand: ${JSON.stringify(body)}`);
      return refunds[refunds.length - 1];
    },
    /**
     * What Stripe does when the bank sends an accepted refund back: the refund fails and gives nothing back (the money
     * is in the balance again). Returns the refund as the `refund.failed` event carries it.
     */
    failRefund(refundId: string, failureReason = 'expired_or_canceled_card'): FakeRefund {
      const refund = refunds.find((candidate) => candidate.id === refundId);
      if (!refund) throw new Error(`no fake refund ${refundId}`);
      Object.assign(refund, { status: 'failed', failure_reason: failureReason });
      return { ...refund };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
