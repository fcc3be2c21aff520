import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { issRecordToEvents } from '../../src/archive/import/iss-record-to-events';
import type { NewEvent } from '../../src/event-store/event-store';
import { canonicalJson } from '../../src/event-store/canonical-json';
import { GENESIS_HASH, sealNewStreamRows } from '../../src/event-store/hash-chain';
import { decodeJson, encodeJson } from '../../src/event-store/sqlite/compact-json';
import { openSqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store';
import { judgeIssLine } from '../../src/format/iss/judge-iss-line';
import { writeLiveIssRecord } from '../../src/format/iss/iss-writer';
import { getProfile } from '../../src/rules/variant';
import { ISS_PROFILE } from '../../src/rules/variant/iss';
import { corpusLines } from '../iss/corpus';
import { playRandomGame, seededRandom } from '../iss/random-games';

/**
 * The import's sealing writes what the plain definitions give, byte for byte: canonical JSON (keys
 * sorted at every level, kept per object shape since), the hash chain (sha256 over type, data and
 * metadata with prevHash), the stored metadata text and the compact data form, over every event
 * of the corpus's deals and of generated ones. The digest pins the sealed rows of the corpus to
 * what the code wrote before the sealing was specialised (5f815bd).
 */
const RECORDED_AT = '2026-12-07T12:00:00.000Z';

/** Canonical JSON as defined: no caches, Object.keys sorted for every object. */
function plainCanonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(plainCanonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((k) => record[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${plainCanonical(record[k])}`);
  return `{${members.join(',')}}`;
}

/** A new stream's rows as defined: the store's recordedAt and tracing ids filled, each event chained to the one before. */
function plainSeal(events: readonly NewEvent[]): { rows: string[]; lastHash: string } {
  const rows: string[] = [];
  let prevHash = GENESIS_HASH;
  for (const event of events) {
    const metadata: Record<string, string> = { recordedAt: RECORDED_AT, ...(event.metadata as unknown as Record<string, string>) };
    metadata.$correlationId ??= metadata.commandId ?? metadata.eventId;
    metadata.$causationId ??= metadata.commandId ?? metadata.eventId;
    const dataJson = plainCanonical(event.data);
    const text = `${JSON.stringify(event.type)}\n${dataJson}\n${plainCanonical({ ...metadata, prevHash })}`;
    const hash = createHash('sha256').update(text, 'utf8').digest('hex');
    rows.push(event.type, metadata.eventId, dataJson, plainCanonical({ ...metadata, prevHash, hash }));
    prevHash = hash;
  }
  return { rows, lastHash: prevHash };
}

/** The same value with every object's keys inserted in reverse order (another shape, the same canonical text). */
function reversedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(reversedKeys);
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
}

function dealEvents(line: string, lineNumber: number): NewEvent[] {
  const judged = judgeIssLine(line, ISS_PROFILE);
  if (judged.kind !== 'accepted') throw new Error(`line ${lineNumber}: ${judged.reason}`);
  const converted = issRecordToEvents(judged.record, { line, lineNumber, file: 'sealed-bytes', dealNumber: lineNumber, encoding: 'utf8' });
  if (!converted.ok) throw new Error(`line ${lineNumber}: ${converted.reason}`);
  return converted.deal.events;
}

function generatedLines(count: number): string[] {
  const rand = seededRandom(20261207);
  const iss = getProfile('iss');
  return Array.from({ length: count }, (_, i) => {
    const g = playRandomGame(rand, iss);
    const w = writeLiveIssRecord({ players: ['anna', 'bert', 'carl'], date: new Date(0), series: 9, id: 70_000 + i, dealt: g.dealt, moves: g.moves });
    if (!w.ok) throw new Error(w.reason);
    return w.line;
  });
}

describe('sealed bytes of imported deals', () => {
  const corpus = corpusLines().map((l, i) => dealEvents(l.text, i + 1));
  const generated = generatedLines(150).map((line, i) => dealEvents(line, 1000 + i));
  const deals = [...corpus, ...generated];

  it('covers every kind of event an imported deal records', () => {
    const types = new Set(deals.flatMap((events) => events.map((e) => e.type)));
    for (const t of [
      'DealStarted',
      'CardsDealt',
      'BidCalled',
      'BidHeld',
      'BidPassed',
      'SkatTaken',
      'SkatDiscarded',
      'GameDeclared',
      'CardPlayed',
      'DealScored',
    ])
      expect(types).toContain(t);
    for (const t of ['CardsShown', 'GameResigned', 'DealPassedIn', 'DealAbandoned', 'IssRecordImported']) expect(types).toContain(t);
  });

  it('writes canonical JSON as the definition does, whatever order the keys were given in', () => {
    for (const events of deals) {
      for (const e of events) {
        const expected = plainCanonical(e.data);
        expect(canonicalJson(e.data)).toBe(expected);
        expect(canonicalJson(reversedKeys(e.data))).toBe(expected);
      }
    }
  });

  it('seals rows, hashes and the chain head as the definition does', () => {
    for (const events of deals) {
      const sealed = sealNewStreamRows('deal-x', events, RECORDED_AT);
      const expected = plainSeal(events);
      expect(sealed.rows).toEqual(expected.rows);
      expect(sealed.lastHash).toBe(expected.lastHash);
    }
  });

  it('gives each data value one compact form, which reads back as its canonical JSON', () => {
    for (const events of deals) {
      for (const e of events) {
        const form = encodeJson(e.data) as Buffer;
        expect(form).not.toBeNull();
        expect(Buffer.compare(encodeJson(reversedKeys(e.data)) as Buffer, form)).toBe(0);
        expect(plainCanonical(decodeJson(form))).toBe(plainCanonical(e.data));
      }
    }
  });

  it('seals the corpus into the same rows and data forms as the code before the specialised sealing', () => {
    const digest = createHash('sha256');
    for (const events of corpus) {
      const sealed = sealNewStreamRows('deal-x', events, RECORDED_AT, undefined, encodeJson);
      for (const row of sealed.rows) digest.update(`${row}\u0000`);
      for (const form of sealed.dataForms ?? []) digest.update(form ?? 'null');
      digest.update(sealed.lastHash);
    }
    expect(digest.digest('hex')).toBe(CORPUS_DIGEST);
  });
});

describe('stored rows of deals sealed ahead', () => {
  it('are the rows a plain append of the same events stores', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sealed-bytes-'));
    try {
      const now = () => new Date(RECORDED_AT);
      const sealedStore = openSqliteEventStore(join(dir, 'sealed.db'), { now });
      const plainStore = openSqliteEventStore(join(dir, 'plain.db'), { now });
      const deals = [...corpusLines().map((l, i) => dealEvents(l.text, i + 1)), ...generatedLines(40).map((line, i) => dealEvents(line, 1000 + i))];
      for (let i = 0; i < deals.length; i++) {
        const name = `deal-${i}`;
        const sealed = sealNewStreamRows(name, deals[i], RECORDED_AT, undefined, encodeJson);
        const sealing = sealedStore.newStreamSealing;
        if (!sealing) throw new Error('the SQLite store seals new streams ahead');
        await sealedStore.appendMany([sealing.adopt(name, sealed.rows, sealed.lastHash, { idCommand: sealed.idCommand, dataForms: sealed.dataForms })]);
        await plainStore.appendToStream(name, deals[i], { expectedRevision: 'noStream' });
      }
      await sealedStore.dispose();
      await plainStore.dispose();
      const rows = (file: string, table: string) => new Database(join(dir, file), { readonly: true }).prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
      for (const table of ['events', 'event_runs', 'event_ids', 'event_types', 'streams']) {
        const sealedRows = rows('sealed.db', table);
        expect(sealedRows).toEqual(rows('plain.db', table));
        if (table !== 'event_ids') expect(sealedRows.length).toBeGreaterThan(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Computed by the code of 5f815bd (before the key orders were kept and the metadata spliced). */
const CORPUS_DIGEST = '62962555c3e5c449e2f756eaf60a59ad4d1585887f6169a542fe5f8f1c7222ca';
