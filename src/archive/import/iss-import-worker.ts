import { parentPort } from 'node:worker_threads';
import { decideIssLines, type IssDecideBatch } from './decide-iss-lines';
import { packDecisions } from './packed-decisions';

/** The import's worker thread (IssDecidePipeline): batches of lines in (their numbers guessed by the importer), decisions out. */
parentPort?.on('message', (message: { seq: number; batch: IssDecideBatch }) => {
  const { message: decided, transfer } = packDecisions(decideIssLines(message.batch));
  parentPort?.postMessage({ seq: message.seq, decided }, transfer);
});
