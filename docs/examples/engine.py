"""A minimal Quad-Ominos engine speaking the engine protocol (docs/PROTOCOL.md).

English rules only: `english` and `english-beginner` (E19), with the readings their specs give
them. It answers `moves`, `judge`, `perft` and `divide`, makes every refusal `position` must make,
and plays the game actions of protocol 2, recording its events without clause ids (an engine may
leave them out; `conform` then holds it to everything but the citations). It offers no `play`.

    quadominos conform --engine "python3 docs/examples/engine.py" --variant english,english-beginner
"""

import copy
import json
import random
import sys
from itertools import combinations_with_replacement

SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))
CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))  # nw, ne, se, sw: lattice point offsets
FULL_SET = set(combinations_with_replacement(range(6), 4)) - {(0, 2, 4, 5)}  # S1: 125 tiles
ZERO = (0, 0, 0, 0)
HAND_SIZE = {2: 15, 3: 10, 4: 8, 5: 7, 6: 6, 7: 6, 8: 6}  # E2 (R16), for beginners too (E19)
VARIANTS = {  # each variant's tile set and target
    "english": {"tiles": FULL_SET, "target": 800},
    "english-beginner": {"tiles": {t for t in FULL_SET if 5 not in t}, "target": 600},  # E19: no 5s, to 600
}


def rotations(tile):
    out, c = [], tile
    for _ in range(4):  # a quarter turn: [nw, ne, se, sw] -> [sw, nw, ne, se]
        if c not in out:
            out.append(c)
        c = (c[3], c[0], c[1], c[2])
    return out


def judge(board, hand, x, y, corners):
    """(points, matched, bonus) of a legal placement, else None."""
    if tuple(sorted(corners)) not in hand or (x, y) in board or corners not in rotations(tuple(sorted(corners))):
        return None
    if not any((x + dx, y + dy) in board for dx, dy in SIDES):
        return None  # S10: a side against a placed tile
    matched = 0
    for k, (dx, dy) in enumerate(CORNERS):
        px, py = x + dx, y + dy  # every value already on this lattice point, diagonal tiles too (R4)
        found = [board[(px - ox, py - oy)][j] for j, (ox, oy) in enumerate(CORNERS) if (px - ox, py - oy) in board]
        if any(v != corners[k] for v in found):
            return None  # every touching corner must match every value there (R2, R3)
        matched += bool(found)
    return (sum(corners), matched, matched >= 3) if matched >= 2 else None  # E8 two matched; R7 three, a bonus


def moves(board, hand):
    cells = {(x + dx, y + dy) for x, y in board for dx, dy in SIDES} - set(board)
    for x, y in sorted(cells):
        for tile in hand:
            for corners in rotations(tile):
                verdict = judge(board, hand, x, y, corners)
                if verdict:
                    yield (tile, x, y, corners), verdict


def perft(board, hand, depth, bonus, level=0):
    if depth == 0:
        return 1
    nodes = 0
    for (tile, x, y, corners), (_, _, earned) in list(moves(board, hand)):
        bonus[level] += earned
        board[(x, y)] = corners
        nodes += perft(board, [t for t in hand if t != tile], depth - 1, bonus, level + 1)
        del board[(x, y)]
    return nodes


def read_tiles(text, tile_set):
    """The tiles of `1-2-3-4,0-0-1-1` (`-` for none), or ValueError for one outside the set or given twice."""
    tiles = [tuple(map(int, t.split("-"))) for t in text.split(",")] if text != "-" else []
    if any(t not in tile_set or tiles.count(t) > 1 for t in tiles):
        raise ValueError("a tile outside the set or given twice")
    return tiles


def read_board(board_text, tile_set):
    """The board of the notation, or ValueError for one the rules refuse."""
    board = {}
    for entry in board_text.split(";") if board_text != "-" else []:
        cell, values = entry.split(":")
        x, y = map(int, cell.split(","))
        corners = tuple(int(v) for v in values)
        tile = tuple(sorted(corners))
        if tile not in tile_set or corners not in rotations(tile):
            raise ValueError("%s at %d,%d is no orientation of a tile of the set" % (values, x, y))
        if (x, y) in board or tile in map(lambda c: tuple(sorted(c)), board.values()):
            raise ValueError("a cell or a tile given twice at %d,%d" % (x, y))
        board[(x, y)] = corners
    reached, todo = set(), list(board)[:1]
    while todo:  # the board must hang together through tile sides
        x, y = todo.pop()
        reached.add((x, y))
        todo += [(x + dx, y + dy) for dx, dy in SIDES if (x + dx, y + dy) in board and (x + dx, y + dy) not in reached]
    if len(reached) != len(board):
        raise ValueError("the board is not connected through tile sides")
    return board


