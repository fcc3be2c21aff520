import { parentPort } from 'node:worker_threads';
import { decideIssLines, type IssDecideBatch } from './decide-iss-lines';
import { packDecisions } from './packed-decisions';

/** The import's worker thread (IssDecidePipeline): batches of lines in, decisions out, in order. */
const seriesCounts = new Map<string, number>();
parentPort?.on('message', (message: { seq: number; batch: IssDecideBatch }) => {
  const { message: decided, transfer } = packDecisions(decideIssLines(message.batch, seriesCounts));
  parentPort?.postMessage({ seq: message.seq, decided }, transfer);
});
