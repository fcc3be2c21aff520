/**
 * Nest logs every error a resolver throws at level error with its stack ("ExceptionsHandler"),
 * a refused move as much as a bug: one anonymous request with thousands of bad aliases wrote
 * megabytes of stacks. GraphQL errors are handed back to graphql-js here unlogged instead;
 * formatError logs the server's faults (once, with their stack), and a client error leaves only
 * the request's own line. HTTP routes keep Nest's default handling.
 */
import { Catch, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { GqlContextType } from '@nestjs/graphql';

@Catch()
export class ResolverErrorFilter extends BaseExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() === 'graphql') return exception;
    return super.catch(exception, host);
  }
}
