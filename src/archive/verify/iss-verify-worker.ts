import { parentPort, workerData } from 'node:worker_threads';
import { getProfile } from '../../rules/variant';
import { verifyIssBatch } from './verify-iss-batch';
import { claimRangeWithRoom, IssRangeVerifier } from './verify-iss-ranges';
import type { IssWorkerMessage, IssWorkerTask } from './verify-iss-pool';

/**
 * A verify worker thread (IssVerifyPool): batches in, results out, in the order received; or a
 * file whose ranges it claims one after the other until none is left, each range's result sent
 * as it is done. It loads the quick check only; the full judgement comes when a line needs it.
 */
const profile = getProfile((workerData as { profileId: string }).profileId);
const post = (m: IssWorkerMessage) => parentPort?.postMessage(m);
parentPort?.on('message', (task: IssWorkerTask) => {
  if (task.kind === 'batch') {
    post({ kind: 'batch', seq: task.seq, result: verifyIssBatch(task.batch, profile) });
    return;
  }
  // The main thread's descriptor (one per process): open until every range's result is in.
  const verifier = new IssRangeVerifier(task.job, profile);
  for (let k = claimRangeWithRoom(task.job); k >= 0; k = claimRangeWithRoom(task.job))
    post({ kind: 'range', job: task.id, range: k, result: verifier.verify(k) });
});
