"""The pace of an asynchronous game: ``python -m bench pace [--games N] [--seed S] [--game G]
[--standing]``.

In an asynchronous game every time the game waits for somebody new is a mention and, in real
life, hours. A *wait* is a moment at which someone who was not already asked, and who did not
just act, must decide; seats asked at the same moment count once (they decide side by side).

Games are self-played by the engines' heuristic players (``greedy_choice``) through the rules
contract only, every seat answering what the game waits for (``must`` prompts; offers a seat
may take up, such as trades, are left alone, as most players leave them). Each wait is
counted under the kind of decision that made it (the prompt kind of the first seat newly
asked). Prints one JSON line per game and player count and, with ``--markdown``, the table
docs/performance.md keeps ("The pace of a game").

With ``--standing`` every player has switched on every standing answer (docs/async-play.md):
whenever a prompt has one (``rules.engine.HasStanding``), the host answers it, offers
included, before anybody is asked, and those answers are no waits; they are counted apart
(``standing_per_game``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import rules
from rules.core import Game, Prompt, Rng
from rules.engine import HasStanding
from rules.selfplay import random_action

#: The longest game played (actions); a game that runs past it is reported, not counted.
MAX_ACTIONS = 20_000


@dataclass
class Pace:
    """Waits of the games of one engine and player count."""

    game: str
    players: int
    waits: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    #: Standing answers the host applied, per game (``--standing``).
    standing: list[int] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        games = len(self.waits)
        return {
            "game": self.game,
            "players": self.players,
            "games": games,
            "waits_per_game": round(statistics.fmean(self.waits), 1),
            "actions_per_game": round(statistics.fmean(self.actions), 1),
            "standing_per_game": round(statistics.fmean(self.standing or [0]), 1),
            "waits_by_kind": {
                k: round(n / games, 1) for k, n in sorted(self.kinds.items(), key=lambda i: -i[1])
            },
        }


def asked(prompts: Sequence[Prompt]) -> dict[int, str]:
    """The seats the game waits for, each with the kind of its first such prompt."""
    seats: dict[int, str] = {}
    for p in prompts:
        if p.must:
            seats.setdefault(p.seat, p.kind)
    return seats


def waits(moments: Iterable[tuple[dict[int, str], int]]) -> Counter[str]:
    """The waits of a game, by kind: ``moments`` are, action by action, the seats asked
    before it (each with its prompt kind) and the seat that then acted."""
    found = Counter[str]()
    before: dict[int, str] = {}
    actor: int | None = None
    for now, acting in moments:
        new = sorted(set(now) - set(before) - {actor})
        if new:
            found[now[new[0]]] += 1
        before, actor = now, acting
    return found


def answer_standing(game: Game[Any], state: Any) -> tuple[Any, int]:
    """Apply every standing answer the game's prompts have, as the host would with all of
    them switched on; the state after them and how many were applied."""
    if not isinstance(game, HasStanding):
        return state, 0
    applied = 0
    while game.outcome(state) is None:
        found = None
        for prompt in game.pending(state):
            answers = game.standing_answers(state, prompt)
            if answers:
                found = (prompt.seat, answers[0].action)
                break
        if found is None:
            break
        state, _ = game.apply(state, *found)
        applied += 1
    return state, applied


def play(
    game: Game[Any], players: int, seed: int, *, standing: bool = False
) -> tuple[list[tuple[dict[int, str], int]], int]:
    """One game self-played by the heuristic players: its moments (see :func:`waits`), and
    the standing answers applied (all of them, with ``standing``; else none)."""
    rng = Rng(seed)
    state = game.setup([f"p{i}" for i in range(players)], {}, rng.randrange(1 << 62))
    moments: list[tuple[dict[int, str], int]] = []
    applied = 0
    while game.outcome(state) is None:
        if len(moments) >= MAX_ACTIONS:
            raise RuntimeError(f"{game.name} seed {seed}: no outcome after {MAX_ACTIONS} actions")
        if standing:
            state, count = answer_standing(game, state)
            applied += count
            if game.outcome(state) is not None:
                break
        now = asked(game.pending(state))
        if not now:
            raise RuntimeError(f"{game.name} seed {seed}: nobody is asked and no outcome")
        seat = sorted(now)[rng.randrange(len(now))]
        action = random_action(game, state, seat, rng, greedy=True)
        state, _ = game.apply(state, seat, action)
        moments.append((now, seat))
    return moments, applied


def measure(name: str, players: int, games: int, seed: int, *, standing: bool = False) -> Pace:
    game = rules.get_game(name)
    pace = Pace(name, players)
    for index in range(games):
        moments, applied = play(game, players, seed + index, standing=standing)
        kinds = waits(moments)
        pace.waits.append(kinds.total())
        pace.actions.append(len(moments))
        pace.kinds.update(kinds)
        pace.standing.append(applied)
    return pace


def markdown(paces: Sequence[Pace], *, standing: bool = False) -> str:
    """The table of docs/performance.md: waits per game, and the three largest kinds (with
    ``standing``, also the standing answers the host applied per game)."""
    extra = " standing answers per game |" if standing else ""
    lines = [
        "| game | players | games | waits per game | actions per game |"
        + extra
        + " largest kinds (waits per game) |",
        "|---|---:|---:|---:|---:|" + ("---:|" if standing else "") + "---|",
    ]
    for pace in paces:
        s = pace.summary()
        top = ", ".join(f"{k} {v}" for k, v in list(s["waits_by_kind"].items())[:3])
        more = f" {s['standing_per_game']} |" if standing else ""
        lines.append(
            f"| {s['game']} | {s['players']} | {s['games']} | {s['waits_per_game']} |"
            f" {s['actions_per_game']} |{more} {top} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench pace", description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--markdown", action="store_true", help="also print the docs' table")
    parser.add_argument(
        "--standing",
        action="store_true",
        help="every player has switched on every standing answer (the host applies them)",
    )
    args = parser.parse_args(argv)
    names = args.game or list(rules.GAME_NAMES)
    paces = []
    for name in names:
        game = rules.get_game(name)
        for players in range(game.min_players, game.max_players + 1):
            pace = measure(name, players, args.games, args.seed, standing=args.standing)
            paces.append(pace)
            print(json.dumps(pace.summary(), ensure_ascii=False), flush=True)
    if args.markdown:
        print(markdown(paces, standing=args.standing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
