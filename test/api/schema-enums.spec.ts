import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, isEnumType, type GraphQLSchema } from 'graphql';
import { ACCESS_EVENT_TYPES } from '../../src/access/events';
import { dealEventTypeOf, ledgerEventTypeOf, WRITTEN_EVENT_DESCRIPTIONS } from '../../src/api/types/event-types';
import { auditView } from '../../src/api/mapping/read-model-views';
import { BRANCH_EVENT_TYPES } from '../../src/branch/events';
import { DEAL_EVENT_TYPES } from '../../src/deal/events';
import { moveDefinitions } from '../../src/deal/moves/move-table';
import type { RecordedEvent } from '../../src/event-store/event-store';
import { ISS_FIELDS } from '../../src/format/iss/iss-verify';
import { ISS_RECORD_IMPORTED } from '../../src/format/iss/iss-record-imported';
import { buildAudit } from '../../src/projections/audit/build-audit';
import { COMPARED_FIELDS } from '../../src/projections/audit/compare-results';
import { TABLE_EVENT_TYPES } from '../../src/table/events';
import { TOURNAMENT_EVENT_TYPES } from '../../src/tournament/events';

// Issue #16 item 8: closed sets are enums in the committed contract, their values derived from the
// code's own lists (the move table, each stream's event types): a move or event type added to the
// code and missing from schema.gql fails here, whatever the enum is built from.
const committed = (): GraphQLSchema => buildSchema(readFileSync(resolve(__dirname, '..', '..', 'schema.gql'), 'utf8'));
const valuesOf = (schema: GraphQLSchema, name: string): string[] => {
  const type = schema.getType(name);
  if (!isEnumType(type)) throw new Error(`${name} is no enum of schema.gql`);
  return type
    .getValues()
    .map((v) => v.name)
    .sort();
};
const sorted = (xs: readonly string[]): string[] => [...xs].sort();

describe('schema.gql enums for closed sets (#16 item 8)', () => {
  it('MoveKind holds every engine move of the table of moves, named as the engine names it', () => {
    const engineKinds = moveDefinitions().flatMap((d) => (d.engineKind ? [d.engineKind] : []));
    expect(valuesOf(committed(), 'MoveKind')).toEqual(sorted(engineKinds));
    // The values stay the strings answered before the enum (bid, pickUpSkat, ...): each move's kind is its engine kind.
    for (const d of moveDefinitions()) if (d.engineKind) expect(d.kind).toBe(d.engineKind);
  });

  it('DealEventType holds every event type of a deal stream (the move table’s included) and OTHER', () => {
    expect(DEAL_EVENT_TYPES).toContain('DefendersConceded'); // declared by its move file only
    expect(valuesOf(committed(), 'DealEventType')).toEqual(sorted([...DEAL_EVENT_TYPES, ISS_RECORD_IMPORTED, 'OTHER']));
  });

  it('LedgerEventType holds every event type of every stream and OTHER', () => {
    const all = [
      ...DEAL_EVENT_TYPES,
      ISS_RECORD_IMPORTED,
      ...TABLE_EVENT_TYPES,
      ...TOURNAMENT_EVENT_TYPES,
      ...ACCESS_EVENT_TYPES,
      ...BRANCH_EVENT_TYPES,
      'OTHER',
    ];
    expect(new Set(all).size).toBe(all.length); // no name is shared by two streams
    expect(valuesOf(committed(), 'LedgerEventType')).toEqual(sorted(all));
  });

  it('describes no event type that is not a value (a renamed event leaves no stale description)', () => {
    const values = new Set(valuesOf(committed(), 'LedgerEventType'));
    for (const descriptions of WRITTEN_EVENT_DESCRIPTIONS) for (const type of Object.keys(descriptions)) expect(values).toContain(type);
  });

  it('the audit and ISS comparisons name their fields from the comparisons’ own lists', () => {
    const schema = committed();
    expect(valuesOf(schema, 'ResultField')).toEqual(sorted(['result', ...COMPARED_FIELDS]));
    expect(valuesOf(schema, 'IssResultField')).toEqual(sorted(ISS_FIELDS));
    expect(valuesOf(schema, 'ResultBasis')).toEqual(['ENGINE']);
  });

  it('the fields that carry them are enums, not String', () => {
    const schema = committed();
    const fieldType = (type: string, field: string): string => {
      const t = schema.getType(type);
      if (!t || !('getFields' in t)) throw new Error(`no type ${type}`);
      return String((t.getFields() as Record<string, { type: unknown }>)[field].type);
    };
    expect(fieldType('Move', 'kind')).toBe('MoveKind!');
    expect(fieldType('BidCall', 'call')).toBe('MoveKind!');
    expect(fieldType('AuditEvent', 'type')).toBe('DealEventType!');
    expect(fieldType('FrameEvent', 'type')).toBe('DealEventType!');
    expect(fieldType('DealUpdate', 'eventType')).toBe('DealEventType!');
    expect(fieldType('TableUpdate', 'eventType')).toBe('LedgerEventType!');
    expect(fieldType('TournamentUpdate', 'eventType')).toBe('LedgerEventType!');
    expect(fieldType('RecordedEventRef', 'type')).toBe('LedgerEventType!');
    expect(fieldType('ResultDifference', 'field')).toBe('ResultField!');
    expect(fieldType('ArchiveResultMismatch', 'field')).toBe('IssResultField!');
    expect(fieldType('ArchiveResultCheck', 'uses')).toBe('ResultBasis!');
    expect(fieldType('PlayerStats', 'uses')).toBe('ResultBasis!');
    expect(fieldType('GameTypeCount', 'game')).toBe('GameType!'); // the set Deal.result.game already answers in
  });

  it('a stored type name is answered as stored; a name outside the set as OTHER, never a failed answer', () => {
    expect(dealEventTypeOf('CardPlayed')).toBe('CardPlayed');
    expect(dealEventTypeOf('IssRecordImported')).toBe('IssRecordImported');
    expect(dealEventTypeOf('TableOpened')).toBe('OTHER'); // not a deal stream's
    expect(dealEventTypeOf('toString')).toBe('OTHER'); // no inherited property passes for a value
    expect(ledgerEventTypeOf('TableOpened')).toBe('TableOpened');
    expect(ledgerEventTypeOf('SomethingNew')).toBe('OTHER');
  });

  it("the audit of a stream holding another writer's event type names it OTHER and keeps its data", () => {
    const event = (revision: number, type: string, data: unknown): RecordedEvent => ({
      streamName: 'deal-x',
      type,
      data,
      metadata: {} as RecordedEvent['metadata'],
      eventId: `e${revision}`,
      revision: BigInt(revision),
      position: String(revision),
    });
    const audit = auditView(buildAudit('x', [event(0, 'SomethingNew', { a: 1 })]));
    expect(audit.events.map((e) => [e.type, e.data])).toEqual([['OTHER', '{"a":1}']]);
  });
});
