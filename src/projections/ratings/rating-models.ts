import { dskvModel } from './dskv-figure';
import { eloModel } from './elo';
import { glicko2Model } from './glicko2';
import type { RatingModel } from './rating-model';
import { teamSkillModel } from './team-skill';

/** The models rated side by side over the same events, each its own projection. */
export const RATING_MODELS: readonly RatingModel[] = [eloModel(false), eloModel(true), glicko2Model, teamSkillModel, dskvModel];

export function ratingModel(id: string): RatingModel | undefined {
  return RATING_MODELS.find((m) => m.id === id);
}
