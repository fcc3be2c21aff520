// The viewer's only way to the data: the public GraphQL API, the same one other clients use.
import { currentToken } from './session.js';
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = currentToken();
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  if (body.errors?.length) throw new ApiError(body.errors[0].message, body.errors[0].extensions?.code);
  if (!body.data) throw new ApiError(`HTTP ${res.status}`);
  return body.data;
}
