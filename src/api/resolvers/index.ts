import { DealAnalysisResolver } from './analysis.resolver';
import { BranchResolver, DealBranchesResolver } from './branch.resolver';
import { DealMoveResolver } from './deal-move.resolver';
import { DealResolver } from './deal.resolver';
import { FairDealResolver } from './fair-deal.resolver';
import { ImportResolver } from './import.resolver';
import { ReadModelResolver, ScoreSheetRowResolver } from './read-model.resolver';
import { SubscriptionResolver } from './subscription.resolver';
import { TableCommandResolver } from './table-command.resolver';
import { DealReviewResolver } from './deal-review.resolver';
import { OrganiserResolver } from './organiser.resolver';
import { RatingsResolver } from './ratings.resolver';
import { RosterResolver } from './roster.resolver';
import { TableSubscriptionResolver } from './table-subscription.resolver';

/** Every resolver class: the schema is generated from exactly these. */
export const API_RESOLVERS = [
  DealAnalysisResolver,
  BranchResolver,
  DealBranchesResolver,
  DealResolver,
  FairDealResolver,
  ReadModelResolver,
  ScoreSheetRowResolver,
  DealMoveResolver,
  TableCommandResolver,
  DealReviewResolver,
  OrganiserResolver,
  RatingsResolver,
  RosterResolver,
  ImportResolver,
  SubscriptionResolver,
  TableSubscriptionResolver,
];
