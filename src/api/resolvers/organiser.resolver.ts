import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { createHmac, randomUUID } from 'node:crypto';
import { Ledger, type LedgerCommand } from '../../ledger/ledger';
import type { TableStatus } from '../../projections/tables/table-status';
import type { ApiSettings } from '../../settings/api-settings';
import { mayAdminister, mayReadTournament, type Visibility } from '../../auth/access';
import { claimProblem, issueToken, MAX_TOKEN_ANCESTORS } from '../../auth/token';
import type { Principal } from '../../auth/role';
import type { TokenIssuedData } from '../../access/events';
import type { TokenRevocations } from '../../auth/token-revocations';
import type { ApiContext } from '../context/api-context';
import type { HouseOptionEnum } from '../types/enums';
import { badInput, notFound } from '../errors/api-error';
import { CloseRoundInput, CloseTournamentInput, DrawSeatsInput, IssueTokenInput, RevokeTokenInput, SetLossFeeInput } from '../inputs/organiser-inputs';
import { AS_OF_ARG, AsOfInput, asOfOf } from '../inputs/as-of-input';
import * as valid from '../inputs/validate';
import { API_REVOCATIONS, API_SETTINGS, API_VISIBILITY } from '../../settings/tokens';
import { CommandResultType } from '../types/command-result.type';
import { IssuedTokenType, SeatDrawType, TableStatusType, TournamentStatusType, type SeatDrawMethodEnum } from '../types/organiser.type';
import { gate, runCommand } from './run-command';

const MAX_TTL = 31_536_000;
const commandIdArg = { type: () => ID, description: 'Client-chosen id: a retry records nothing twice' };
const firstArg = { type: () => Int, nullable: true, defaultValue: 100, description: 'At most this many (1-500)' };

function pageSize(first: number): number {
  if (!Number.isInteger(first) || first < 1 || first > 500) throw badInput('first must be 1-500');
  return first;
}

/** A retried issue asks for the token its command issued: same role, player, table and tournament. */
const sameClaims = (a: Omit<TokenIssuedData, 'issuedBy'>, b: Omit<TokenIssuedData, 'issuedBy'>): boolean =>
  a.role === b.role && a.player === b.player && a.table === b.table && a.tournament === b.tournament;

const tableView = (t: TableStatus): TableStatusType => ({
  ...t,
  players: [...t.players],
  nextDeal: t.nextDeal ? { ...t.nextDeal, players: [...t.nextDeal.players], sittingOut: [...t.nextDeal.sittingOut] } : null,
});

/** The organiser's API: tokens, tournament settings, the seat draw, and lists of tournaments and tables. */
/** The DrawSeats command of an input, checked (at most 500 players, ids and names as everywhere). */
function drawCommand(input: DrawSeatsInput): Extract<LedgerCommand, { type: 'DrawSeats' }> {
  if (input.players && input.players.length > 500) throw badInput('at most 500 players');
  return {
    type: 'DrawSeats',
    tournamentId: valid.id(input.tournamentId, 'tournamentId'),
    round: input.round,
    method: input.method,
    ...(input.seed ? { seed: valid.id(input.seed, 'seed') } : {}),
    players: (input.players ?? []).map((p) => valid.name(p, 'player')),
    ...(input.override ? { override: valid.text(input.override, 'override') } : {}),
  };
}