def can_place(board, hand, n):
    """Can n tiles of the hand be placed one after another? (Two bonus tiles: E6, E14.)"""
    if n == 0:
        return True
    for (tile, x, y, corners), _ in list(moves(board, hand)):
        board[(x, y)] = corners
        ok = can_place(board, [t for t in hand if t != tile], n - 1)
        del board[(x, y)]
        if ok:
            return True
    return False


def name(tile):
    return "-".join(map(str, tile))


class Refused(Exception):
    """An action the rules refuse (it changes nothing: the engine acts on a copy of the game)."""


class Game:
    def __init__(self, variant, hands, well=(), board=None, scores=None, seed=0):
        self.variant, self.hands, self.well = VARIANTS[variant], [list(h) for h in hands], list(well)
        self.board, self.scores = dict(board or {}), list(scores or [0] * len(hands))
        self.round, self.phase, self.seat = 0, "round-over", None  # where play stands, and who acts
        self.owed, self.drawn, self.passes = 0, None, 0  # bonus tiles owed, the tile drawn this turn, passes in a row
        self.opener = None  # this round's (seat, tiles, quad?)
        self.rng, self.events = random.Random(seed), []

    def record(self, event, seat=None, score=0, **fields):
        """An event as a transcript records it, with no clause ids; the acting seat's score changes by `score` (E1)."""
        if seat is not None:
            self.scores[seat] += score
            fields["seat"] = seat
        self.events.append(dict(event=event, **fields, score=score, clauses=[]))

    def lines(self):
        """The answer to a game action: its events, the scores, and where play stands."""
        events, self.events = [json.dumps(e) for e in self.events], []
        seat = "-" if self.seat is None else self.seat
        return events + ["scores " + " ".join(map(str, self.scores)), "phase %s %s" % (self.phase, seat)]

    # Dealing and opening a round

    def find_opener(self):
        """(seat, tiles it may open with, a quad opening?)."""
        n, quads = len(self.hands), [t for h in self.hands for t in h if len(set(t)) == 1]
        if quads:  # E3: the highest quad opens, a lone 0-0-0-0 too (R10 = instead-of-higher)
            quad = max(quads)
            seat = next(s for s, h in enumerate(self.hands) if quad in h)
            zero = [ZERO] if quad != ZERO and ZERO in self.hands[seat] else []  # E5: or 0-0-0-0 instead
            return seat, [quad] + zero, True
        heaviest = max((sum(t) for h in self.hands for t in h), default=0)
        # E7: the holder of a heaviest tile opens; on a tie the first in play order from seat 0 (R11, R20)
        seat = next((s for s in range(n) if any(sum(t) == heaviest for t in self.hands[s])), 0)
        return seat, sorted(t for t in self.hands[seat] if sum(t) == heaviest), False  # R19: one of the heaviest

    def start_round(self):
        """The round's opener must open (E3, E7)."""
        self.board, self.passes, self.round = {}, 0, self.round + 1
        self.opener = self.find_opener()
        self.phase, self.seat = "opening", self.opener[0]

    def deal(self, hands=None, well=None):
        """The next round, from the tiles given or by the engine's own shuffle."""
        n, tile_set = len(self.hands), self.variant["tiles"]
        if hands is None:
            tiles = sorted(tile_set)
            self.rng.shuffle(tiles)
            hands, well = [tiles[s * HAND_SIZE[n]:(s + 1) * HAND_SIZE[n]] for s in range(n)], tiles[n * HAND_SIZE[n]:]
        given = [t for h in hands for t in h] + well
        if len(hands) != n or any(len(h) != HAND_SIZE[n] for h in hands) or sorted(given) != sorted(tile_set):
            raise Refused("a deal gives each hand its tiles (E2, R16) and deals every tile once (S1)")
        self.hands, self.well = hands, well
        self.start_round()
        self.record("deal", round=self.round, hands=[[name(t) for t in h] for h in hands],
                    well=[name(t) for t in well], opener=self.seat)

    def open(self, tile, x, y, corners):
        seat, tiles, quad = self.opener
        if tile not in tiles:
            raise Refused("the round opens with %s (E3, E5, E7)" % " or ".join(map(name, tiles)))
        if (x, y) != (0, 0) or corners not in rotations(tile):
            raise Refused("the opening tile goes to 0,0, in an orientation of the tile (E3, R1)")
        # E4: a quad opening scores its weight and earns the bonus, in every round (R21).
        if self.put(seat, "opening", tile, 0, 0, corners, 0, quad, sum(corners)):
            return
        hand = self.hands[seat]
        if not quad:  # E7: no bonus without a quad
            self.go_out(seat, False) if not hand else self.next_turn()
        elif tile == ZERO and tiles[0] != ZERO:  # E5: 0-0-0-0 in place of a higher quad, the 25 and two tiles
            if not hand:
                return self.go_out(seat, True)
            self.record("bonus-points", seat, 25)
            if self.reached_target(seat):
                return
            if can_place(self.board, hand, 2):
                self.record("bonus-tiles", seat)
                self.phase, self.owed = "bonus-tiles", 2
            else:  # E6: the 25 alone where two tiles cannot be played
                self.next_turn()
        elif not hand:
            self.go_out(seat, True)  # the quad was the last tile: the 25, and out
        else:
            self.phase = "bonus-choice"  # E4: 25 points or two bonus tiles

    # Placing tiles, the bonus

    def place(self, tile, x, y, corners):
        if self.phase == "opening":
            return self.open(tile, x, y, corners)
        seat, hand = self.seat, self.hands[self.seat]
        verdict = judge(self.board, hand, x, y, corners) if tile == tuple(sorted(corners)) else None
        if not verdict:
            raise Refused("the placement breaks the placement rules (E8, E17)")
        points, matched, bonus = verdict  # E8, R9: a tile scores its weight
        if self.phase == "turn":
            if self.put(seat, "turn", tile, x, y, corners, matched, bonus, points):
                return
            if not hand:
                self.go_out(seat, bonus)
            elif bonus:
                self.phase = "bonus-choice"  # E11-E13: 25 points or two bonus tiles
            else:
                self.next_turn()
            return
        # A bonus tile (E4, E11) earns no bonus of its own (R8), and the first of two
        # must leave a place for the second (E14, R17 = required).
        if self.owed == 2 and not can_place({**self.board, (x, y): corners}, [t for t in hand if t != tile], 1):
            raise Refused("after this bonus tile the second could not be played (E14, R17)")
        if self.put(seat, "bonus-tile", tile, x, y, corners, matched, False, points):
            return
        self.owed -= 1
        if not hand:
            self.go_out(seat, False)
        elif self.owed == 0:
            self.next_turn()

    def put(self, seat, kind, tile, x, y, corners, matched, bonus, points):
        """Places a tile from the hand; true when its points end the game."""
        self.hands[seat].remove(tile)
        self.board[(x, y)], self.passes = corners, 0
        self.record("place", seat, points, kind=kind, tile=name(tile), at=[x, y], corners=list(corners),
                    matched=matched, bonus=bonus)
        return self.reached_target(seat)

    def take(self, tiles):
        seat = self.seat
        if not tiles:
            self.record("bonus-points", seat, 25)
            if not self.reached_target(seat):
                self.next_turn()
        elif not can_place(self.board, self.hands[seat], 2):
            raise Refused("two bonus tiles cannot be played, so the 25 points must be taken (E6, E14)")
        else:
            self.record("bonus-tiles", seat)
            self.phase, self.owed = "bonus-tiles", 2

    # Drawing and passing

    def draw(self):
        if any(moves(self.board, self.hands[self.seat])):
            raise Refused("a tile in hand can be played, so the player may not draw (E9, R27)")
        if not self.well:
            raise Refused("the well is empty: the player passes (E15)")
        self.drawn = self.well.pop(0)
        self.hands[self.seat].append(self.drawn)
        self.record("draw", self.seat, -20, tile=name(self.drawn))  # E15: -20 a tile drawn

    def pass_turn(self):
        if any(moves(self.board, self.hands[self.seat])):
            raise Refused("a tile in hand can be played, so the player may not pass (E9)")
        if self.well:
            raise Refused("the well is not empty: the player draws (E9)")
        self.record("pass", self.seat, -20)  # E15: -20, after a draw in the same turn too (R22 = draw-and-pass)
        self.passes += 1  # every pass counts, one after a draw too
        if self.passes < len(self.hands):
            return self.next_turn()
        # Everyone passed in a row with the well empty: the round ends and nobody collects (E15, R13).
        totals = [sum(map(sum, h)) for h in self.hands]
        self.record("round-end", ending="blocked", winner=None, changes=[0] * len(totals), **{"hand-totals": totals})
        self.finish_round()

    def next_turn(self):
        self.phase, self.seat, self.drawn = "turn", (self.seat + 1) % len(self.hands), None  # E8: clockwise

    # The end of a round and of the game

    def go_out(self, seat, bonus):
        """`seat` laid its last tile: a bonus it just earned is paid as the 25 (E6, R18),
        then it collects the tiles left in every other hand (E10)."""
        if bonus:
            self.record("bonus-points", seat, 25)
            if self.reached_target(seat):
                return
        totals = [sum(map(sum, h)) for h in self.hands]
        changes = [sum(totals) if s == seat else 0 for s in range(len(totals))]
        self.record("round-end", seat, sum(totals), ending="went-out", winner=seat, changes=changes,
                    **{"hand-totals": totals})
        self.finish_round(seat)

    def reached_target(self, seat):
        """The game ends the moment a score reaches the target (E16, R14 = at-once), with the
        last tile laid before the hands are collected (R25 = ends-at-once)."""
        if self.scores[seat] < self.variant["target"]:
            return False
        self.end_game(seat)
        return True

    def finish_round(self, collector=None):
        """After a round (E1) a player at the target wins (E16). Several are there only when some
        started past it (a `start`'s scores): they reached it first (R23 = first-to-reach)."""
        at_target = [s for s, score in enumerate(self.scores) if score >= self.variant["target"]]
        if not at_target:
            self.phase, self.seat = "round-over", None
            return
        self.end_game(([s for s in at_target if s != collector] or at_target)[0])

    def end_game(self, winner):
        self.record("game-end", winner=winner, scores=list(self.scores))
        self.phase, self.seat = "game-over", None

    def act(self, verb, args):
        """A game action, refused where play does not stand for it."""
        allowed = {"opening": ["place"], "turn": ["place", "draw", "pass"], "bonus-choice": ["take"],
                   "bonus-tiles": ["place"], "round-over": ["deal"], "game-over": []}[self.phase]
        if verb not in allowed:  # E3, E11, E14: who must act first; E10, E16: the round or game is over
            raise Refused("at %s the game takes only %s" % (self.phase, " or ".join(allowed) or "nothing: it is over"))
        tile_set = self.variant["tiles"]
        if verb == "deal":
            self.deal(*[read_hands(args[0], tile_set), read_tiles(args[1], tile_set)] if args else [])
        elif verb == "place":
            tile, (x, y), corners = read_tiles(args[0], tile_set)[0], map(int, args[1].split(",")), args[2].split(",")
            self.place(tile, x, y, tuple(map(int, corners)))
        elif verb == "take":
            self.take({"points": False, "tiles": True}[args[0]])
        elif verb == "draw":
            self.draw()
        else:
            self.pass_turn()


