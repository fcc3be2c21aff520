// GraphQL documents of the analysis strip, "play from here" and the branch view (schema.gql names).
const CARD = 'code suit rank points';

export const ANALYSIS_QUERY = `query Analysis($id: ID!) {
  deal(id: $id) { analysis { game declarer note
    steps { step trick toMove verdict value move after { value verdict } alternatives { move value verdict } }
    turningPoints { step trick seat move before after valueBefore valueAfter text } } }
}`;

export const FORK_BRANCH = `mutation Fork($c: ID!, $i: ForkBranchInput!) { forkBranch(commandId: $c, input: $i) { id capability forkStep } }`;

export const PLAY_BRANCH_MOVE = `mutation Move($c: ID!, $i: BranchMoveInput!) { playBranchMove(commandId: $c, input: $i) { id moves } }`;

export const BRANCH_QUERY = `query Branch($id: ID!, $cap: String) {
  branch(id: $id, capability: $cap) { id dealId forkStep moves mine shared
    frames {
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
    } }
}`;

export const BRANCH_DEAL_QUERY = `query BranchDeal($id: ID!) { deal(id: $id) { id dealNumber startedAt players tableId tournamentId source profileId status } }`;