@Resolver()
export class OrganiserResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_SETTINGS) private readonly settings: ApiSettings,
    @Inject(API_REVOCATIONS) private readonly revocations: TokenRevocations,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  @Query(() => [TournamentStatusType], { description: "Tournaments with their tables and each table's status (private ones only with a token)" })
  async tournaments(
    @Context() ctx: ApiContext,
    @Args('first', firstArg) first: number,
    @Args('asOf', AS_OF_ARG) asOfInput?: AsOfInput,
  ): Promise<TournamentStatusType[]> {
    const asOf = asOfOf(asOfInput);
    const list = asOf
      ? await ctx.budget.run(async () => (await this.ledger.asOf(asOf)).sheets.tournaments(pageSize(first)))
      : await this.ledger.tournaments(pageSize(first));
    return list
      .filter(({ tournament }) => mayReadTournament(ctx.principal, tournament.tournamentId, this.visibility))
      .map(({ tournament, tables }) => ({
        tournamentId: tournament.tournamentId,
        name: tournament.name,
        rounds: tournament.rounds ?? null,
        profileId: tournament.profileId,
        date: tournament.date ?? null,
        seriesLength3: tournament.seriesLengths?.[3] ?? null,
        seriesLength4: tournament.seriesLengths?.[4] ?? null,
        houseOptions: (tournament.houseOptions ?? []) as HouseOptionEnum[],
        lossFeeCents: tournament.lossFee?.feeCents ?? null,
        lossFeeFromFourthCents: tournament.lossFee?.fromFourthLostGameCents ?? null,
        tables: tables.map(tableView),
        closedRounds: [...(tournament.closedRounds ?? [])],
        closedAfterRound: tournament.closed?.rounds ?? null,
        closedEarly: !!tournament.closed?.early,
      }));
  }

  @Query(() => [TableStatusType], { description: 'Tables with their players and status: open deal, deals played of the series length, open disputes' })
  async tables(
    @Context() ctx: ApiContext,
    @Args('tournamentId', { type: () => ID, nullable: true, description: 'Only the tables of this tournament' }) tournamentId: string | undefined,
    @Args('first', firstArg) first: number,
    @Args('asOf', AS_OF_ARG) asOfInput?: AsOfInput,
  ): Promise<TableStatusType[]> {
    const options = { ...(tournamentId ? { tournamentId: valid.id(tournamentId, 'tournamentId') } : {}), limit: pageSize(first) };
    const asOf = asOfOf(asOfInput);
    const list = asOf ? await ctx.budget.run(async () => (await this.ledger.asOf(asOf)).sheets.tables(options)) : await this.ledger.tables(options);
    return list.filter((t) => mayReadTournament(ctx.principal, t.tournamentId, this.visibility)).map(tableView);
  }

  @Mutation(() => IssuedTokenType, {
    description: 'Admin: issue a token (role, player, table or tournament, lifetime); recorded (without the token itself) in the access log',
  })
  async issueToken(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => IssueTokenInput, description: 'What the token may do, for whom, where, how long' }) input: IssueTokenInput,
  ): Promise<IssuedTokenType> {
    gate(ctx, mayAdminister, 'issue tokens (admins only)');
    const ttlSeconds = input.ttlSeconds ?? 86_400;
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_TTL) throw badInput(`ttlSeconds must be 1-${MAX_TTL}`);
    let req = {
      role: input.role,
      ...(input.player ? { player: valid.name(input.player, 'player') } : {}),
      ...(input.tableId ? { table: valid.id(input.tableId, 'tableId') } : {}),
      ...(input.tournamentId ? { tournament: valid.id(input.tournamentId, 'tournamentId') } : {}),
      ttlSeconds,
    };
    if (req.table !== undefined) {
      // A token for a table that does not exist would record nothing and open nothing: refused before it is issued.
      const table = await this.ledger.table(req.table);
      if (!table) throw notFound(`table ${req.table}`);
    }
    if (req.role === 'player' && req.table !== undefined) {
      // A player token bound to a table of a tournament is bound to that tournament too (what it may read there).
      const table = await this.ledger.table(req.table);
      const of = table?.tournamentId ?? null;
      if (of !== null && req.tournament !== undefined && req.tournament !== of)
        throw badInput(`table ${req.table} belongs to tournament ${of}, not ${req.tournament}`);
      if (of !== null) req = { ...req, tournament: of };
    }
    const problem = claimProblem(req);
    if (problem) throw badInput(problem.replace('--player', 'a player').replace('--table', 'a tableId'));
    if (req.role === 'player' && !req.table && !req.tournament) throw badInput('a player token is bound to a tournament or a table (tournamentId or tableId)');
    const issuer = ctx.principal as Exclude<Principal, { role: 'anonymous' }>;
    const id = valid.id(commandId || randomUUID(), 'commandId');
    // Idempotent: the token id follows from the issuer and the command id, so a retry finds what the first try recorded.
    const tokenId = createHmac('sha256', this.settings.tokenSecret).update(`issueToken\n${issuer.key}\n${id}`).digest('base64url').slice(0, 12);
    const ancestors = [...(issuer.ancestors ?? []), issuer.tokenId];
    if (ancestors.length > MAX_TOKEN_ANCESTORS) throw badInput(`a token issued by a token issues at most ${MAX_TOKEN_ANCESTORS} generations deep`);
    const nowSeconds = Math.floor(Date.now() / 1000);
    // No longer than its issuer lives (and revoked with it: the token names its issuers).
    const issuerExp = issuer.expiresAt !== undefined ? Math.floor(issuer.expiresAt / 1000) : undefined;
    const wanted = {
      tokenId,
      role: req.role,
      player: req.player ?? null,
      table: req.table ?? null,
      tournament: req.tournament ?? null,
      expiresAt: Math.min(nowSeconds + ttlSeconds, issuerExp ?? Number.POSITIVE_INFINITY),
      issuedAt: nowSeconds,
      ancestors,
    };
    const before = await this.ledger.issuedToken(tokenId);
    const recorded = before ?? wanted;
    if (before && !sameClaims(before, wanted)) throw badInput(`command ${id} issued another token already; use a new commandId`);
    if (!before) {
      const outcome = await runCommand(this.ledger, ctx, { type: 'RecordTokenIssued', token: wanted }, id, undefined);
      // The access log knows this command id from another issuer's token: nothing of ours was recorded.
      if (outcome.alreadyApplied && !(await this.ledger.issuedToken(tokenId)))
        throw badInput(`command ${id} was used for another command; use a new commandId`);
    }
    const token = issueToken(
      this.settings.tokenSecret,
      {
        role: req.role,
        ...(req.player !== undefined ? { player: req.player } : {}),
        ...(req.table !== undefined ? { table: req.table } : {}),
        ...(req.tournament !== undefined ? { tournament: req.tournament } : {}),
        jti: tokenId,
        ...(recorded.expiresAt !== null ? { exp: recorded.expiresAt } : {}),
        ancestors: recorded.ancestors ?? ancestors,
      },
      new Date((recorded.issuedAt ?? nowSeconds) * 1000),
    );
    return { token, tokenId, expiresAt: recorded.expiresAt !== null ? new Date(recorded.expiresAt * 1000).toISOString() : null };
  }

  @Mutation(() => CommandResultType, {
    description:
      'Admin: revoke a token: refused from now on over HTTP and on every open graphql-ws connection; recorded (TokenRevoked), so it stays revoked after a restart',
  })
  async revokeToken(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => RevokeTokenInput, description: 'The token id and why' }) input: RevokeTokenInput,
  ): Promise<CommandResultType> {
    gate(ctx, mayAdminister, 'revoke tokens (admins only)');
    const tokenId = valid.id(input.tokenId, 'tokenId');
    const result = await runCommand(this.ledger, ctx, { type: 'RevokeToken', tokenId, reason: valid.text(input.reason, 'reason') }, commandId, undefined);
    this.revocations.revoke(tokenId);
    return result;
  }

  @Mutation(() => CommandResultType, {
    description: "Admin: set the tournament's loss fee per lost game, and the higher fee from the 4th lost game in one list (LossFeeSet)",
  })
  setLossFee(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => SetLossFeeInput, description: 'The tournament and the fees' }) input: SetLossFeeInput,
  ): Promise<CommandResultType> {
    gate(ctx, mayAdminister, 'set tournament fees (admins only)');
    const command: LedgerCommand = {
      type: 'SetLossFee',
      tournamentId: valid.id(input.tournamentId, 'tournamentId'),
      feeCents: input.feeCents,
      fromFourthLostGameCents: input.fromFourthLostGameCents ?? null,
    };
    return runCommand(this.ledger, ctx, command, commandId, undefined);
  }

  @Mutation(() => CommandResultType, {
    description: "Admin: draw the seats of a round (SeatsDrawn: random with its seed, or by standings) and open the round's tables <tournament>-r<round>-t<n>",
  })
  drawSeats(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => DrawSeatsInput, description: 'The tournament, the round, how, and optionally who' }) input: DrawSeatsInput,
  ): Promise<CommandResultType> {
    gate(ctx, mayAdminister, 'draw seats (admins only)');
    const command = drawCommand(input);
    return runCommand(this.ledger, ctx, command, commandId, undefined);
  }

  @Mutation(() => CommandResultType, {
    description:
      'Admin: close a round once every series of it is closed (RoundClosed; L21: in order, once; a closed round takes no further table). Reads each table of the round once',
  })
  closeRound(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => CloseRoundInput, description: 'The tournament and the round' }) input: CloseRoundInput,
  ): Promise<CommandResultType> {
    gate(ctx, mayAdminister, 'close rounds (admins only)');
    const command: LedgerCommand = { type: 'CloseRound', tournamentId: valid.id(input.tournamentId, 'tournamentId'), round: input.round };
    return runCommand(this.ledger, ctx, command, commandId, undefined);
  }

  @Mutation(() => CommandResultType, {
    description:
      'Admin: close the tournament after its last round is closed (TournamentClosed; L22: before its planned rounds only with a reason); then it takes no draw, table, round or fee',
  })
  closeTournament(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => CloseTournamentInput, description: 'The tournament, and a reason when it ends early' }) input: CloseTournamentInput,
  ): Promise<CommandResultType> {
    gate(ctx, mayAdminister, 'close tournaments (admins only)');
    const command: LedgerCommand = {
      type: 'CloseTournament',
      tournamentId: valid.id(input.tournamentId, 'tournamentId'),
      ...(input.reason ? { reason: valid.text(input.reason, 'reason') } : {}),
    };
    return runCommand(this.ledger, ctx, command, commandId, undefined);
  }

  @Query(() => SeatDrawType, {
    description:
      'Admin: the seat draw drawSeats would record now with this input, not recorded (refused as the draw would be: L19 round order, D5). The same seed gives the same tables when confirmed',
  })
  async previewDraw(
    @Context() ctx: ApiContext,
    @Args('input', { type: () => DrawSeatsInput, description: 'The draw as drawSeats would get it' }) input: DrawSeatsInput,
  ): Promise<SeatDrawType> {
    gate(ctx, mayAdminister, 'draw seats (admins only)');
    const d = await this.ledger.previewDraw(drawCommand(input), {
      commandId: `preview:${randomUUID()}`,
      actorId: ctx.principal.role === 'anonymous' ? 'admin' : `${ctx.principal.role}:${ctx.principal.tokenId}`,
    });
    return {
      round: d.round,
      method: d.method as SeatDrawMethodEnum,
      seed: d.seed,
      tables: d.tables.map((t) => ({ tableId: t.tableId, players: [...t.players] })),
      override: d.override ? { reason: d.override.reason, openSeries: [...d.override.openSeries] } : null,
      repeatedTrios: [...(d.repeatedTrios ?? [])],
    };
  }
}
