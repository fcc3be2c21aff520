/**
 * The Apollo driver configuration: code-first schema, GraphiQL (not the Playground), no stack
 * traces, one error shape, depth and complexity limits over HTTP and graphql-ws alike, and a
 * per-token rate limit.
 */
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { ApolloDriver } from '@nestjs/apollo';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { randomUUID } from 'node:crypto';
import { GraphQLError, GraphQLSchema, parse, type ExecutionResult, specifiedRules, validate } from 'graphql';
import { depthLimitRule } from './limits/depth-limit-rule';
import type { Ledger } from '../ledger/ledger';
import type { ApiSettings } from '../settings/api-settings';
import type { ApiContext } from './context/api-context';
import { makeDealLoader } from './context/deal-loader';
import { SolverJobQuota } from './context/solver-job-quota';
import { RequestBudget } from './context/request-budget';
import { principalFrom } from '../auth/principal-from';
import { clientAddress } from '../auth/client-address';
import { makeFormatError } from './errors/format-error';
import { complexityPlugin, operationCost, tooComplex } from './limits/complexity-plugin';
import { documentLimitsOf, documentShapeProblem } from './limits/document-shape';
import { RateLimiter } from '../auth/rate-limiter';
import type { Principal } from '../auth/role';
import type { TokenRevocations } from '../auth/token-revocations';
import { SocketSessions, type SessionSocket } from './subscriptions/socket-sessions';
import { memoisedStringify, responseCachePlugin } from './cache/response-cache-plugin';
import type { CachedAnswers } from './cache/cached-answers';
import type { AnswerToKeep } from './cache/cached-value';
import { plainExecutionPlugin } from './execution/plain-execution-plugin';
import { errorLimitPlugin } from './limits/error-limit-plugin';
import { faultLogPlugin } from './errors/fault-log-plugin';
import type { IncomingMessage } from 'node:http';
import { correlationIdOf, requestIdOf } from './context/request-ids';
import { graphiqlLandingPage } from './graphiql/graphiql-landing-page';
import { describeRootTypes } from './schema/root-type-descriptions';
import type { PinoLogger } from 'nestjs-pino';

interface HttpContextArg {
  readonly req: { headers: Record<string, string | string[] | undefined>; ip?: string; socket?: { remoteAddress?: string } };
}
interface WsContextArg {
  readonly connectionParams?: Readonly<Record<string, unknown>>;
  readonly extra: {
    request: { socket?: { remoteAddress?: string }; headers?: Record<string, string | string[] | undefined> };
    socket: SessionSocket;
    principal?: Principal;
  };
}

/** What the API shares with the rest of the server: the rate limiter (also the export's) and the revocation hook. */
export interface SharedGuards {
  readonly limiter: RateLimiter;
  readonly revocations: TokenRevocations;
  /** The server's log (pino): a fault is one JSON line with its stack, tagged with the request. */
  readonly logger?: Pick<PinoLogger, 'error'>;
  /** The response cache with its front door (cached-answers.ts): its cost budget, its HTTP callers. */
  readonly answers: CachedAnswers;
}

