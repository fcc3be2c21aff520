import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readIssRecord } from '../src/format/iss/IssReader';
import { issRecordToEvents } from '../src/format/iss/import/issRecordToEvents';
import { prepareEvent, sealMetadata } from '../src/eventStore/hashChain';
import { canonicalJson } from '../src/eventStore/canonicalJson';
const ISS_DIR = path.resolve(__dirname, '..', '..', 'shared', 'data', 'iss');
const corpus = readdirSync(ISS_DIR).filter((f) => f.endsWith('.sgf')).sort().flatMap((f) => readFileSync(path.join(ISS_DIR, f), 'utf8').split('\n').filter((l) => l.trim() !== ''));
const evs: any[] = [];
for (const l of corpus) { const r = readIssRecord(l); if (!r.ok) continue; const d = issRecordToEvents(r.record, { line: l, lineNumber: 1, file: null }); if (d.ok) evs.push(...d.deal.events); }
const R = 300;
const time = (name: string, f: () => void) => { f(); const c = process.cpuUsage(); for (let k = 0; k < R; k++) f(); const d = process.cpuUsage(c); console.log(name, ((d.user + d.system) / (R * evs.length)).toFixed(2), 'us/event cpu'); };
const defaults = { recordedAt: '2026-01-01T00:00:00.000Z' };
time('canonicalJson', () => { for (const e of evs) canonicalJson(e.data); });
time('JSON.stringify', () => { for (const e of evs) JSON.stringify(e.data); });
time('prepareEvent', () => { for (let i = 0; i < evs.length; i++) prepareEvent(evs[i], i, 1 << 20, defaults); });
const prepared = evs.map((e, i) => prepareEvent(e, i, 1 << 20, defaults));
time('sealMetadata', () => { for (const p of prepared) sealMetadata('0'.repeat(64), p); });
console.log(evs.length, 'events');