def read_hands(text, tile_set):
    return [read_tiles(h, tile_set) for h in text.split("/")]


def new_game(variant, words):
    """`newgame PLAYERS [SEED]`, or `start HANDS WELL BOARD SCORES TO-MOVE`."""
    tile_set = VARIANTS[variant]["tiles"]
    if words[0] == "newgame":
        players = int(words[1])
        if players not in HAND_SIZE or players * HAND_SIZE[players] > len(tile_set):
            raise ValueError("the English deal is for 2 to 8 players (E2, R16)")
        game = Game(variant, [[]] * players, seed=int(words[2]) if words[2:] else 0)
        if words[2:]:
            game.deal()
        return game
    hands, well, board = read_hands(words[1], tile_set), read_tiles(words[2], tile_set), read_board(words[3], tile_set)
    scores = [int(s) for s in words[4].split(",")] if words[4] != "-" else [0] * len(hands)
    seat = int(words[5]) if words[5] != "-" else 0
    given = [t for h in hands for t in h] + well + [tuple(sorted(c)) for c in board.values()]
    if not 2 <= len(hands) <= 8 or len(given) != len(set(given)) or len(scores) != len(hands) or seat >= len(hands):
        raise ValueError("the start does not load: 2 to 8 hands, each tile once (S1), a score a seat, a seat to move")
    game = Game(variant, hands, well, board, scores)
    if board:  # play goes on from the seat to move
        game.round, game.phase, game.seat = 1, "turn", seat
    else:  # the round opens as dealt (E3, E7); the deal is not an event of this game
        game.start_round()
    return game


