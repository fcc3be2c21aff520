import type { Declaration } from '../../rules/declaration';
import type { MoveInputField } from '../../deal/moves/move-definition';
import { badInput } from '../errors/api-error';
import type { DeclarationInput } from './command-inputs';
import * as valid from './validate';

/** A value of a move's input field, checked at the API edge (the rules judge the move itself). */
export function checkedMoveField(field: MoveInputField, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  switch (field.type) {
    case 'card':
      return valid.card(value as string);
    case 'twoCards':
      if (!Array.isArray(value) || value.length !== 2) throw badInput('discard exactly two cards (R10)');
      return [valid.card(value[0] as string), valid.card(value[1] as string)];
    case 'cards':
      if (!Array.isArray(value) || value.length > 10) throw badInput(`${field.name}: at most 10 cards`);
      return value.map((c) => valid.card(c as string));
    case 'declaration': {
      const d = value as DeclarationInput;
      const declaration: Declaration = {
        gameType: d.game,
        hand: !!d.hand,
        schneiderAnnounced: !!d.schneiderAnnounced,
        schwarzAnnounced: !!d.schwarzAnnounced,
        ouvert: !!d.ouvert,
      };
      return declaration;
    }
    case 'note':
      if ((value as string).length > 1000) throw badInput(`${field.name} must be at most 1000 characters`);
      return value === '' ? undefined : value;
    default:
      // seat, abandonReason: enums, int: Int; GraphQL has checked them.
      return value;
  }
}
