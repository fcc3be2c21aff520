import { Field, InputType } from '@nestjs/graphql';
import type { AsOf } from '../../ledger/ledger';
import { badInput } from '../errors/api-error';
import { DateTimeScalar } from '../types/date-time.scalar';

@InputType('AsOfInput', {
  description:
    'A moment of the log an answer is given as of (docs/as-of.md): exactly one of a log position (AuditEvent.position) or a time; the answer is what a store holding only the events up to it would give',
})
export class AsOfInput {
  @Field(() => String, { nullable: true, description: 'The events at or before this log position (AuditEvent.position, e.g. 1234)' })
  position?: string | null;
  @Field(() => DateTimeScalar, { nullable: true, description: 'The events the store recorded at or before this instant' })
  time?: string | null;
}

/** The asOf argument of every answer that can be given as of a moment (docs/as-of.md). */
export const AS_OF_ARG = {
  type: () => AsOfInput,
  nullable: true,
  description: 'Answer as of this moment of the log (a position or a time) instead of now; corrections and moves after it are left out',
} as const;

/** The ledger's AsOf of an asOf argument (undefined: now); both or neither given is refused. */
export function asOfOf(input: AsOfInput | null | undefined): AsOf | undefined {
  if (input === undefined || input === null) return undefined;
  const position = input.position ?? undefined;
  const time = input.time ?? undefined;
  if ((position === undefined) === (time === undefined)) throw badInput('asOf takes exactly one of position or time');
  if (position !== undefined) {
    if (typeof position !== 'string' || position.length === 0 || position.length > 60) throw badInput('asOf.position is a log position of 1-60 characters');
    return { position };
  }
  return { time: time! };
}
