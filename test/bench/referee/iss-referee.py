#!/usr/bin/env python3
"""An independent ISS result referee in plain Python, the baseline of `npm run bench -- iss-verify`.

Written from ../shared/iss-format.md and ../shared/rules.md (R16-R19, R22-R28, D1-D3), not from the
product's code: it replays every record of an ISS archive file (one record per line), checks that
each card was in its player's hand and followed suit, recomputes the declarer, outcome, value,
matadors, overbid, card points, tricks and the schneider/schwarz fields, and compares them with the
record's R[...]. Records ending in a time-out or a player leaving are not scoreable (server
penalties, D3). Prints one summary line, or with --json a JSON object of the counts.

Usage: python3 iss-referee.py FILE [--json]
"""
import json
import sys

POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SUITS = "CSHD"
RANKS = "AKQJT987"
CARDS = frozenset(s + r for s in SUITS for r in RANKS)
CARD_POINTS = {c: POINTS[c[1]] for c in CARDS}
BASE = {"C": 12, "S": 11, "H": 10, "D": 9, "G": 24}
JACKS = ("CJ", "SJ", "HJ", "DJ")
PLAIN_ORDER = "AT" + "KQ987"  # A 10 K Q 9 8 7 (jacks are trumps)
NULL_ORDER = "AKQJT987"


def trump_table(game):
    """card -> (follow suit, strength) for a game type: 'T' is the trump suit."""
    table = {}
    for c in CARDS:
        s, r = c[0], c[1]
        if game == "N":
            table[c] = (s, 10 - NULL_ORDER.index(r))
        elif r == "J":
            table[c] = ("T", 100 + 4 - JACKS.index(c))
        elif game != "G" and s == game:
            table[c] = ("T", 50 + 10 - PLAIN_ORDER.index(r))
        else:
            table[c] = (s, 10 - PLAIN_ORDER.index(r))
    return table


TABLES = {g: trump_table(g) for g in "CSHDGN"}
# Per game type: card -> the suit it follows ('T' = trump), card -> its strength, trumps above all.
SUIT_OF = {g: {c: f for c, (f, _) in t.items()} for g, t in TABLES.items()}
KEY_OF = {g: {c: (k + 1000 if f == "T" else k) for c, (f, k) in t.items()} for g, t in TABLES.items()}
SEATS = {"0": 0, "1": 1, "2": 2}


def matadors(cards, game):
    """Signed matadors over the original hand plus the skat: + with n, - without n."""
    order = list(JACKS) if game == "G" else list(JACKS) + [game + r for r in PLAIN_ORDER]
    with_first = order[0] in cards
    n = 0
    for c in order:
        if (c in cards) != with_first:
            break
        n += 1
    return n if with_first else -n


def parse_result(text):
    if text == "passed":
        return {"passed": True}
    out = {"passed": False}
    for tok in text.split():
        if ":" in tok:
            k, v = tok.split(":", 1)
            out[k] = v
        else:
            out["outcome" if tok in ("win", "loss", "penalty") else "bid"] = tok
    return out


class Malformed(Exception):
    pass


class NotScoreable(Exception):
    pass


def field(line, key):
    start = line.find(key + "[")
    if start < 0:
        return None
    start += len(key) + 1
    return line[start : line.index("]", start)]


