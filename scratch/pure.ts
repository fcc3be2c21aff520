import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readIssRecord } from '../src/format/iss/IssReader';
import { issRecordToEvents } from '../src/format/iss/import/issRecordToEvents';
import { prepareEvent, sealEvents } from '../src/eventStore/hashChain';
const ISS_DIR = path.resolve(__dirname, '..', '..', 'shared', 'data', 'iss');
const corpus = readdirSync(ISS_DIR).filter((f) => f.endsWith('.sgf')).sort().flatMap((f) => readFileSync(path.join(ISS_DIR, f), 'utf8').split('\n').filter((l) => l.trim() !== ''));
const N = Number(process.env.N ?? 20000);
const lines: string[] = [];
for (let i = 0; i < N; i++) { const k = Math.floor(i / corpus.length); lines.push(corpus[i % corpus.length].replace(/ID\[(\d+)\]/, `ID[${k}x$1]`)); }
let t = process.hrtime.bigint(); let ev = 0;
const stage = (name: string) => { const now = process.hrtime.bigint(); console.log(name, (Number(now - t) / 1e3 / N).toFixed(1), 'us/record'); t = now; };
const recs = lines.map((l) => readIssRecord(l));
stage('parse');
const deals = recs.map((r, i) => r.ok ? issRecordToEvents(r.record, { line: lines[i], lineNumber: i + 1, file: null }) : null);
stage('toEvents');
const prepared = deals.map((d) => d && d.ok ? d.deal.events.map((e, i) => prepareEvent(e, i, 1 << 20, { recordedAt: '2026-01-01T00:00:00.000Z' })) : []);
for (const p of prepared) ev += p.length;
stage('prepare');
for (const p of prepared) sealEvents(null, p);
stage('seal');
console.log('events/record', ev / N);
const d0 = deals[0]; if (d0 && d0.ok) { const p = prepared[0]; for (const e of p) console.log(e.type, e.dataJson.length, JSON.stringify(e.metadata).length); }
