import { parentPort, workerData } from 'node:worker_threads';
import { getProfile } from '../../rules/variant';
import { verifyIssBatch, type IssVerifyBatch } from './verify-iss-batch';

/** A verify worker thread (verifyIssInputs): batches in, results out, in the order received. */
const profile = getProfile((workerData as { profileId: string }).profileId);
parentPort?.on('message', (message: { seq: number; batch: IssVerifyBatch }) => {
  parentPort?.postMessage({ seq: message.seq, result: verifyIssBatch(message.batch, profile) });
});
