// GraphQL documents the viewer sends; field names follow the committed schema.gql.
const CARD = 'code suit rank points';

export const DEALS_QUERY = `query Deals($filter: DealFilter, $first: Int, $after: String) {
  deals(filter: $filter, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { id dealNumber startedAt players tableId status game
      result { declarer declarerName game hand ouvert won score gameValue passedIn notScoreable } }
  }
}`;

export const DEAL_QUERY = `query Deal($id: ID!, $perspective: Perspective!) {
  deal(id: $id) {
    id dealNumber startedAt players tableId tournamentId source profileId status
    result { passedIn notScoreable notScoreableReason declarer declarerName game hand ouvert schneiderAnnounced
      schwarzAnnounced bid won gameValue score matadors overbid declarerPoints declarerTricks schneider schwarz corrected originalScore }
    frames(perspective: $perspective) {
      step phase toAct declarer highestBid cardsShown finished
      event { id type revision seat }
      hands { forehand { ${CARD} } middlehand { ${CARD} } rearhand { ${CARD} } }
      hidden { forehand middlehand rearhand skat }
      skat { ${CARD} }
      bidding { seat call value }
      declaration { game hand ouvert schneiderAnnounced schwarzAnnounced }
      currentTrick { leader cards { seat card { ${CARD} } } }
      completedTricks { leader winner points unplayed cards { seat card { ${CARD} } } }
      cardPoints { declarer defenders }
      legalMoves { kind seat value card { code } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced } }
    }
  }
}`;

// The audit opens when a deal has ended (it shows every card), so it is asked for separately.
export const AUDIT_QUERY = `query Audit($id: ID!) {
  deal(id: $id) {
    audit {
      intact agrees brokenAt chainProblem recomputeError
      derivation { ruleId text eventIds }
      differences { field recorded recomputed }
      corrections { who when reason previousScore correctedScore }
    }
  }
}`;

export const SHEET_QUERY = `query Sheet($tableId: ID!) {
  scoreSheet(tableId: $tableId) {
    tableId players seriesLength dealsPlayed complete profileId
    rows { dealNumber dealId dealer declarer game won entry passedIn notScoreable corrected correctionReason originalEntry openDisputes
      totals { player total } }
    totals { player gamePoints won lost wonLostPoints opponentsLost opponentsLostPoints seegerFabian computer rank lossFees lossFeeCents }
  }
}`;

export const DEAL_UPDATES_SUBSCRIPTION = `subscription Follow($id: ID!, $perspective: Perspective!) {
  dealUpdates(dealId: $id, perspective: $perspective) { eventId status }
}`;

/** Fair dealing: the record of the shuffle and the dealt cards (a finished deal shows every card). */
export const FAIRNESS_QUERY = `query Fairness($id: ID!) {
  deal(id: $id) {
    id
    fairness { verdict commitment serverSeed problems clientSeeds { seat seed } }
    frame(step: 0, perspective: ALL) { hands { forehand { code } middlehand { code } rearhand { code } } skat { code } }
  }
}`;