def text(tile, x, y, corners):
    return "%s %d,%d %s" % (name(tile), x, y, ",".join(map(str, corners)))


def answer(words, state):
    board, hand, tile_set = state["board"], state["hand"], VARIANTS[state["variant"]]["tiles"]
    if words[0] == "protocol":
        version = min(int(words[1]), 2)  # version 2 adds the game actions
        offers = "offers moves judge perft divide" + " game" * (version == 2)
        return ["protocol %d" % version, "engine sketch 3 (english only)", offers, "variants english english-beginner"]
    if words[0] == "variant" and len(words) == 2 and words[1] in VARIANTS:
        state["variant"] = words[1]
        return []
    if words[0] == "position" and len(words) in (3, 4):
        variant = words[3] if len(words) == 4 else state["variant"]
        if variant not in VARIANTS:
            raise ValueError("this engine knows no variant `%s`" % variant)
        tile_set = VARIANTS[variant]["tiles"]
        new_board, new_hand = read_board(words[1], tile_set), read_tiles(words[2], tile_set)
        if any(tuple(sorted(c)) in new_hand for c in new_board.values()):
            raise ValueError("a hand tile is on the board")  # a refused position changes nothing
        state.update(board=new_board, hand=new_hand, variant=variant)
        return []
    if words[0] in ("moves", "judge", "perft", "divide"):
        if any(t not in tile_set for t in hand + [tuple(sorted(c)) for c in board.values()]):
            raise ValueError("the position holds a tile the variant's set does not (E19)")
    if words[0] == "moves":
        return ["%s %d %d %s no" % (text(*m), p, n, "yes" if b else "no") for m, (p, n, b) in moves(board, hand)]
    if words[0] == "judge":
        x, y = map(int, words[1].split(","))
        verdict = judge(board, hand, x, y, tuple(map(int, words[2].split(","))))
        return ["legal %d %d %s no" % (verdict[0], verdict[1], "yes" if verdict[2] else "no")] if verdict else ["illegal"]
    if words[0] == "perft":
        bonus = [0] * int(words[1])
        nodes = perft(board, hand, int(words[1]), bonus)
        return ["nodes %d" % nodes, "bonus " + " ".join(map(str, bonus))]
    if words[0] == "divide":
        depth, out = int(words[1]), []
        for (tile, x, y, corners), _ in list(moves(board, hand)):
            board[(x, y)] = corners
            out.append("%s %d" % (text(tile, x, y, corners), perft(board, [t for t in hand if t != tile], depth - 1, [0] * depth)))
            del board[(x, y)]
        return out
    if words[0] in ("newgame", "start"):
        state["game"] = new_game(state["variant"], words)  # under the variant in force
        return state["game"].lines()
    if words[0] in ("deal", "place", "take", "draw", "pass") and state["game"]:
        game = copy.deepcopy(state["game"])  # a refused action leaves the game as it was
        try:
            game.act(words[0], words[1:])
        except Refused as why:
            raise ValueError("refused: %s" % why)
        state["game"] = game
        return game.lines()
    raise ValueError("cannot answer `%s`" % " ".join(words))


state = {"variant": "english", "board": {}, "hand": [], "game": None}
for line in sys.stdin:
    words = line.split()
    if words == ["quit"]:
        print("ok", flush=True)
        break
    try:
        print("\n".join(answer(words, state) + ["ok"]), flush=True)
    except Exception as e:  # an error is an answer, never a crash
        print("error", str(e).replace("\n", " ") or "a request this engine cannot read", flush=True)
