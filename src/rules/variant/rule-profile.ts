/**
 * A rule profile (D4): the named set of choices a deal is scored under. Profiles are data; the
 * engine reads these switches. Each named profile lives in its own file beside this one.
 */
export interface RuleProfile {
  /** 'isko' (default), 'iss', 'cardgames-io', 'swedish-textbook'. */
  readonly id: string;
  /** Bumped whenever a profile's behaviour changes; recorded with every deal. */
  readonly version: string;
  readonly description: string;
  /** D3: how claims (`SC`) and resignations (`RE`) end a game. */
  readonly claims: 'isko' | 'iss';
  /**
   * R19: a schneider-announced game lost because the defenders hold more than 30 card points
   * either plays on (`playOn`, ISkO: it may be stopped) or ends there (`defendersOver30`, D3:
   * the ISS server stops it, and its records end at that trick).
   */
  readonly schneiderAnnouncedEnd: 'playOn' | 'defendersOver30';
  /**
   * R23/R24 vs D3: which schneider/schwarz levels a game reaches. `isko`: judged over a complete
   * game only (either side ≤ 30 / no trick). `iss`: judged over the tricks as played (a resigned
   * game is not completed); a lost game gets a level only if it was not announced and at least
   * one trick was completed; schwarz reached implies schneider reached.
   */
  readonly reachedLevels: 'isko' | 'iss';
  /** R8 vs R42: what happens when all three pass. */
  readonly allPassed: 'passedIn' | 'ramsch';
  /** R32 / V1: how an overbid game is charged. */
  readonly overbidLoss: 'isko' | 'doubleReducedValue';
  /** R31 / V2: how a lost game is entered. */
  readonly lostGame: 'double' | 'doubleExceptHand' | 'addLevel';
  /** D2 / V8: how an overbid null is charged: the smallest multiple of its null value reaching
   *  the bid (ISkO default), the next null value reaching the bid, or the declared null value
   *  itself (cardgames.io, V1a). Each is then entered as a lost game. */
  readonly nullOverbid: 'multipleOfNullValue' | 'nextNullValue' | 'actualNullValue';
  /** R26 / V3 */
  readonly grandBase: number;
  /** R40 Kontra/Re, R42 Ramsch: house options, off in ISkO. */
  readonly houseOptions: { readonly kontraRe: boolean; readonly ramsch: boolean };
  /** R36: games per series by table size; cardgames-io plays a match of 12 deals. */
  readonly seriesLength: { readonly 3: number; readonly 4: number; readonly 5: number };
}
