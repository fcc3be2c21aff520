import { randomBytes } from 'node:crypto';
import type { ServerSeedLookup } from '../../deal/fair-dealing';
import { seedStreamName } from '../../deal/events';
import type { AppendBatch, EventStore } from '../../event-store/event-store';
import { commitmentOf } from '../../rules/fair-shuffle';
import { commandMetadata } from '../../command-handling/handle-command';
import type { CommandContext } from '../../command-handling/command-types';

/** The event that keeps a server seed until its deal ends (in `dealseed-<dealId>`, never served). */
export const SERVER_SEED_KEPT = 'ServerSeedKept';
interface ServerSeedKeptData {
  readonly dealId: string;
  readonly commitment: string;
  readonly serverSeed: string;
}

/**
 * Where fair dealing's secrets live until they are revealed (docs/fair-dealing.md): each deal's
 * seed in a stream of its own beside the deal's, written in the same append as the commitment
 * (one transaction on SQLite), so a restart finds it again. No API path, export or subscription
 * reads these streams (the ledger's listeners never hear them); the seed becomes public only as
 * the deal's ServerSeedRevealed. A seed is found by its commitment, so a retried start that drew
 * another seed cannot reveal the wrong one.
 */
export class DealSeeds {
  constructor(private readonly store: EventStore) {}

  /** 32 fresh bytes from the operating system's CSPRNG, hex. */
  fresh(): string {
    return randomBytes(32).toString('hex');
  }

  /** The batch that keeps `seed` for the deal, to append together with the deal's commitment. */
  keepBatch(dealId: string, seed: string, ctx: CommandContext, schemaVersion: string): AppendBatch {
    const data: ServerSeedKeptData = { dealId, commitment: commitmentOf(seed), serverSeed: seed };
    const metadata = commandMetadata({ ...ctx, commandId: `${ctx.commandId}/seed` }, 0, new Date().toISOString(), schemaVersion);
    return { streamName: seedStreamName(dealId), events: [{ type: SERVER_SEED_KEPT, data, metadata }], expectedRevision: 'any' };
  }

  /** The kept seed behind `commitment`, or why there is none (the deal is then unverifiable). */
  async lookUp(dealId: string, commitment: string): Promise<ServerSeedLookup> {
    const read = await this.store.readStream(seedStreamName(dealId));
    const kept = read.events.find((e) => e.type === SERVER_SEED_KEPT && (e.data as ServerSeedKeptData).commitment === commitment);
    if (!kept) return { lost: read.exists ? 'no kept server seed matches the commitment' : 'the server seed of this deal is not kept in this store' };
    const seed = (kept.data as ServerSeedKeptData).serverSeed;
    return commitmentOf(seed) === commitment ? { seed } : { lost: 'the kept server seed does not match the commitment' };
  }
}
