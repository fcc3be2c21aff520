/**
 * The chaos run of test/event-store/esdb/chaos.ts over 20 seeds in a row (issue #27): writers and an
 * ISS import through the adapter while a seeded nemesis kills, partitions and re-elects leaders
 * of a three-node double. Prints one line per seed (acknowledged, lost, duplicated, unacknowledged
 * appends, faults, elections) and the totals; exits 1 on the first seed that loses, duplicates or
 * half-shows a write, or whose read models differ from a rebuild, naming the seed (replay it with
 * `CHAOS_SEED=<n> npx jest test/event-store/esdb/chaos.spec.ts`). `npm run bench -- cluster-chaos`
 * (SEEDS=20, FIRST_SEED=1000 by default).
 */
import { runChaos } from '../event-store/esdb/chaos';

const SEEDS = Number(process.env.SEEDS ?? 20);
const FIRST = Number(process.env.FIRST_SEED ?? 1000);

async function main(): Promise<void> {
  const totals = { acknowledged: 0, acknowledgedEvents: 0, lost: 0, duplicated: 0, unacknowledged: 0, unacknowledgedWritten: 0, faults: 0, elections: 0 };
  const started = Date.now();
  for (let i = 0; i < SEEDS; i++) {
    const seed = FIRST + i * 7919;
    const report = await runChaos(seed, { writers: 3, appendsPerWriter: 25, importDeals: 100 });
    const ok =
      report.lost === 0 &&
      report.duplicated === 0 &&
      report.halfVisible === 0 &&
      report.nodesAgree &&
      report.readModelsEqualRebuild &&
      report.dealsInReadModels === report.importedDeals;
    console.log(
      `seed ${seed}: ${ok ? 'ok' : 'FAILED'} acknowledged ${report.acknowledged} appends (${report.acknowledgedEvents} events), lost ${report.lost}, duplicated ${report.duplicated}, half-visible ${report.halfVisible}, unacknowledged ${report.unacknowledged} (written whole ${report.unacknowledgedWritten}), faults ${report.faults.length}, elections ${report.elections}, nodes agree ${report.nodesAgree}, read models = rebuild ${report.readModelsEqualRebuild}`,
    );
    if (!ok) {
      console.log(`FAILED at seed ${seed}: ${JSON.stringify(report)}`);
      process.exitCode = 1;
      return;
    }
    totals.acknowledged += report.acknowledged;
    totals.acknowledgedEvents += report.acknowledgedEvents;
    totals.lost += report.lost;
    totals.duplicated += report.duplicated;
    totals.unacknowledged += report.unacknowledged;
    totals.unacknowledgedWritten += report.unacknowledgedWritten;
    totals.faults += report.faults.length;
    totals.elections += report.elections;
  }
  console.log(`${SEEDS} seeds in a row passed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(totals)}`);
}

void main().then(() => process.exit());
