import type { ByteList, TextList } from '../../event-store/packed-texts';
import { COMPACT_JSON_FORM, encodeJson } from '../../event-store/sqlite/compact-json';
import { dealStreamName } from '../../deal/events';
import { sealNewStreamRows } from '../../event-store/hash-chain';
import { judgeIssLine } from '../../format/iss/judge-iss-line';
import type { IssLineEncoding } from '../../format/iss/iss-line-source';
import { issRecordToEvents } from './iss-record-to-events';
import { ISS_PROFILE } from '../../rules/variant/iss';

/** The data forms a worker can compute for a store, by NewStreamSealing.dataForm. */
const encoders: Readonly<Record<string, (data: unknown) => Uint8Array | null>> = { [COMPACT_JSON_FORM]: encodeJson };

/** Lines an import hands to its worker thread, in file order (blank lines are never sent). */
export interface IssDecideBatch {
  readonly file: string | null;
  /** The record lines; null for a line over MAX_RECORD_LENGTH (its text was dropped). */
  readonly texts: readonly (string | null)[];
  readonly lineNumbers: readonly number[];
  readonly encodings: readonly IssLineEncoding[];
  /** metadata.recordedAt of the events sealed for this batch (the store's clock). */
  readonly recordedAt: string;
  readonly maxEventBytes: number;
  /** The store's data form to compute with the sealing (NewStreamSealing.dataForm), or null. */
  readonly dataForm: string | null;
  /**
   * The number each line's deal is decided for, as the importer guesses it (the next number of
   * its series if every line before it were new); undefined where deals are not numbered.
   */
  readonly guesses: readonly (number | undefined)[];
}

/** A deal decided and sealed ahead of the importer, for the deal number it guessed. */
export interface SealedIssDeal {
  readonly recordId: string;
  readonly dealId: string;
  readonly tableId: string | null;
  readonly series: string | null;
  readonly players: readonly [string, string, string];
  readonly occurredAt: string;
  readonly streamName: string;
  /** Strings as sealed; packed texts once the worker's message is unpacked (packed-decisions.ts). */
  readonly rows: TextList;
  readonly lastHash: string;
  /** sealNewStreamRows's idCommand: the command each event's id derives from (null: not so). */
  readonly idCommand: string | null;
  /** Each event's data in the store's form (null: none); null when the store takes none. */
  readonly dataForms: ByteList | null;
}

/**
 * What the worker made of one line: the one judgement of import and verify (judgeIssLine) and,
 * for an accepted record, its deal as if it were new and took `guess` in its series. The importer
 * takes the sealed deal only when the record is new and gets exactly that number; otherwise it
 * decides the deal again itself, so a guess never changes what is stored.
 */
export type IssLineDecision =
  | { readonly kind: 'overlong' }
  | { readonly kind: 'rejected'; readonly id: string | null; readonly reason: string }
  | {
      readonly kind: 'accepted';
      readonly id: string;
      readonly series: string | null;
      readonly guess: number | undefined;
      /** The sealed deal; null when the deal decider refused it (the importer then decides it again and reports why). */
      readonly deal: SealedIssDeal | null;
    };

/** The pure part of an import, for a worker thread: judges, decides and seals each line of a batch. */
export function decideIssLines(batch: IssDecideBatch): IssLineDecision[] {
  const out: IssLineDecision[] = [];
  for (let i = 0; i < batch.texts.length; i++) {
    const text = batch.texts[i];
    if (text === null) {
      out.push({ kind: 'overlong' });
      continue;
    }
    const judged = judgeIssLine(text, ISS_PROFILE);
    if (judged.kind === 'rejected') {
      out.push({ kind: 'rejected', id: judged.id, reason: judged.reason });
      continue;
    }
    const series = judged.record.header.find((h) => h.key === 'SE')?.value ?? null;
    const guess = series === null ? undefined : batch.guesses[i];
    try {
      const converted = issRecordToEvents(judged.record, {
        line: text,
        lineNumber: batch.lineNumbers[i],
        file: batch.file,
        dealNumber: guess,
        encoding: batch.encodings[i],
      });
      if (!converted.ok) {
        out.push({ kind: 'accepted', id: judged.id, series, guess, deal: null });
        continue;
      }
      const d = converted.deal;
      const streamName = dealStreamName(d.dealId);
      const sealed = sealNewStreamRows(streamName, d.events, batch.recordedAt, batch.maxEventBytes, encoders[batch.dataForm ?? '']);
      const occurredAt = d.events[0].metadata.occurredAt ?? '';
      out.push({
        kind: 'accepted',
        id: judged.id,
        series,
        guess,
        deal: {
          recordId: d.recordId,
          dealId: d.dealId,
          tableId: d.tableId,
          series: d.series,
          players: d.players,
          occurredAt,
          streamName,
          rows: sealed.rows,
          lastHash: sealed.lastHash,
          idCommand: sealed.idCommand,
          dataForms: sealed.dataForms ?? null,
        },
      });
    } catch {
      // Whatever failed here fails again when the importer decides the deal itself, and is reported there.
      out.push({ kind: 'accepted', id: judged.id, series, guess, deal: null });
    }
  }
  return out;
}
