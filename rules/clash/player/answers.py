"""Every decision of the heuristic player (:mod:`rules.clash.player.policy`) outside its turn's
menu: nested decisions, the status phase and trading.

* **Objectives**: completed whenever offered, as many at once as allowed.
* **Status phase**: the free advance worth most; a size-1 city is never razed; the first
  player is the one choosing.
* **Battles**: :mod:`rules.clash.player.war`.
* **Events and barbarians** that leave a choice: the answer is tried on a copy of the
  position and the one leaving this seat best placed (:func:`rules.clash.player.values.
  standing`) is taken, where the answer decides no die; barbarians are sent away from its
  cities and, attacking, at its best-defended city.
* **The Great Lighthouse**: its ship's move scored as a Move action's ship group
  (:func:`rules.clash.player.war.lighthouse_move`), or none.
* **Cards' decisions**: Synergy cards are played, Spies swaps the first cards, New Goals keeps
  the first card, Tech Exchange gives the advance worth least; Propaganda is played on a short
  Cultural Influence roll, culture tokens make up a shortfall of at most 2.
* **Trading**: another player's offer is accepted when it gains (:func:`rules.clash.
  policy_trade.offer_value`); asked to offer (self-play's may-act prompts), the player offers
  one unit of what it needs least for one it needs most, or takes its offer back.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.clash.battles.combat import KINDS
from rules.clash.battles.sides import FANATICISM
from rules.clash.board.hexes import parse_hex
from rules.clash.dispatch import contexts
from rules.clash.model.state import ClashState
from rules.clash.player.civil import leader
from rules.clash.player.survey import Reading
from rules.clash.player.trade import offer, offer_value
from rules.clash.player.values import advance_worth, standing
from rules.clash.player.walk import Picker, first, index_of, walk
from rules.clash.player.war import away, battle_pick, lighthouse_move
from rules.core import Choice, Decision, IllegalAction

#: Decisions answered by trying each answer on a copy (no die decides them).
LOOKAHEAD = frozenset(
    {
        "event_city",
        "event_player",
        "event_pieces",
        "event_loss",
        "event_tokens",
        "event_myths",
        "event_exhaust",
        "barbarian_casualties",
        "barbarian_pieces",
    }
)


def answer(r: Reading, decision: Decision, prefix: list[str]) -> list[str] | None:
    """The whole answer to the decision on top of the stack."""
    kind = decision.kind
    if kind in KINDS or kind == FANATICISM:
        return walk(r.state, r.seat, prefix, lambda t, o: battle_pick(r, kind, t, o))
    if kind in LOOKAHEAD and not prefix:
        return _look_ahead(r)
    if kind == "lighthouse":
        return lighthouse_move(r, prefix)
    return walk(r.state, r.seat, prefix, _picker(r, kind))


def _picker(r: Reading, kind: str) -> Picker:
    def pick(toks: list[str], options: Sequence[Choice]) -> int | None:
        tokens = [c.token for c in options]
        if kind in ("objective", "objectives"):
            # Complete whatever is offered, every card it allows.
            if "complete" in tokens:
                return tokens.index("complete")
            return 0
        if "advance" in options[0].params:
            return _best_advance(r, options)
        if kind == "influence":
            return _boost(r, options)
        if kind == "synergy":
            cards = [i for i, t in enumerate(tokens) if t != "pass"]
            return cards[0] if cards and not toks else (None if toks else 0)
        if kind == "spies":
            return 0 if toks else (1 if len(tokens) > 1 else 0)
        if kind == "tech_exchange":
            return min(range(len(options)), key=lambda i: advance_worth(r, tokens[i]))
        if kind == "trade_routes":
            return _gold_share(r, tokens)
        if kind == "pyramids":
            return 0 if toks or "done" not in tokens else _not_done(tokens)
        if kind == "barbarian_spawn" or kind == "barbarian_reinforce":
            return max(range(len(options)), key=lambda i: away(r, parse_hex(tokens[i])))
        if kind == "barbarian_target":
            return max(range(len(options)), key=lambda i: _guarded(r, tokens[i]))
        if tokens[0].startswith("@"):
            return leader(r, options)
        return 0 if not toks else None

    return pick


def _not_done(tokens: list[str]) -> int:
    others = [i for i, t in enumerate(tokens) if t != "done"]
    return others[0] if others else 0


def _best_advance(r: Reading, options: Sequence[Choice]) -> int:
    return max(range(len(options)), key=lambda i: advance_worth(r, options[i].token))


def _boost(r: Reading, options: Sequence[Choice]) -> int:
    """A short Cultural Influence roll: Propaganda first, culture tokens up to 2, else 0."""
    for i, c in enumerate(options):
        if c.label.endswith("propaganda_tokens") or c.label.endswith("propaganda"):
            return i
    best = index_of(options, "0") or 0
    for i, c in enumerate(options):
        n = int(c.params.get("count", 0) or 0)
        if c.token.isdigit() and 0 < n <= 2 and r.wonder_goal is None:
            best = i
    return best


def _gold_share(r: Reading, tokens: list[str]) -> int:
    """Currency: as much Gold as is worth more than the Food it replaces."""
    counts = [int(t) for t in tokens if t.isdigit()]
    if not counts:
        return 0
    total = max(counts)
    best = max(
        counts,
        key=lambda g: r.worth_of({"gold": g}) + r.worth_of({"food": total - g}),
    )
    return tokens.index(str(best))


def _guarded(r: Reading, token: str) -> float:
    """How well a city of ours holds a barbarian attack (a settlement option counts its
    units against it)."""
    h = parse_hex(token)
    city = r.my_cities.get(h)
    if city is None:
        return -float(r.state.barbarians.armies.get(h, 0))
    return r.my_armies_at(h) + (1.5 if city.piece("fortress") else 0.0) + 0.1 * city.size


def _look_ahead(r: Reading) -> list[str] | None:
    """Each answer tried on a copy; the one leaving this seat best placed."""
    state, seat = r.state, r.seat
    best: tuple[float, list[str]] | None = None
    for c in contexts.choices(state, seat, []):
        toks = walk(state, seat, [c.token], first, c.complete)
        if toks is None:
            continue
        after = _after(state, seat, toks)
        if after is None:
            continue
        value = standing(after, seat)
        if best is None or value > best[0]:
            best = (value, toks)
    return None if best is None else best[1]


def _after(state: ClashState, seat: int, toks: list[str]) -> ClashState | None:
    copy = state.copy()
    try:
        contexts.apply_tokens(copy, seat, toks)
    except IllegalAction:
        return None
    return copy


# -- status phase -------------------------------------------------------------------------


def status(r: Reading, prefix: list[str]) -> list[str] | None:
    """Complete every objective offered, take the best free advance, never raze, pick
    ourselves as first player."""
    options = contexts.choices(r.state, r.seat, prefix)
    if not options:
        return None
    tokens = [c.token for c in options]
    if not prefix and "pass" in tokens and "raze" in tokens:
        return ["pass"]
    if not prefix and tokens[0].startswith("@"):
        me = f"@{r.state.players[r.seat]}"
        return [me if me in tokens else tokens[0]]
    return walk(r.state, r.seat, prefix, _picker(r, "objectives"))


# -- trading ------------------------------------------------------------------------------


def trade(r: Reading, prefix: list[str]) -> list[str] | None:
    """Outside its own turn: answer an offer, or make a small fair one (asked to), or take
    one's offer back."""
    state, seat = r.state, r.seat
    menu = [c.token for c in contexts.choices(state, seat, [])]
    if not prefix:
        for head in ("accept", "refuse"):
            for c in contexts.choices(state, seat, [head]):
                good = offer_value(r, c.params) > 0.05
                if (head == "accept") == good:
                    return [head, c.token]
        if "trade" not in menu and "withdraw" in menu:
            return walk(state, seat, ["withdraw"], first)
    if prefix and prefix[0] != "trade":
        return walk(state, seat, prefix, first)
    return offer(r, prefix or ["trade"])
