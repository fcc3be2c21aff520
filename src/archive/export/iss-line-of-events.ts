import { withoutWithdrawn } from '../../deal/withdrawals';
import { asDealt } from '../../deal/seen/as-dealt';
import { getProfile } from '../../deal/engine';
import { isDealEventType, type CardsDealtData, type DealStartedData, type ScoreCorrectedData, type StoredDealEvent } from '../../deal/events';
import type { IssResult } from '../../format/iss/iss-record';
import { movesOfEvent } from '../../deal/evolve';
import type { Move } from '../../rules/move';
import { writeIssRecord, writeLiveIssRecord } from '../../format/iss/iss-writer';
import { isIssRecordImported } from '../../format/iss/iss-record-imported';
import { applyTokenPatch } from '../../format/iss/token-patch';
import { tokensOfEvents, type AnyEvent } from './tokens-of-events';

/** What the ISS export writes as PC[...] for deals recorded live. */
export const LIVE_PLACE = 'Skat Ledger';

/**
 * A deal's events → one ISS record line. An imported deal gets its own header, result and layout
 * back from the import event, and its move list regenerated from the deal events (plus the patch
 * of what the events do not say), so the line equals the imported one byte for byte. A live deal
 * becomes a plain record that jskat-style parsers read.
 */
export function issLineOfEvents(recorded: readonly AnyEvent[]): string {
  // Withdrawn moves were never made; a correction replaces the recorded value (the NDJSON keeps the original).
  // A complete deal recorded as seen is written as its dealt twin.
  const events = asDealt(withoutWithdrawn(recorded));
  const lastCorrection = [...events].reverse().find((e) => e.type === 'ScoreCorrected');
  const corrected = lastCorrection ? (lastCorrection.data as ScoreCorrectedData).correctedScore : null;
  const withCorrection = (r: IssResult | null): IssResult | null => (corrected === null || !r || r.kind !== 'game' ? r : { ...r, value: corrected });
  const imported = events.find(isIssRecordImported);
  if (imported) {
    const d = imported.data;
    const moves = applyTokenPatch(tokensOfEvents(events), d.movesPatch);
    return writeIssRecord({ header: d.header, propertyOrder: d.propertyOrder, layout: d.layout, result: withCorrection(d.recordedResult), moves });
  }
  const started = events.find((e) => e.type === 'DealStarted')?.data as DealStartedData | undefined;
  const dealt = events.find((e) => e.type === 'CardsDealt')?.data as CardsDealtData | undefined;
  if (started && !dealt && events.some((e) => e.type === 'ResultEntered'))
    throw new Error(`deal ${started.dealId} was entered from its result only: an ISS record needs the cards`);
  if (!started || !dealt) throw new Error('the deal has no DealStarted and CardsDealt events: nothing to export');
  const moves: Move[] = events.flatMap((e) => (isDealEventType(e.type) ? (movesOfEvent(e as StoredDealEvent) ?? []) : []));
  const written = writeLiveIssRecord({
    players: started.players,
    date: new Date(started.startedAt),
    series: started.tableId ?? '',
    id: started.dealId,
    place: LIVE_PLACE,
    dealt: { hands: dealt.hands, skat: dealt.skat },
    moves,
    profile: getProfile(started.profileId, started.profileOptions),
  });
  if (!written.ok) throw new Error(`deal ${started.dealId}: ${written.reason}`);
  return corrected === null ? written.line : writeIssRecord({ ...written.record, result: withCorrection(written.record.result) });
}
