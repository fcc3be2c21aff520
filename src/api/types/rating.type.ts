import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

/** The rating models (src/projections/ratings/rating-models.ts), by their GraphQL names. */
export enum RatingModelEnum {
  ELO = 'elo',
  ELO_WEIGHTED = 'elo-weighted',
  GLICKO2 = 'glicko2',
  TEAM_SKILL = 'team-skill',
  DSKV = 'dskv',
}

registerEnumType(RatingModelEnum, {
  name: 'RatingModel',
  description: 'A rating model, each a projection over the same events (docs/ratings.md)',
  valuesMap: {
    ELO: { description: 'Elo, the declarer against the two defenders (K = 16)' },
    ELO_WEIGHTED: { description: "Elo, each step weighted by the game's value" },
    GLICKO2: { description: 'Glicko-2, one game per rating period; the rating shown is rating - 2 deviations' },
    TEAM_SKILL: { description: 'A TrueSkill-style team model without draws; the rating shown is mean - 3 deviations' },
    DSKV: { description: 'The DSkV performance figure: Seeger-Fabian Leistung (R35) per 36-game series, over at least one series' },
  },
});

@ObjectType('PlayerRating', { description: "A player's rating under one model, from the games he played as declarer or defender" })
export class PlayerRatingType {
  @Field(() => RatingModelEnum, { description: 'The model' }) model!: RatingModelEnum;
  @Field({ description: 'The player' }) player!: string;
  @Field(() => Float, { description: "The model's rating as shown (its leaderboard's order)" }) rating!: number;
  @Field(() => [Float], {
    description: "The model's state: Elo [rating], Glicko-2 [rating, deviation, volatility], team model [mean, deviation], DSkV [Leistung summed, games]",
  })
  state!: number[];
  @Field(() => Int, { description: 'Rated games (scored declarer games with three human seats)' }) games!: number;
  @Field(() => Int, { description: 'Of them as declarer' }) declared!: number;
  @Field(() => Int, { description: 'Of those won' }) declaredWon!: number;
}
