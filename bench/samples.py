"""Every event, prompt, choice and refusal of the games as players read them, with real values.

``python -m bench.samples [--lang hu] [--game civ] [--games 30] [--seed 1]`` plays seeded random
games through the engines and prints, for each message key met, the first sentence it made:
the values are the ones a real game passes (cards, places, players, numbers), not dummies, so
a reader checks the grammar they produce. Refusals come from broken versions of the moves
played (a token swapped, cut short, one too many, the wrong seat), as self-play throws them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import locales
from host import text
from rules import GAME_NAMES, get_game
from rules.core import IllegalAction, Rng, act, join
from rules.selfplay import random_action

#: What the samples are grouped by, in the order printed.
KINDS = ("event", "prompt", "choice", "refusal")
#: Players' handles in the sample games.
HANDLES = ("anna", "bela", "csilla", "dani")


@dataclass(frozen=True)
class Sample:
    """The first sentence made for one message key."""

    kind: str
    key: str
    text: str


def samples(game: str, lang: str, games: int, seed: int) -> list[Sample]:
    """The first sentence of each event, prompt, choice label and refusal met in ``games``
    seeded random games of ``game`` (2 to 4 players in turn)."""
    found: dict[tuple[str, str], Sample] = {}
    for sample in _walk(game, lang, games, seed):
        found.setdefault((sample.kind, sample.key), sample)
    return sorted(found.values(), key=lambda s: (KINDS.index(s.kind), s.key))


def _walk(game: str, lang: str, games: int, seed: int) -> Iterator[Sample]:
    engine = get_game(game)
    counts = range(engine.min_players, engine.max_players + 1)
    rng = Rng(seed)
    for n in range(games):
        handles = list(HANDLES[: counts[n % len(counts)]])
        state = engine.setup(handles, {}, seed + n)
        vocabulary: set[str] = set()
        while engine.outcome(state) is None:
            prompts = [p for p in engine.pending(state) if p.must] or engine.pending(state)
            for prompt in prompts:
                who = f"@{handles[prompt.seat]}"
                yield Sample("prompt", prompt.kind, text.prompt_line(lang, game, prompt, who))
            seat = prompts[rng.randrange(len(prompts))].seat
            action = random_action(engine, state, seat, rng)
            parts = action.split()
            for i in range(len(parts) + 1):
                for choice in engine.choices(state, seat, parts[:i]):
                    vocabulary.add(choice.token)
                    yield Sample("choice", choice.label, text.choice_label(lang, choice))
            for other, broken in _broken(parts, seat, len(handles), sorted(vocabulary), rng):
                try:
                    act(engine, state, other, join(broken))
                except IllegalAction as exc:
                    sentence = locales.error_text(lang, exc.code, exc.params, game)
                    yield Sample("refusal", exc.code, sentence)
            state, events = act(engine, state, seat, action)
            for event in events:
                sentence = locales.event_text(lang, event.kind, dict(event.params))
                yield Sample("event", event.kind, sentence)


def _broken(
    parts: list[str], seat: int, seats: int, words: list[str], rng: Rng
) -> list[tuple[int, list[str]]]:
    """Broken versions of a legal action (most are refused, some happen to be legal)."""
    swapped = parts[:]
    swapped[rng.randrange(len(swapped))] = words[rng.randrange(len(words))]
    out = [(seat, swapped), (seat, [*parts, words[rng.randrange(len(words))]])]
    if len(parts) > 1:
        out.append((seat, parts[: 1 + rng.randrange(len(parts) - 1)]))
    out.append(((seat + 1) % seats, parts))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.samples", description=__doc__)
    parser.add_argument("--lang", default="hu", choices=locales.SUPPORTED)
    parser.add_argument("--game", choices=GAME_NAMES, help="one game (default: every game)")
    parser.add_argument("--games", type=int, default=30, help="games played per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for game in [args.game] if args.game else GAME_NAMES:
        print(f"# {game}")
        kind = ""
        for sample in samples(game, args.lang, args.games, args.seed):
            if sample.kind != kind:
                kind = sample.kind
                print(f"\n## {kind}\n")
            print(f"- `{sample.key}`: {sample.text}")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
