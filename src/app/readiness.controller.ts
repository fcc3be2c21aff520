import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import { Ledger } from '../ledger/ledger';

/**
 * Readiness, beside /health (liveness): 200 when the store answers and the read models hold
 * everything in the log, else 503 naming which of the two failed (never why: a store's error
 * text may name files or hosts). Each probe costs one catch-up (nothing new: ~µs) and a one-row read.
 */
@Controller('ready')
export class ReadinessController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(Ledger) private readonly ledger: Ledger,
  ) {}

  @Get()
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    const readiness = this.ledger.readiness();
    return this.health.check([
      async () => {
        const store = this.indicators.check('store');
        return (await readiness).storeReachable ? store.up() : store.down({ message: 'the event store does not answer' });
      },
      async () => {
        const readModels = this.indicators.check('readModels');
        const { storeReachable, readModelsCaughtUp } = await readiness;
        if (readModelsCaughtUp) return readModels.up();
        return readModels.down({
          message: storeReachable ? 'the read models are still catching up with the log' : 'cannot tell: the event store does not answer',
        });
      },
    ]);
  }
}
