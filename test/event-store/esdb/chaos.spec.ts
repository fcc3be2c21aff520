/**
 * The Jepsen-style run of chaos.ts (issue #27): a few seeds in the default suite (seconds each);
 * `CHAOS_SEEDS=20` (or `CHAOS_SEED=<n>` to replay one) runs more, as `npm run bench -- esdb-chaos`
 * does with its report. The seed is in every test's name and failure message.
 */
import { runChaos } from './chaos';

const seeds = process.env.CHAOS_SEED
  ? [Number(process.env.CHAOS_SEED)]
  : Array.from({ length: Number(process.env.CHAOS_SEEDS ?? 2) }, (_, i) => 1000 + i * 7919);

describe('chaos on a three-node cluster double: writers and an ISS import while leaders are killed, partitioned and re-elected', () => {
  it.each(seeds)(
    'seed %d: no acknowledged write lost or duplicated, nothing half-visible, read models equal a rebuild',
    async (seed) => {
      const report = await runChaos(seed, { writers: 3, appendsPerWriter: 15, importDeals: 60 });
      const summary = `seed ${seed} (replay: CHAOS_SEED=${seed}): ${JSON.stringify(report)}`;
      expect({ summary, lost: report.lost, duplicated: report.duplicated, halfVisible: report.halfVisible }).toEqual({
        summary,
        lost: 0,
        duplicated: 0,
        halfVisible: 0,
      });
      expect({ summary, nodesAgree: report.nodesAgree, readModels: report.readModelsEqualRebuild, deals: report.dealsInReadModels }).toEqual({
        summary,
        nodesAgree: true,
        readModels: true,
        deals: report.importedDeals,
      });
      expect(report.faults.length).toBeGreaterThan(0);
      expect(report.acknowledged).toBeGreaterThan(0);
    },
    120_000,
  );
});