def referee(line):
    """Returns None when the record agrees, else a reason (raises for malformed/not scoreable)."""
    mv = field(line, "MV")
    res = field(line, "R")
    if mv is None or res is None:
        raise Malformed("no MV or R")
    recorded = parse_result(res)
    toks = mv.split()
    if len(toks) % 2:
        raise Malformed("odd move list")
    if toks[0] != "w":
        raise Malformed("no deal")
    deal = toks[1].split(".")
    if len(deal) != 32 or set(deal) != CARDS:
        raise Malformed("bad deal")
    hands = [set(deal[0:10]), set(deal[10:20]), set(deal[20:30])]
    skat = deal[30:32]
    i = 2
    n = len(toks)
    bid = 0
    # Bidding: numbers, y(es) and p(ass) until a seat picks up the skat or declares.
    while i < n:
        a, t = toks[i], toks[i + 1]
        if a == "w":
            if t.startswith("TI.") or t.startswith("LE."):
                raise NotScoreable("server penalty")
            raise Malformed("unexpected world move in bidding")
        if t == "y" or t == "p":
            i += 2
            continue
        if t.isdigit():
            bid = max(bid, int(t))
            i += 2
            continue
        break
    if i >= n:
        if recorded["passed"]:
            return None
        return "passed"
    declarer = int(toks[i])
    hand_game = True
    if toks[i + 1] == "s":
        hand_game = False
        i += 2
        if i >= n or toks[i] != "w":
            raise Malformed("skat not shown")
        if toks[i + 1].startswith("TI.") or toks[i + 1].startswith("LE."):
            raise NotScoreable("server penalty")
        i += 2
        if i >= n:
            raise NotScoreable("ends before the declaration")
    if toks[i] == "w":
        if toks[i + 1].startswith("TI.") or toks[i + 1].startswith("LE."):
            raise NotScoreable("server penalty")
        raise Malformed("world move before the declaration")
    if int(toks[i]) != declarer:
        raise Malformed("declaration by another seat")
    parts = toks[i + 1].split(".")
    i += 2
    spec = parts[0]
    game = spec[0]
    if game not in "GCSHDN":
        raise Malformed("bad game")
    mods = spec[1:]
    ouvert = "O" in mods
    declared_hand = "H" in mods
    schneider_ann = "S" in mods
    schwarz_ann = "Z" in mods
    cards = parts[1:]
    original = hands[declarer] | set(skat)
    if not hand_game:
        if len(cards) < 2:
            # The split form: the discards in the declarer's next token.
            if i < n and toks[i] == str(declarer) and "." in toks[i + 1]:
                cards = toks[i + 1].split(".")
                i += 2
            elif i < n and toks[i] == "w" and toks[i + 1][:3] in ("TI.", "LE."):
                raise NotScoreable("server penalty")
            else:
                raise Malformed("no discards")
        discards = cards[:2]
        if not set(discards) <= original or discards[0] == discards[1]:
            raise Malformed("bad discards")
        hands[declarer] = original - set(discards)
        counted = discards
    else:
        counted = skat
    if game != "N":
        if ouvert:
            declared_hand = schneider_ann = schwarz_ann = True
        if schwarz_ann:
            schneider_ann = True
    suit_of = SUIT_OF[game]
    key_of = KEY_OF[game]
    points = [0, 0, 0]
    tricks = [0, 0, 0]
    leader = 0
    to_play = 0  # the seat whose card is next
    first = second = None  # the trick's cards so far
    completed = 0
    resigned = set()
    ended = False  # decided against the declarer (R18/R19) or resigned: no card may follow
    decided_against = False
    declarer_resigned = False
    is_null = game == "N"
    while i < n:
        a = toks[i]
        t = toks[i + 1]
        i += 2
        if t in CARDS:
            seat = SEATS.get(a)
            if seat != to_play:
                raise Malformed("out of turn" if seat is not None else "a card played by the world")
            if ended:
                raise Malformed("play after the end")
            h = hands[seat]
            if t not in h:
                raise Malformed("card not in hand")
            h.discard(t)
            if first is None:
                first = t
            else:
                led = suit_of[first]
                if suit_of[t] != led:
                    for c in h:
                        if suit_of[c] == led:
                            raise Malformed("revoke")
                if second is None:
                    second = t
                else:
                    # The trick is complete: highest trump, else highest card of the suit led.
                    k0 = key_of[first]
                    k1 = key_of[second] if suit_of[second] == led or suit_of[second] == "T" else -1
                    k2 = key_of[t] if suit_of[t] == led or suit_of[t] == "T" else -1
                    best = 0 if k0 >= k1 and k0 >= k2 else (1 if k1 >= k2 else 2)
                    winner = (leader + best) % 3
                    points[winner] += CARD_POINTS[first] + CARD_POINTS[second] + CARD_POINTS[t]
                    tricks[winner] += 1
                    completed += 1
                    leader = winner
                    first = second = None
                    # R18/R19: the server ends play as soon as the game is decided against the declarer.
                    if is_null:
                        if winner == declarer:
                            decided_against = ended = True
                    elif winner != declarer and (schwarz_ann or (schneider_ann and sum(points) - points[declarer] > 30)):
                        decided_against = ended = True
                    to_play = winner
                    continue
            to_play = (to_play + 1) % 3
            continue
        if a == "w":
            if t.startswith("TI.") or t.startswith("LE."):
                raise NotScoreable("server penalty")
            raise Malformed("unexpected world move in play")
        seat = SEATS.get(a)
        if seat is None:
            raise Malformed("bad actor")
        if t == "RE":
            resigned.add(seat)
            if seat == declarer:
                declarer_resigned = ended = True
            elif len(resigned - {declarer}) == 2:
                ended = True
        elif not (t.startswith("SC") or t == "??"):
            # SC: a claim (play may go on); ??: a card the record does not show (before a server penalty).
            raise Malformed("bad card")
    defenders_resigned = len(resigned - {declarer}) == 2
    d_tricks = tricks[declarer]
    # The declarer's card points: his tricks and the skat (the discards, or the untouched skat in a
    # hand game), in null games too.
    d_points = points[declarer] + sum(CARD_POINTS[c] for c in counted)
    if not (completed == 10 or decided_against or declarer_resigned or defenders_resigned):
        raise NotScoreable("the record ends before the game does")
    if defenders_resigned and not declarer_resigned and not decided_against and game != "N":
        # Every remaining trick and its points go to the declarer (D3).
        d_tricks += 10 - completed
        d_points = 120 - sum(points[s] for s in range(3) if s != declarer)
    overbid = False
    schneider = schwarz = False
    if game == "N":
        value = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}[(declared_hand, ouvert)]
        won = d_tricks == 0 and not declarer_resigned and not decided_against
        if value < bid:
            overbid = True
            won = False
            value = value * -(-bid // value)
        m = 0
    else:
        m = matadors(original, game)
        all_tricks = d_tricks == 10
        if schwarz_ann:
            won = all_tricks and not declarer_resigned
        elif schneider_ann:
            won = d_points >= 90 and not decided_against
        else:
            won = d_points >= 61
        level = abs(m) + 1 + (1 if declared_hand else 0)
        if won:
            schneider = d_points >= 90
            schwarz = all_tricks
            level += (1 if schneider or schneider_ann else 0) + (1 if schneider_ann else 0)
            level += (1 if schwarz or schwarz_ann else 0) + (1 if schwarz_ann else 0) + (1 if ouvert else 0)
        else:
            schwarz = not schwarz_ann and completed > 0 and d_tricks == 0
            # z:1 always comes with s:1 (D3).
            schneider = (not schneider_ann and completed > 0 and d_points <= 30) or schwarz
            level += (1 if schneider or schneider_ann else 0) + (1 if schneider_ann else 0)
            level += (1 if schwarz or schwarz_ann else 0) + (1 if schwarz_ann else 0) + (1 if ouvert else 0)
        base = BASE[game]
        value = base * level
        if value < bid:
            overbid = True
            won = False
            value = base * -(-bid // base)
    v = value if won else -2 * value
    if recorded["passed"]:
        return "recorded passed"
    mismatch = []
    if int(recorded.get("d", -9)) != declarer:
        mismatch.append("d")
    if recorded.get("outcome") != ("win" if won else "loss"):
        mismatch.append("win")
    if int(recorded.get("v", 0)) != v:
        mismatch.append("v")
    if int(recorded.get("m", 0)) != m:
        mismatch.append("m")
    if recorded.get("bid") != ("overbid" if overbid else "bidok"):
        mismatch.append("overbid")
    if int(recorded.get("p", -1)) != d_points:
        mismatch.append("p")
    if int(recorded.get("t", -1)) != d_tricks:
        mismatch.append("t")
    if int(recorded.get("s", 0)) != (1 if schneider else 0):
        mismatch.append("s")
    if int(recorded.get("z", 0)) != (1 if schwarz else 0):
        mismatch.append("z")
    return " ".join(mismatch) if mismatch else None


def main(argv):
    path = argv[1]
    counts = {"records": 0, "agree": 0, "disagree": 0, "notScoreable": 0, "malformed": 0}
    report = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            counts["records"] += 1
            try:
                why = referee(line)
            except NotScoreable:
                counts["notScoreable"] += 1
                continue
            except (Malformed, ValueError, IndexError, KeyError) as e:
                counts["malformed"] += 1
                if len(report) < 20:
                    report.append(f"{path}:{number} malformed: {e}")
                continue
            if why is None:
                counts["agree"] += 1
            else:
                counts["disagree"] += 1
                if len(report) < 20:
                    report.append(f"{path}:{number} disagrees: {why}")
    if "--json" in argv:
        print(json.dumps(counts))
    else:
        for r in report:
            print(r)
        print(
            f"{counts['records']} records: {counts['agree']} agree, {counts['disagree']} disagree, "
            f"{counts['notScoreable']} not scoreable, {counts['malformed']} malformed"
        )


if __name__ == "__main__":
    main(sys.argv)
