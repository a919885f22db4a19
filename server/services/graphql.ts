import type { FastifyInstance, FastifyRequest } from 'fastify';
import { graphql } from 'graphql';
import type { GraphQLSchema } from 'graphql';

export interface GraphqlBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

const MAX_QUERY_LENGTH = 20_000;

/** The GraphQL-over-HTTP POST body. */
export const graphqlBodySchema = {
  type: 'object',
  required: ['query'],
  additionalProperties: false,
  properties: {
    query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH },
    variables: { type: ['object', 'null'] },
    operationName: { type: ['string', 'null'], maxLength: 200 },
    extensions: { type: ['object', 'null'] },
  },
} as const;

/** `{ data?, errors? }`: data is absent when the request failed before execution (syntax, validation). */
export const graphqlResultSchema = {
  type: 'object',
  properties: {
    data: { type: ['object', 'null'], additionalProperties: true },
    errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

/**
 * `POST <path>` executing `schema` with graphql-js. Every GraphQL outcome, including syntax and
 * validation errors, is HTTP 200 with `errors` (the classic application/json convention); only a
 * body that is not a GraphQL request at all is a 400 JSON error like everywhere else.
 */
export interface GraphqlEndpoint<Context> {
  schema: GraphQLSchema;
  /** Resolvers of the root fields (buildSchema style: `(args, context, info)`). */
  rootValue: Record<string, unknown>;
  contextOf: (request: FastifyRequest) => Context;
}

export function graphqlRoute<Context>(app: FastifyInstance, path: string, { schema, rootValue, contextOf }: GraphqlEndpoint<Context>): void {
  app.post<{ Body: GraphqlBody }>(path, { schema: { body: graphqlBodySchema, response: { 200: graphqlResultSchema } } }, async (request) => {
    const { query, variables, operationName } = request.body;
    const result = await graphql({
      schema,
      source: query,
      rootValue,
      variableValues: variables ?? undefined,
      operationName: operationName ?? undefined,
      contextValue: contextOf(request),
    });
    // Resolver faults must not leak internals: keep messages of errors thrown on purpose only.
    return {
      ...(result.data !== undefined ? { data: result.data } : {}),
      ...(result.errors
        ? {
            errors: result.errors.map((error) => {
              // Errors without a path (syntax, validation, variable coercion) and deliberate ones are safe.
              const safe = error.path === undefined || error.originalError === undefined || error.originalError instanceof GraphqlUserError;
              if (!safe) request.log.error({ err: error.originalError }, 'graphql resolver failed');
              return { ...error.toJSON(), ...(safe ? {} : { message: 'Something went wrong on our side.' }) };
            }),
          }
        : {}),
    };
  });
}

/** An error whose message a resolver means the client to see. */
export class GraphqlUserError extends Error {}
