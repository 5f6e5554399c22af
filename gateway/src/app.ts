import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import cors from 'cors';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { GraphQLError, visit } from 'graphql';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { Config } from './config';
import type { AppDeps, RequestContext } from './graphql/context';
import { createRequestContext } from './graphql/context';
import { createSchema } from './graphql/schema';
import { formatError, isUnexpectedError, unexpectedCause } from './graphql/format-error';
import {
  apiErrorHandler,
  graphqlRequestErrorHandler,
  apiNotFound,
  attachCtx,
  filesOnlyRead,
  jsonBody,
  refuseUnreadBody,
  notFound,
  parseQuery,
  refuseUnstorableText,
} from './common/rest';
import { unstorableText } from './common/text';
import { createServices } from './services';
import { restRoutes } from './rest-routes';
import { devMailboxRouter } from './common/dev-mailbox';
import { loggableUrl } from './common/logger';
import { graphqlUploadExpress } from 'graphql-upload-ts';
import { uploadsDir, UPLOADS_PATH } from './common/storage';
import { MAX_IMAGES_PER_PRODUCT, NO_LONGER_SOLD_IMAGE_PATH, NO_LONGER_SOLD_SVG } from './common/images';
import { STRIPE_WEBHOOK_PATH } from './modules/payments/payments.rest';
import { badInput, databaseUnavailable, forbidden } from './common/errors';
import { isTransactionConflict } from './common/pg-errors';
import { MALFORMED_MULTIPART } from './common/multipart';

/**
 * A signed-in request's context could not load its user because the database did not answer: a 503 "try again", as
 * every other request gets then (Apollo Server would answer a context that failed 500, masked). Anything else is
 * thrown on as it was.
 */
const unavailableContext =
  (req: Request) =>
  (error: unknown): never => {
    const unavailable = databaseUnavailable(error);
    if (!unavailable) throw error;
    req.log.error({ err: error }, 'the session could not be loaded: database unavailable');
    throw new GraphQLError(unavailable.message, {
      extensions: { code: unavailable.code, http: { status: unavailable.httpStatus } },
    });
  };

/** How long /readyz waits for the database before answering 503: a load balancer's probe must not hang. */
export const READINESS_TIMEOUT_MS = 2_000;

export const GRAPHQL_LIMITS = { maxDepth: 10, maxAliases: 15, maxCost: 5000, maxTokens: 5000, maxDirectives: 20 };

/** Features no page uses are off for the page and anything it embeds; payment requests only here and in Stripe's frame. */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=(self "https://js.stripe.com")';

const WEB_DIST = join(__dirname, '..', '..', 'web', 'dist');

/** A path whose percent-escapes do not decode is bad input, answered in JSON like every client error. */
const refuseMalformedPath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    throw badInput('Malformed URL.');
  }
  next();
};

export const CROSS_SITE_MESSAGE = 'Requests from another site are not accepted.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser on another site may send a POST, PUT or DELETE without asking first when its body is text, a form or
 * nothing (a "simple" request; the REST shims read text/plain as JSON): a page could then make its visitors sign up,
 * ask for reset mails or log out, from their own addresses. Such a request carries the page's Origin, which is
 * refused unless it is this site or a CORS origin. Clients that are not browsers send no Origin and are not affected.
 */
function refuseCrossSite(deps: AppDeps): RequestHandler {
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (origin === undefined || SAFE_METHODS.has(req.method)) return next();
    const own = [`${req.protocol}://${req.get('host') ?? ''}`, deps.config.publicUrl];
    if (!own.includes(origin) && !deps.config.corsOrigins.includes(origin)) {
      throw forbidden(CROSS_SITE_MESSAGE);
    }
    next();
  };
}

function requestOrigin(req: Request, deps: AppDeps): string {
  return deps.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin of links in e-mails. Without PUBLIC_URL (a local run; production requires it), the request's own origin
 * only when it names this machine: a Host header is the client's to choose.
 */
function linkOrigin(req: Request, deps: AppDeps): string {
  if (deps.config.publicUrl) return deps.config.publicUrl;
  const host = req.get('host') ?? '';
  let hostname = '';
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    // not a host name at all: fall through to this machine
  }
  return LOOPBACK_HOSTS.has(hostname) ? `${req.protocol}://${host}` : `http://localhost:${deps.config.port}`;
}

