import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readIssRecord } from '../src/format/iss/IssReader';
import { issRecordToEvents } from '../src/format/iss/import/issRecordToEvents';
const ISS_DIR = path.resolve(__dirname, '..', '..', 'shared', 'data', 'iss');
const corpus = readdirSync(ISS_DIR).filter((f) => f.endsWith('.sgf')).sort().flatMap((f) => readFileSync(path.join(ISS_DIR, f), 'utf8').split('\n').filter((l) => l.trim() !== ''));
const N = Number(process.env.N ?? 20000);
const c0 = process.cpuUsage(); let ev = 0;
for (let i = 0; i < N; i++) { const l = corpus[i % corpus.length]; const r = readIssRecord(l); if (!r.ok) continue; const d = issRecordToEvents(r.record, { line: l, lineNumber: i + 1, file: null, dealNumber: 1 }); if (d.ok) ev += d.deal.events.length; }
const c = process.cpuUsage(c0); console.log('convert', ((c.user + c.system) / N).toFixed(1), 'us/record cpu', ((c.user + c.system) / ev).toFixed(2), 'us/event');
