import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum SolverJobKindEnum {
  STEPS = 'steps',
  DISCARD = 'discard',
  GAME = 'game',
}
registerEnumType(SolverJobKindEnum, {
  name: 'SolverJobKind',
  description: 'Which solver result of a deal',
  valuesMap: {
    STEPS: { description: 'Deal.analysis: the verdicts of every position of the card play' },
    DISCARD: { description: 'Deal.bestDiscard' },
    GAME: { description: 'Deal.bestGame' },
  },
});

export enum SolverJobStateEnum {
  NOT_STARTED = 'notStarted',
  QUEUED = 'queued',
  RUNNING = 'running',
  DONE = 'done',
}
registerEnumType(SolverJobStateEnum, {
  name: 'SolverJobState',
  description: 'Where the computation of a solver result stands',
  valuesMap: {
    NOT_STARTED: { description: 'Neither computed (cached) nor asked for: asking for the field starts it' },
    QUEUED: { description: 'Waiting for a solver worker thread' },
    RUNNING: { description: 'Being computed on a solver worker thread' },
    DONE: { description: 'Computed and cached: asking for the field answers at once' },
  },
});

@ObjectType('SolverProgress', {
  description:
    "Where a deal's solver result stands at the deal's current revision (asking starts nothing). A job is bounded in CPU time on its own thread (cpuLimitMs), not in time spent queued or waiting for a busy machine's CPU",
})
export class SolverProgressType {
  @Field(() => SolverJobStateEnum, { description: 'Not started, queued, running or done' }) state!: SolverJobStateEnum;
  @Field(() => Int, { nullable: true, description: 'Queued: jobs ahead of it in the queue (0: next)' }) jobsAhead!: number | null;
  @Field(() => Int, { nullable: true, description: 'Queued or running: ms it waited (is waiting) in the queue' }) waitedMs!: number | null;
  @Field(() => Int, { nullable: true, description: 'Running: ms since a worker took it (wall time)' }) ranMs!: number | null;
  @Field(() => Int, { nullable: true, description: 'Running: CPU ms its worker thread used for it so far (reported about every 100 ms of CPU)' })
  cpuMs!: number | null;
  @Field(() => Float, { nullable: true, description: 'Running: search positions visited so far (does not depend on the load)' }) nodes!: number | null;
  @Field(() => Int, { description: 'The CPU ms one job may use before it is stopped (TIMEOUT)' }) cpuLimitMs!: number;
}