/**
 * The HTTP response, kept in each GraphQL request's context so the request log can name the operation. A symbol key:
 * Apollo hands plugins a shallow copy of the context, which keeps it.
 */
const HTTP_RESPONSE = Symbol('http response');
type ContextWithResponse = RequestContext & { [HTTP_RESPONSE]?: Response };

/** Names the operation ("query Venue", "mutation (anonymous)") in the request's log line: POST /graphql says little. */
const operationNaming: ApolloServerPlugin<ContextWithResponse> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ contextValue, operation, operationName }) {
        const res = contextValue[HTTP_RESPONSE];
        if (res && operation) res.locals.operation = `${operation.operation} ${operationName ?? '(anonymous)'}`;
      },
    };
  },
};

/**
 * The GraphQL multipart request spec's uploads. Only for a request that passes CSRF prevention (a multipart form is a
 * "simple" request, so it must carry Apollo's preflight header): any other is left unparsed, for Apollo to refuse. A
 * body busboy cannot read (no boundary, cut short, a garbled part header) is the client's 400, as on the REST shims.
 */
function graphqlUploads(config: Config): RequestHandler {
  const upload = graphqlUploadExpress({
    maxFileSize: config.uploadMaxBytes + 1,
    maxFiles: MAX_IMAGES_PER_PRODUCT + 1,
  });
  return (req, res, next) => {
    if (!req.headers['apollo-require-preflight'] && !req.headers['x-apollo-operation-name']) return next();
    // An answer can go before the body is all read: a field refused before its file was looked at, or a file cut at
    // the size limit. The parser then reads no more, and a browser (like curl) still sending the rest waits for ever
    // before it takes the answer; the rest is read and dropped instead.
    res.once('finish', () => {
      if (req.readableEnded) return;
      req.unpipe();
      req.resume();
    });
    void upload(req, res, (err?: unknown) => {
      const status = (err as { status?: unknown } | undefined)?.status;
      next(err && typeof status !== 'number' ? badInput(MALFORMED_MULTIPART) : err);
    });
  };
}

/**
 * Logs what we did not expect, with the request's id, before the formatter masks it. A transaction PostgreSQL rolled
 * back to let a colliding one through is a warning: its caller is told to try again, and only a pattern of them is a
 * fault to chase (a lock order gone wrong).
 */
const errorLogging: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ contextValue, errors }) {
        for (const error of errors) {
          if (!isUnexpectedError(error)) continue;
          const err = unexpectedCause(error);
          if (isTransactionConflict(err)) contextValue.logger.warn({ err }, 'transaction rolled back by PostgreSQL');
          else contextValue.logger.error({ err }, 'unexpected GraphQL error');
        }
      },
    };
  },
};

/** The GraphQL side of refuseUnstorableText: such text in a variable or a string literal is BAD_USER_INPUT, never a 500. */
const unstorableTextRefusal: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request, document }) {
        // Every literal is looked at: the query's text may hold the character itself (JSON or the URL decoded its
        // escape) as well as GraphQL's own \u escape. A document is small (depth and cost are limited).
        let problem: string | null = null;
        visit(document, {
          StringValue(node) {
            problem ??= unstorableText(node.value);
          },
        });
        problem ??= unstorableText(request.variables);
        if (problem) throw new GraphQLError(problem, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
      },
    };
  },
};

const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/** The schema is described to admins (the staff playground) only; `__typename` stays open to everyone. */
const introspectionForAdmins: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, contextValue }) {
        if (contextValue.user?.isAdmin) return;
        let asks = false;
        visit(document, {
          Field(node) {
            if (INTROSPECTION_FIELDS.has(node.name.value)) asks = true;
          },
        });
        if (asks) {
          throw new GraphQLError('Only admins may look the schema up.', {
            extensions: { code: 'FORBIDDEN', http: { status: 403 } },
          });
        }
      },
    };
  },
};

