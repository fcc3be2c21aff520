/**
 * Builds the API's GraphQL schema from the resolver classes alone (no Ledger, no server) and
 * prints it sorted: the text committed as schema.gql and compared by the schema test.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { API_RESOLVERS } from '../resolvers';
import { describeRootTypes } from './root-type-descriptions';

export const SCHEMA_HEADER =
  '# Generated from the code-first resolvers by `npm run schema`; do not edit.\n# A test fails when this file differs from the generated schema.\n\n';

export async function generateSchemaText(): Promise<string> {
  const app = await NestFactory.create(GraphQLSchemaBuilderModule, { logger: false });
  try {
    await app.init();
    const schema = await app.get(GraphQLSchemaFactory).create(API_RESOLVERS);
    return SCHEMA_HEADER + printSchema(lexicographicSortSchema(describeRootTypes(schema))) + '\n';
  } finally {
    await app.close();
  }
}
