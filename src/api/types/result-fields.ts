import { registerEnumType } from '@nestjs/graphql';
import { ISS_FIELDS, type IssField } from '../../format/iss/iss-verify';
import { COMPARED_FIELDS } from '../../projections/audit/compare-results';

/**
 * The names of result fields two comparisons report (issue #16 item 8): closed sets derived from the
 * comparisons' own lists; value names are the names answered before (gameValue, v), so answers read as before.
 */
type ComparedField = (typeof COMPARED_FIELDS)[number] | 'result';

const COMPARED_FIELD_DESCRIPTIONS: Readonly<Record<ComparedField, string>> = {
  result: 'The whole result: one side has none',
  kind: 'What the deal came to: scored, passed in, Ramsch, not scoreable',
  passedIn: 'All passed (R8)',
  declarer: "The declarer's seat",
  declaration: 'The game declared (R11-R14)',
  bid: 'The winning bid (R5, R6)',
  won: 'Whether the declarer won (R22-R25)',
  gameValue: 'The game value (R26-R33)',
  score: "The declarer's entry on the list (R34)",
  matadors: 'Matadors, with or without (R27)',
  overbid: 'The bid was higher than the game value (R32)',
  declarerPoints: 'Card points the declarer took (R1)',
  declarerTricks: 'Tricks the declarer took',
  schneider: 'Schneider reached (R23)',
  schwarz: 'Schwarz reached (R24)',
  seatScores: "Each seat's score (Ramsch, R42)",
  notScoreableReason: 'Why the deal cannot be scored (D3)',
};

const ISS_FIELD_DESCRIPTIONS: Readonly<Record<IssField, string>> = {
  passed: 'R[passed]: the deal was passed in, on one side only',
  d: "d: the declarer's seat",
  win: 'win / loss',
  v: 'v: the signed game value',
  m: 'm: the matadors',
  overbid: 'overbid / bidok',
  p: "p: the declarer's card points",
  t: "t: the declarer's tricks",
  s: 's: schneider reached',
  z: 'z: schwarz reached',
};

function fieldEnum<T extends string>(
  name: string,
  description: string,
  fields: readonly T[],
  descriptions: Readonly<Record<T, string>>,
): Readonly<Record<T, T>> {
  const values = Object.fromEntries(fields.map((f) => [f, f])) as Record<T, T>;
  registerEnumType(values, { name, description, valuesMap: Object.fromEntries(fields.map((f) => [f, { description: descriptions[f] }])) as never });
  return values;
}

export const ResultFieldEnum = fieldEnum(
  'ResultField',
  'A field of a deal result the audit compares (recorded against recomputed)',
  ['result', ...COMPARED_FIELDS] as ComparedField[],
  COMPARED_FIELD_DESCRIPTIONS,
);

export const IssResultFieldEnum = fieldEnum(
  'IssResultField',
  "A field of an ISS record's result, by its key (iss-format.md section 4), as iss verify compares them",
  ISS_FIELDS,
  ISS_FIELD_DESCRIPTIONS,
);