/** The header the staff playground sends with every request (web/src/features/reports/PlaygroundPage.tsx). */
export const PLAYGROUND_HEADER = 'x-checkpoint-playground';
export const PLAYGROUND_READS_ONLY = "The playground only reads: make changes from the app's own pages.";

/**
 * The staff playground is for questions (ARCHITECTURE: reporting queries): a mutation sent from it is refused, so a
 * change typed or pasted there by mistake (a product deleted, orders cancelled) does not happen. A guard against
 * mistakes, not a permission: the same admin makes changes from the app's pages.
 */
const playgroundReadsOnly: ApolloServerPlugin<RequestContext> = {
  async requestDidStart({ request }) {
    if (!request.http?.headers.get(PLAYGROUND_HEADER)) return;
    return {
      async didResolveOperation({ operation }) {
        if (!operation || operation.operation === 'query') return; // no operation: graphql-js says why, nothing runs
        throw new GraphQLError(PLAYGROUND_READS_ONLY, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
      },
    };
  },
};

export type App = { app: Express; stop: () => Promise<void> };

/** The whole HTTP surface: /graphql, /api shims, health, and the built web app. */
export async function createApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const services = createServices();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', parseQuery);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      // One line per request; a 5xx one is an error and carries what went wrong (the API's error handler hands it
      // over as res.err rather than logging a second line). A 503 we answer on purpose (card payment or its webhook
      // not configured) is a warning; one from a database that does not answer comes with its res.err. A transaction
      // PostgreSQL rolled back to let a colliding one through (a deadlock) is a warning, with its res.err.
      customLogLevel: (_req, res, err) => {
        const cause = err ?? res.err;
        if (cause) return isTransactionConflict(cause) ? 'warn' : 'error';
        if (res.statusCode === 503) return 'warn';
        return res.statusCode >= 500 ? 'error' : 'info';
      },
      customProps: (_req, res) => (res.locals?.operation ? { operation: res.locals.operation } : {}),
      autoLogging: {
        ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url?.startsWith('/assets/') === true,
      },
    }),
  );

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.stripe.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.openstreetmap.org'],
          workerSrc: ["'self'", 'blob:'],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  });

  app.use(
    cors({
      origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'apollo-require-preflight',
        'x-apollo-operation-name',
        'x-request-id',
      ],
      // The REST clients in the wild send their calls with credentials (axios withCredentials, spec §7): a browser
      // drops every answer to such a call without this. No cookie is ever read (the login is the Bearer header), and
      // only the exact origins listed are allowed.
      credentials: true,
      // Paged REST lists tell their totals in headers, and a 429 when to try again: clients on another origin must
      // be able to read them.
      exposedHeaders: ['x-request-id', 'x-total-count', 'x-total-pages', 'retry-after'],
      maxAge: 600,
    }),
  );

  // Text responses (the web app's scripts, GraphQL and REST JSON) go out gzip-compressed when the client accepts it;
  // images and other already compressed types are left alone.
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // The probe's query still waiting, shared: a database that does not answer holds one pooled connection (or place in
  // the pool's queue) for the probes, not one more for every probe a load balancer sends meanwhile.
  let probing: Promise<boolean> | null = null;
  app.get('/readyz', async (_req, res) => {
    // A database that does not answer (frozen, or every pooled connection busy) is as unready as one that refuses.
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, READINESS_TIMEOUT_MS, false)));
    probing ??= deps.db
      .query('SELECT 1')
      .then(
        () => true,
        () => false,
      )
      .finally(() => (probing = null));
    const ready = await Promise.race([probing, gaveUp]);
    clearTimeout(timer);
    if (ready) res.json({ status: 'ready' });
    else res.status(503).json({ status: 'database unavailable' });
  });

  const contextFor = (req: Request) =>
    createRequestContext(deps, {
      authorization: req.headers.authorization,
      requestId: String(req.id),
      origin: requestOrigin(req, deps),
      linkOrigin: linkOrigin(req, deps),
      logger: req.log,
      ip: req.ip,
    });

  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    // graphql-js counts tokens itself (parseOptions below) and answers a syntax error, 400; armor's check threw from a
    // plugin hook, which Apollo answers with a 500.
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
  }).protect();
  const apollo = new ApolloServer<RequestContext>({
    schema: await createSchema(services),
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // Nothing here sends hashed queries; without them no client can fill the server's query cache.
    persistedQueries: false,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    introspection: true,
    hideSchemaDetailsFromClientErrors: true,
    includeStacktraceInErrorResponses: false,
    formatError,
    validationRules: armor.validationRules,
    plugins: [
      ...armor.plugins,
      errorLogging,
      operationNaming,
      unstorableTextRefusal,
      introspectionForAdmins,
      playgroundReadsOnly,
      ApolloServerPluginLandingPageDisabled(),
    ],
    // main.ts owns shutdown (drain HTTP, stop Apollo, stop PostgreSQL); Apollo's own signal
    // handlers would race it and leave the process hanging with PostgreSQL still up.
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  app.use(
    '/graphql',
    graphqlUploads(config),
    jsonBody(),
    expressMiddleware(apollo, {
      context: async ({ req, res }): Promise<ContextWithResponse> => ({
        ...(await contextFor(req).catch(unavailableContext(req))),
        [HTTP_RESPONSE]: res,
      }),
    }),
    graphqlRequestErrorHandler,
  );

  const api = express.Router();
  api.use(refuseMalformedPath);
  api.use(refuseCrossSite(deps));
  // Stripe signs the exact bytes it sends: that route keeps its body raw (the JSON parser then skips it).
  api.use(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }));
  api.use(jsonBody({ plainText: true }));
  api.use(refuseUnreadBody);
  api.use(refuseUnstorableText);
  api.use(async (req, _res, next) => {
    attachCtx(req, await contextFor(req));
    next();
  });
  for (const router of restRoutes(services)) api.use(router);
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  app.use('/api', api);

  app.get(NO_LONGER_SOLD_IMAGE_PATH, (_req, res) => {
    res.type('image/svg+xml').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(NO_LONGER_SOLD_SVG);
  });

  // Uploaded images on local disk; their names are random and never reused, so they cache forever.
  app.use(
    UPLOADS_PATH,
    filesOnlyRead,
    express.static(uploadsDir(config), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
      dotfiles: 'deny',
    }),
  );

  if (config.env !== 'production' && !config.smtpUrl) app.use(devMailboxRouter(config.dataDir));

  if (existsSync(join(WEB_DIST, 'index.html'))) {
    // The build wrote each script and stylesheet also as .br and .gz: a browser gets the smallest it accepts, sent as
    // is (compression() leaves an encoded response alone), instead of a file compressed anew on every request.
    app.use(
      '/assets',
      filesOnlyRead,
      refuseMalformedPath, // expressStaticGzip would answer it in HTML
      // The build keeps source maps beside the scripts for debugging on the server, unlinked ('hidden'): not served.
      // The path as the file is looked up (decoded: '.js%2emap' is the same file).
      (req, res, next) =>
        decodeURIComponent(req.path).toLowerCase().endsWith('.map') ? notFound(req, res, next) : next(),
      expressStaticGzip(join(WEB_DIST, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          immutable: true,
          maxAge: '1y',
          fallthrough: false,
          // expressStaticGzip sets Vary to Accept-Encoding alone, dropping the Origin cors() added: a year-long cached
          // answer must say it differs by origin too.
          setHeaders: (res) => (res as Response).vary('Origin'),
        },
      }),
    );
    app.use(express.static(WEB_DIST, { index: false, maxAge: '1h' }));
    // Client-side routes: any other GET that accepts HTML gets the app shell.
    app.get(/^\/(?!graphql|api\/|uploads\/|dev\/).*/, (req, res, next) => {
      if (!req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(WEB_DIST, 'index.html'));
    });
  } else {
    deps.logger.warn({ dir: WEB_DIST }, 'web app is not built: run `npm run build` to serve it');
  }
  // What no route takes, and what Express itself refuses outside /api (a malformed body on /graphql, a missing file
  // under /uploads or /assets), answers JSON like the shims, never Express's HTML page.
  app.use(notFound);
  app.use(apiErrorHandler);

  return { app, stop: () => apollo.stop() };
}