export function graphqlOptions(settings: ApiSettings, ledger: Ledger, guards: SharedGuards): ApolloDriverConfig {
  const { limits } = settings;
  const { limiter, revocations, answers } = guards;
  const authenticate = (authorization: unknown, clientKey: string): Principal => principalFrom(authorization, clientKey, settings.tokenSecret, revocations);
  const sessions = new SocketSessions(authenticate, revocations, {
    perConnection: limits.maxOperationsPerConnection,
    perCaller: limits.maxOperationsPerCaller,
  });
  const depthRule = depthLimitRule(limits.maxDepth);
  const wsClient = (request: WsContextArg['extra']['request']): string =>
    clientAddress(request.socket?.remoteAddress, request.headers ?? {}, settings.trustProxy);
  // Only server faults are logged here; a client's error is in the request's own line (no stack).
  const log = (err: unknown, requestId?: string) => {
    if (!settings.logErrors) return;
    const line = requestId === undefined ? { err } : { err, req: { id: requestId } };
    if (guards.logger) guards.logger.error(line, 'GraphQL: unexpected error (answered INTERNAL_SERVER_ERROR)');
    else console.error('[graphql] unexpected error:', err);
  };

  const rateLimit = (principal: Principal): void => {
    const waitMs = limiter.take(principal.key);
    if (waitMs > 0) {
      throw new GraphQLError(`rate limit: ${limits.ratePerWindow} requests per ${limits.rateWindowMs} ms; retry in ${waitMs} ms`, {
        extensions: { code: 'RATE_LIMITED', retryAfterMs: waitMs, http: { status: 429 } },
      });
    }
  };

  // The second budget: each operation spends its estimated cost (points ≈ 12 µs of CPU each) from its caller's points per window.
  const points = answers.points;
  const spendPoints = (principal: Principal, cost: number): void => {
    const waitMs = points.take(principal.key, Math.max(1, cost));
    if (waitMs > 0)
      throw new GraphQLError(`cost budget: ${limits.costPerWindow} points per ${limits.rateWindowMs} ms spent; retry in ${waitMs} ms`, {
        extensions: { code: 'RATE_LIMITED', reason: 'COST_BUDGET', retryAfterMs: waitMs, http: { status: 429 } },
      });
  };

  // Over HTTP the fault log plugin logs faults (with the request's id); graphql-ws results log here.
  const formatError = makeFormatError(null);
  const wsFormatError = makeFormatError(log);

  /** graphql-ws validates against the built schema, which exists only once Nest has built it. */
  const wsSchema: { current: GraphQLSchema | null } = { current: null };

  const responseCache = answers.cache;
  ledger.subscribe(() => responseCache.invalidate());

  // Over HTTP the request's correlation id (logged with every line of the request), so the events it records lead back to its logs.
  const contextFor = (principal: Principal, correlationId: string = randomUUID(), logId?: string, toKeep?: AnswerToKeep): ApiContext => ({
    principal,
    deals: makeDealLoader(ledger),
    requestId: correlationId,
    ...(logId === undefined ? {} : { logId }),
    ...(toKeep === undefined ? {} : { toKeep }),
    budget: new RequestBudget(limits.requestTimeoutMs),
    solverJobs: new SolverJobQuota(principal.role === 'anonymous' ? limits.anonymousSolverJobsPerRequest : limits.solverJobsPerRequest),
  });

  return {
    driver: ApolloDriver,
    path: '/graphql',
    autoSchemaFile: true,
    sortSchema: true,
    playground: false,
    // GraphiQL from the app's own assets (graphiqlLandingPage), not @nestjs/apollo's CDN page.
    graphiql: false,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError,
    validationRules: [depthRule],
    plugins: [
      graphiqlLandingPage('/graphql'),
      complexityPlugin(limits.maxComplexity, ledger, (context, cost) => {
        const ctx = context as ApiContext;
        spendPoints(ctx.principal, cost);
        if (ctx.toKeep) ctx.toKeep.cost = Math.max(1, cost);
      }),
      ApolloServerPluginCacheControlDisabled(),
      responseCachePlugin(responseCache),
      plainExecutionPlugin(),
      errorLimitPlugin(),
      faultLogPlugin(log),
    ],
    // Compact JSON (Apollo pretty-prints by default), remembered for cached results.
    stringifyResult: memoisedStringify(),
    context: (arg: HttpContextArg | WsContextArg): ApiContext => {
      if ('req' in arg && arg.req) {
        const req = arg.req as unknown as IncomingMessage;
        // The token was checked by the response cache's front door already when it looked the request up.
        const principal = answers.principalOf(req);
        rateLimit(principal);
        return contextFor(principal, correlationIdOf(req), requestIdOf(req), answers.toKeepOf(req));
      }
      // graphql-ws: the token was checked again in onSubscribe, just before this operation.
      const ws = arg as WsContextArg;
      return contextFor(ws.extra.principal ?? authenticate(undefined, wsClient(ws.extra.request)));
    },
    subscriptions: {
      'graphql-ws': {
        path: '/graphql',
        onConnect: (ctx: { connectionParams?: Readonly<Record<string, unknown>>; extra: unknown }) => {
          const extra = ctx.extra as WsContextArg['extra'];
          const params = ctx.connectionParams ?? {};
          try {
            // Closed when the token expires or is revoked; checked again on every operation.
            extra.principal = sessions.open(extra.socket, params.authorization ?? params.Authorization, wsClient(extra.request));
            return true;
          } catch {
            return false; // closes with 4403 Forbidden
          }
        },
        onClose: (ctx: { extra: unknown }) => sessions.closed((ctx.extra as WsContextArg['extra']).socket),
        // Apollo's formatError does not see graphql-ws results: their errors get the same codes (and faults the same bare message) here.
        onNext: (_ctx: unknown, _id: string, _payload: unknown, _args: unknown, result: ExecutionResult) =>
          result.errors?.length ? { ...result, errors: result.errors.map((e) => wsFormatError(e.toJSON(), e)) } : undefined,
        onComplete: (ctx: { extra: unknown }, id: string) => sessions.done((ctx.extra as WsContextArg['extra']).socket, id),
        onSubscribe: (
          ctx: { extra: unknown },
          id: string,
          payload: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null },
        ) => {
          const extra = ctx.extra as WsContextArg['extra'];
          let admitted = false;
          try {
            const admission = sessions.admit(extra.socket, id);
            if ('refused' in admission) return [new GraphQLError(admission.refused, { extensions: { code: 'RATE_LIMITED' } })];
            admitted = true;
            extra.principal = admission.principal;
            rateLimit(admission.principal);
            if (typeof payload.query !== 'string' || payload.query.length > limits.maxBodyBytes) throw badRequest('query missing or too large');
            const shape = documentShapeProblem(payload.query, documentLimitsOf(limits));
            if (shape) throw badRequest(`${shape}; refused`);
            const document = parse(payload.query);
            const schema = wsSchema.current;
            if (!schema) throw badRequest('schema not ready');
            const errors = validate(schema, document, [...specifiedRules, depthRule]);
            if (errors.length > 0) {
              sessions.done(extra.socket, id);
              return errors.map((e) => badRequest(e.message));
            }
            const { cost, heaviest } = operationCost(schema, document, payload.variables ?? {}, payload.operationName ?? undefined, ledger);
            if (cost > limits.maxComplexity) throw badRequest(tooComplex(cost, limits.maxComplexity, heaviest).message);
            spendPoints(admission.principal, cost);
            return undefined;
          } catch (err) {
            // A refused operation never runs, so graphql-ws calls no onComplete for it.
            if (admitted) sessions.done(extra.socket, id);
            if (err instanceof GraphQLError) return [new GraphQLError(err.message, { extensions: { code: err.extensions.code ?? 'BAD_USER_INPUT' } })];
            return [badRequest(err instanceof Error ? err.message : 'bad subscription')];
          }
        },
      },
    },
    transformSchema: (schema) => {
      wsSchema.current = describeRootTypes(schema);
      return schema;
    },
  } as ApolloDriverConfig;
}

const badRequest = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
