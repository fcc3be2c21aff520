import { DealAnalysisResolver } from './analysis.resolver';
import { BranchResolver, DealBranchesResolver } from './branch.resolver';
import { DealMoveResolver } from './deal-move.resolver';
import { DealResolver } from './deal.resolver';
import { ImportResolver } from './import.resolver';
import { ReadModelResolver, ScoreSheetRowResolver } from './readModel.resolver';
import { SubscriptionResolver } from './subscription.resolver';
import { TableCommandResolver } from './tableCommand.resolver';
import { DealReviewResolver } from './dealReview.resolver';
import { OrganiserResolver } from './organiser.resolver';
import { TableSubscriptionResolver } from './tableSubscription.resolver';

/** Every resolver class: the schema is generated from exactly these. */
export const API_RESOLVERS = [
  DealAnalysisResolver,
  BranchResolver,
  DealBranchesResolver,
  DealResolver,
  ReadModelResolver,
  ScoreSheetRowResolver,
  DealMoveResolver,
  TableCommandResolver,
  DealReviewResolver,
  OrganiserResolver,
  ImportResolver,
  SubscriptionResolver,
  TableSubscriptionResolver,
];
