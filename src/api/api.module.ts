import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { PinoLogger } from 'nestjs-pino';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { Ledger } from '../ledger/ledger';
import type { ApiSettings } from '../settings/api-settings';
import type { Visibility } from '../auth/access';
import { graphqlOptions } from './graphql-options';
import { API_CACHED_ANSWERS, API_RATE_LIMITER, API_REVOCATIONS, API_SETTINGS, API_VISIBILITY } from '../settings/tokens';
import { CachedAnswers } from './cache/cached-answers';
import { httpPrincipal } from '../auth/http-principal';
import { TokenRevocations } from '../auth/token-revocations';
import { RateLimiter } from '../auth/rate-limiter';
import { API_RESOLVERS } from './resolvers';
import { DealEventHub } from './subscriptions/deal-event-hub';
import { GraphiqlAssetsController } from './graphiql/graphiql-assets.controller';
import { ResolverErrorFilter } from './errors/resolver-error.filter';

/** Owns the Ledger for the app's lifetime: opened on start, closed on shutdown. */
@Module({})
class LedgerModule implements OnApplicationShutdown {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  static register(settings: ApiSettings, ledger?: Ledger): DynamicModule {
    return {
      module: LedgerModule,
      global: true,
      providers: [
        { provide: API_SETTINGS, useValue: settings },
        { provide: API_REVOCATIONS, useValue: new TokenRevocations() },
        { provide: API_RATE_LIMITER, useValue: new RateLimiter(settings.limits.ratePerWindow, settings.limits.rateWindowMs) },
        ledger
          ? { provide: Ledger, useValue: ledger }
          : {
              provide: Ledger,
              useFactory: () =>
                Ledger.open({
                  storeUrl: settings.storeUrl,
                  readModelUrl: settings.readModelUrl,
                  readModelMismatch: settings.readModelMismatch,
                  frameCache: settings.frameCacheDeals,
                  privateTournaments: [...settings.privateTournaments],
                }),
            },
        {
          provide: API_CACHED_ANSWERS,
          inject: [Ledger, API_RATE_LIMITER, API_REVOCATIONS],
          useFactory: (l: Ledger, limiter: RateLimiter, revocations: TokenRevocations) =>
            new CachedAnswers(
              settings.responseCacheMs,
              () => l.changeToken(),
              httpPrincipal(settings.tokenSecret, settings.trustProxy, revocations),
              limiter,
              new RateLimiter(settings.limits.costPerWindow, settings.limits.rateWindowMs),
            ),
        },
        {
          provide: API_VISIBILITY,
          useValue: {
            isPrivateTournament: (id) => id !== null && settings.privateTournaments.has(id),
            privateTournaments: [...settings.privateTournaments],
          } satisfies Visibility,
        },
      ],
      exports: [API_SETTINGS, Ledger, API_VISIBILITY, API_REVOCATIONS, API_RATE_LIMITER, API_CACHED_ANSWERS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.ledger.close();
  }
}

/** The GraphQL API over a Ledger. Pass `ledger` to serve one opened elsewhere (tests, benches). */
@Module({})
export class ApiModule {
  static register(settings: ApiSettings, ledger?: Ledger): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        LedgerModule.register(settings, ledger),
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: (require('@nestjs/apollo') as typeof import('@nestjs/apollo')).ApolloDriver,
          inject: [API_SETTINGS, Ledger, API_RATE_LIMITER, API_REVOCATIONS, API_CACHED_ANSWERS, { token: PinoLogger, optional: true }],
          useFactory: async (s: ApiSettings, l: Ledger, limiter: RateLimiter, revocations: TokenRevocations, answers: CachedAnswers, logger?: PinoLogger) => {
            // Tokens revoked through the API stay revoked across restarts.
            for (const id of await l.revokedTokenIds()) revocations.revoke(id);
            return graphqlOptions(s, l, { limiter, revocations, answers, ...(logger ? { logger } : {}) });
          },
        }),
      ],
      controllers: [GraphiqlAssetsController],
      providers: [DealEventHub, ...API_RESOLVERS, { provide: APP_FILTER, useClass: ResolverErrorFilter }],
    };
  }
}
