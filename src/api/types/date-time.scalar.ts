import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { ISO_INSTANT_HINT, parseIsoInstant } from '../../format/iso-instant';

/** Read: the instant a strict ISO 8601 text names, in one spelling; anything else is refused (never "some date"). */
function instantOf(value: unknown): string {
  const instant = parseIsoInstant(value);
  if (instant === undefined) throw new GraphQLError(`a DateTime must be ${ISO_INSTANT_HINT}`, { extensions: { code: 'BAD_USER_INPUT' } });
  return instant;
}

/**
 * DateTime: every date of the API. Input is strict ISO 8601 (format/isoInstant) and compared as an
 * instant; output is the instant as the ledger recorded it (ISO 8601, UTC).
 */
export const DateTimeScalar = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  description: `An instant in ISO 8601. Input: ${ISO_INSTANT_HINT}; instants are compared as such (12:00+02:00 is 10:00Z). Output: as recorded, in UTC: whole seconds for an imported record (2017-09-04T14:00:00Z), milliseconds for a live event (2026-12-01T20:15:03.412Z).`,
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: instantOf,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError(`a DateTime is a string: ${ISO_INSTANT_HINT}`, { extensions: { code: 'BAD_USER_INPUT' } });
    return instantOf(ast.value);
  },
});
