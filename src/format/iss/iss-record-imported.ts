import type { IssHeaderField, IssLayout, IssResult } from './iss-record';
import type { TokenPatch } from './token-patch';

/**
 * The last event of an imported deal's stream: where the deal came from and everything of the
 * record that the deal events do not carry, so that `export iss` writes the line back byte for byte.
 * Projections ignore it (it is not a move); audits read `recordedResult`.
 */
export const ISS_RECORD_IMPORTED = 'IssRecordImported';

export interface IssRecordImportedData {
  /** The record's ID property. */
  readonly recordId: string;
  /** 1-based line of the file the record was read from, and the file (provenance only). */
  readonly sourceLine: number;
  readonly sourceFile: string | null;
  /** The line as imported (provenance; the export regenerates rather than copies it). */
  readonly line: string;
  /** Every property except MV and R, in the order written (PC, CO, SE, ID, DT, P0-P2, R0-R2, ...). */
  readonly header: readonly IssHeaderField[];
  /** Keys of all properties in the order written, MV and R included. */
  readonly propertyOrder: readonly string[];
  readonly layout: IssLayout;
  /** The record's own R[...] result, kept as recorded (ISS server scoring, penalties included). */
  readonly recordedResult: IssResult | null;
  /** Tokens written in the record that the events do not say; null when they say everything. */
  readonly movesPatch: TokenPatch | null;
  /** Why part of the move list was not replayed (time-out, departure, unknown card), or null. */
  readonly unreplayed: string | null;
  /**
   * Present when the line's bytes were not valid UTF-8: it was read as Latin-1 (one character per
   * byte, names included), and the export writes it back in Latin-1, byte for byte.
   */
  readonly lineEncoding?: 'latin1';
}

export interface IssRecordImportedEvent {
  readonly type: typeof ISS_RECORD_IMPORTED;
  readonly data: IssRecordImportedData;
}

export function isIssRecordImported(e: { readonly type: string }): e is IssRecordImportedEvent {
  return e.type === ISS_RECORD_IMPORTED;
}
