import { parentPort } from 'node:worker_threads';
import { decideIssLines, type IssDecideBatch } from './decide-iss-lines';

/** The import's worker thread (IssDecidePipeline): batches of lines in, decisions out, in order. */
const seriesCounts = new Map<string, number>();
parentPort?.on('message', (message: { seq: number; batch: IssDecideBatch }) => {
  parentPort?.postMessage({ seq: message.seq, decisions: decideIssLines(message.batch, seriesCounts) });
});
