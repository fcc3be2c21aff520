import { registerEnumType } from '@nestjs/graphql';
import { moveDefinitions } from '../../deal/moves/move-table';

/**
 * The schema's MoveKind (issue #16 item 8): the engine moves of the table of moves, each described
 * by its move, so a new move is a value as soon as it is in the table. Value names are the engine's
 * move kinds (pickUpSkat), so answers read as before. A table move that stands for other moves
 * (concedeForDefenders: the defenders' resignations) is shown as those moves, never as a kind of its own.
 */
export const MOVE_KIND_VALUES: readonly (readonly [string, string])[] = moveDefinitions()
  .filter((d) => d.engineKind !== undefined)
  .map((d) => [d.engineKind as string, d.description] as const);

export const MoveKindEnum: Readonly<Record<string, string>> = Object.fromEntries(MOVE_KIND_VALUES.map(([kind]) => [kind, kind]));

registerEnumType(MoveKindEnum, {
  name: 'MoveKind',
  description: 'A kind of move, as the rules know it (the name of the move in the table of moves)',
  valuesMap: Object.fromEntries(MOVE_KIND_VALUES.map(([kind, description]) => [kind, { description }])),
});
