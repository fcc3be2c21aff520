import { packByteLists, packTexts, unpackByteLists, unpackTexts, type ByteList, type TextList, type TextPack } from '../../event-store/packed-texts';
import type { IssLineDecision, SealedIssDeal } from './decide-iss-lines';

/**
 * A batch's decisions as the import's worker posts them: every sealed deal's rows in one pack that
 * is transferred, not copied, and held by the importer as one buffer until the rows are inserted.
 */
export interface PackedDecisions {
  readonly decisions: IssLineDecision[];
  /** Null when the rows travel as strings (a string packTexts cannot carry). */
  readonly pack: TextPack | null;
  /** How many rows each sealed deal has in the pack, in decision order. */
  readonly lengths: readonly number[];
  /** The sealed deals' data forms, when every one has them (each deal has a quarter of its rows' count). */
  readonly dataForms: TextPack | null;
}

const sealedDeals = (decisions: readonly IssLineDecision[]): SealedIssDeal[] =>
  decisions.flatMap((d) => (d.kind === 'accepted' && d.deal !== null ? [d.deal] : []));

/** The worker's side: the rows of the decisions moved into one pack, and the buffers to transfer. */
export function packDecisions(decisions: IssLineDecision[]): { message: PackedDecisions; transfer: ArrayBuffer[] } {
  const deals = sealedDeals(decisions);
  const pack = packTexts(deals.map((d) => d.rows as readonly string[]));
  if (pack === null) return { message: { decisions, pack: null, lengths: [], dataForms: null }, transfer: [] };
  const lengths = deals.map((d) => d.rows.length);
  const forms = deals.length > 0 && deals.every((d) => d.dataForms !== null) ? packByteLists(deals.map((d) => d.dataForms as ByteList)) : null;
  for (const d of deals) {
    (d as { rows: TextList }).rows = [];
    if (forms) (d as { dataForms: ByteList | null }).dataForms = null;
  }
  const transfer = [pack.bytes.buffer as ArrayBuffer, pack.ends.buffer as ArrayBuffer];
  if (forms) transfer.push(forms.bytes.buffer as ArrayBuffer, forms.ends.buffer as ArrayBuffer);
  return { message: { decisions, pack, lengths, dataForms: forms }, transfer };
}

/** The importer's side: each sealed deal's rows read from the pack again. */
export function unpackDecisions(message: PackedDecisions): IssLineDecision[] {
  if (message.pack === null) return message.decisions;
  const deals = sealedDeals(message.decisions);
  const rows = unpackTexts(message.pack, message.lengths);
  if (rows.length !== deals.length) throw new Error(`unpackDecisions: ${deals.length} sealed deals, ${rows.length} packed row lists`);
  for (let i = 0; i < deals.length; i++) (deals[i] as { rows: TextList }).rows = rows[i];
  if (message.dataForms) {
    const forms = unpackByteLists(
      message.dataForms,
      message.lengths.map((n) => n / 4),
    );
    for (let i = 0; i < deals.length; i++) (deals[i] as { dataForms: ByteList | null }).dataForms = forms[i];
  }
  return message.decisions;
}
