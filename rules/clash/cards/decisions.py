"""The nested decisions of the civil halves (docs/clash-cards.md §8.1 (f), §8.3, §8.4):

* ``synergy`` (Tech Synergy P17, Idea Synergy P21): right after ``seat`` gained an advance
  (any way, after what it set off: :func:`rules.clash.actions.advance_gains.gained` opens the window
  once the decisions the advance itself asks are answered), a player holding one of them
  may play it:
  ``<card> <advance> [<cube>...] [ideas...]`` buys an advance of the same category at its
  normal cost, no action; ``<card>`` gains 2 Ideas; ``pass`` plays nothing. After one card
  the other kind may still be played for the same advance (C106). ``params``: ``advance``
  and ``played`` (the kinds already played for it).
* ``spies`` (P04): after seeing the other's hand, ``<your card> <their card>`` of the same
  deck swaps them, ``pass`` keeps both hands. ``params``: ``player`` (whose hand).
* ``new_goals`` (P16): of the two objective cards just drawn (the last two of the hand),
  ``<card>`` goes to the bottom of the objective deck.
* ``tech_exchange`` (P20): the other player chooses the non-government advance of the card's
  player they gain for free. ``params``: ``player`` (who played the card). It comes once
  what the card player's own advance set off (an event, a Synergy window) is over: until
  then it waits as the follow-up ``tech_exchange_later`` (``partner``: who chooses), so that
  the two advances' events never interleave.

None of them shows a hidden card in its params: the cards are in the hands.

Refusals: ``not_a_synergy_card`` (``token``, ``allowed``), ``unknown_advance`` (``token``),
``not_a_same_category_advance``
(``advance``), ``not_a_spies_swap`` (``token``), ``not_a_drawn_objective`` (``token``,
``allowed``), ``not_an_exchange_advance`` (``advance``), ``too_many_tokens``.
"""

from __future__ import annotations

from rules.clash.actions import advance_gains, advancing
from rules.clash.actions.advance_gains import (
    SYNERGY,
    same_category,
    synergy_cards,
    synergy_decision,
)
from rules.clash.box.advances import ADVANCE, ADVANCE_IDS, GOVERNMENTS
from rules.clash.box.components import IDEAS
from rules.clash.events.flow import defer
from rules.clash.events.resolving import FollowUp
from rules.clash.model.civil_cards import IDEA_SYNERGY, TECH_SYNERGY, civil_half, play_card
from rules.clash.model.registry import Answer
from rules.clash.model.resources import gain
from rules.clash.model.state import TURN, ClashState
from rules.core import JSON, Choice, Decision, Event, IllegalAction

SPIES_SWAP, NEW_GOALS_KEEP, TECH_EXCHANGE_CHOICE = "spies", "new_goals", "tech_exchange"
TECH_EXCHANGE_LATER = "tech_exchange_later"
PASS = "pass"
IDEA_SYNERGY_COUNT = 2


def _turn(state: ClashState) -> int | None:
    return state.active if state.phase == TURN else None


def _push(state: ClashState, seat: int, kind: str, params: dict[str, object]) -> None:
    depth = len(state.prompts.decisions)
    pid = f"{kind}:{state.round}.{state.turn}.{seat}.{state.turn_state.actions_left}.{depth}"
    state.prompts = state.prompts.push(Decision(pid, seat, kind, params, _turn(state)))


def _one_token(toks: list[str]) -> str:
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    return head


# -- synergy ----------------------------------------------------------------------------------


def _synergy_params(decision: Decision) -> tuple[str, list[str]]:
    return str(decision.params["advance"]), [str(x) for x in decision.params["played"]]


def _synergy_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    seat = decision.seat
    advance, played = _synergy_params(decision)
    cards = synergy_cards(state, seat, advance, played)
    if not prefix:
        out = [Choice(PASS, "clash.choice.no_card")]
        for card in cards:
            code = civil_half(card)
            tech = code == TECH_SYNERGY
            params = {"card": card, "civil": code}
            out.append(Choice(card.lower(), "clash.choice.civil_card", params, not tech, tech))
        return out
    card, *rest = prefix
    card = card.upper()
    if card not in cards or civil_half(card) != TECH_SYNERGY:
        return []
    options = advancing.choices(state, seat, rest)
    if not rest:
        allowed = set(same_category(state, seat, advance))
        options = [c for c in options if c.token in allowed]
    return options


def _synergy_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    seat = decision.seat
    advance, played = _synergy_params(decision)
    cards = synergy_cards(state, seat, advance, played)
    head, *rest = toks
    if head == PASS:
        _one_token(toks)
        state.prompts = state.prompts.pop(decision.id)
        return []
    head = head.upper()
    if head not in cards:
        raise IllegalAction("not_a_synergy_card", token=head, allowed=[PASS, *cards])
    code = civil_half(head)
    if code == IDEA_SYNERGY:
        _one_token(toks)
    else:
        p = advancing.parse(state, seat, rest)
        if p.advance not in ADVANCE:
            # Named as typed: the refusal below names the advance by its glossary entry.
            raise IllegalAction("unknown_advance", token=p.advance)
        if p.advance not in same_category(state, seat, advance):
            raise IllegalAction("not_a_same_category_advance", advance=p.advance)
        err = advancing.purchase_problem(state, seat, p)
        if err is not None:
            raise err
    state.prompts = state.prompts.pop(decision.id)
    events = play_card(state, seat, head)
    if synergy_cards(state, seat, advance, [*played, code]):
        state.prompts = state.prompts.push(synergy_decision(state, seat, advance, [*played, code]))
    if code == IDEA_SYNERGY:
        kept = gain(state.seats[seat], IDEAS, IDEA_SYNERGY_COUNT)
        params = {"player": state.players[seat], "count": kept, "civil": code}
        return [*events, Event("clash.card_ideas", params)]
    return events + advancing.apply(state, seat, rest)


def _synergy_problem(state: ClashState, decision: Decision) -> str | None:
    p = decision.params
    if set(p) != {"advance", "played"}:
        return f"synergy decision params {sorted(p)}"
    advance, played = p["advance"], p["played"]
    if advance not in ADVANCE or advance not in state.seats[decision.seat].advances:
        return f"synergy decision for {advance!r}, not an advance of its player"
    if not isinstance(played, list) or not set(played) <= {TECH_SYNERGY, IDEA_SYNERGY}:
        return f"synergy decision played {played!r}"
    if not synergy_cards(state, decision.seat, str(advance), [str(x) for x in played]):
        return "synergy decision without a card to play"
    return None


def drop_idle_synergy(state: ClashState) -> bool:
    """A ``synergy`` decision that comes to the top when what happened above it left no card
    playable has one answer left (``pass``): it is taken (C106). Whether any was."""
    top = state.prompts.top()
    dropped = False
    while top is not None and top.kind == SYNERGY:
        advance, played = _synergy_params(top)
        if synergy_cards(state, top.seat, advance, played):
            break
        state.prompts = state.prompts.pop(top.id)
        top = state.prompts.top()
        dropped = True
    return dropped


SYNERGY_ANSWER = Answer(_synergy_choices, _synergy_apply, _synergy_problem)


# -- spies --------------------------------------------------------------------------------------


def _spied_seat(state: ClashState, decision: Decision) -> int:
    return state.players.index(str(decision.params["player"]))


def _swaps(state: ClashState, seat: int, other: int) -> list[tuple[str, str]]:
    me, them = state.seats[seat], state.seats[other]
    return [(a, b) for a in sorted(me.actions) for b in sorted(them.actions)] + [
        (a, b) for a in sorted(me.objectives) for b in sorted(them.objectives)
    ]


def ask_spies(state: ClashState, seat: int, other: int) -> list[Event]:
    """After Spies: the swap, when one is possible."""
    if _swaps(state, seat, other):
        _push(state, seat, SPIES_SWAP, {"player": state.players[other]})
    return []


def _spies_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    swaps = _swaps(state, decision.seat, _spied_seat(state, decision))
    if not prefix:
        mine = sorted({a for a, _ in swaps})
        return [Choice(PASS, "clash.choice.no_swap")] + [
            Choice(a.lower(), "clash.choice.swap_mine", {"card": a}, False, True) for a in mine
        ]
    if len(prefix) == 1:
        return [
            Choice(b.lower(), "clash.choice.swap_theirs", {"card": b})
            for a, b in swaps
            if a == prefix[0].upper()
        ]
    return []


def _spies_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    seat, other = decision.seat, _spied_seat(state, decision)
    if toks[0] == PASS:
        _one_token(toks)
        state.prompts = state.prompts.pop(decision.id)
        return []
    said = [t.upper() for t in toks]
    if len(said) != 2 or (said[0], said[1]) not in _swaps(state, seat, other):
        raise IllegalAction("not_a_spies_swap", token=" ".join(toks))
    mine, theirs = said
    state.prompts = state.prompts.pop(decision.id)
    me, them = state.seats[seat], state.seats[other]
    deck = "action" if mine in me.actions else "objective"
    if deck == "action":
        me.actions = tuple(theirs if c == mine else c for c in me.actions)
        them.actions = tuple(mine if c == theirs else c for c in them.actions)
    else:
        me.objectives = tuple(theirs if c == mine else c for c in me.objectives)
        them.objectives = tuple(mine if c == theirs else c for c in them.objectives)
    params = {"player": state.players[seat], "other": state.players[other], "deck": deck}
    return [
        Event("clash.cards_swapped", params),
        Event("clash.you_drew", {"deck": deck, "card": theirs}, visible_to=(seat,)),
        Event("clash.you_drew", {"deck": deck, "card": mine}, visible_to=(other,)),
    ]


def _spies_problem(state: ClashState, decision: Decision) -> str | None:
    p = decision.params
    if set(p) != {"player"} or p["player"] not in state.players:
        return f"spies decision params {dict(p)}"
    other = _spied_seat(state, decision)
    if other == decision.seat or state.seats[other].resigned:
        return "spies decision on its own player or a resigned one"
    if decision.turn != decision.seat or state.active != decision.seat:
        return "spies decision outside its player's turn"
    if not _swaps(state, decision.seat, other):
        return "spies decision without a possible swap"
    return None


SPIES_ANSWER = Answer(_spies_choices, _spies_apply, _spies_problem)


# -- new goals ----------------------------------------------------------------------------------

NEW_GOALS_DRAWN = 2


def ask_new_goals(state: ClashState, seat: int) -> list[Event]:
    _push(state, seat, NEW_GOALS_KEEP, {})
    return []


def _drawn(state: ClashState, decision: Decision) -> list[str]:
    return list(state.seats[decision.seat].objectives[-NEW_GOALS_DRAWN:])


def _new_goals_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix:
        return []
    return [
        Choice(c.lower(), "clash.choice.objective_back", {"card": c})
        for c in _drawn(state, decision)
    ]


def _new_goals_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    card = _one_token(toks).upper()
    drawn = _drawn(state, decision)
    if card not in drawn:
        raise IllegalAction("not_a_drawn_objective", token=card, allowed=drawn)
    state.prompts = state.prompts.pop(decision.id)
    me = state.seats[decision.seat]
    kept = me.objectives[:-NEW_GOALS_DRAWN] + tuple(c for c in drawn if c != card)
    me.objectives = kept
    cards = state.cards
    cards.decks = {**cards.decks, "objective": (*cards.decks["objective"], card)}
    return [Event("clash.objective_returned", {"player": state.players[decision.seat]})]


def _new_goals_problem(state: ClashState, decision: Decision) -> str | None:
    if decision.params:
        return f"new goals decision params {dict(decision.params)}"
    if decision.turn != decision.seat or state.active != decision.seat:
        return "new goals decision outside its player's turn"
    if len(state.seats[decision.seat].objectives) < NEW_GOALS_DRAWN:
        return "new goals decision without two objective cards in hand"
    return None


NEW_GOALS_ANSWER = Answer(_new_goals_choices, _new_goals_apply, _new_goals_problem)


# -- tech exchange ------------------------------------------------------------------------------


def _their_options(state: ClashState, chooser: int, giver: int) -> list[str]:
    open_ = set(advance_gains.gainable(state.seats[chooser]))
    return [
        a
        for a in ADVANCE_IDS
        if a in state.seats[giver].advances
        and a in open_
        and ADVANCE[a].category not in GOVERNMENTS
    ]


def _exchange_gain(state: ClashState, chooser: int, giver: int, advance: str) -> list[Event]:
    params = {"player": state.players[chooser], "advance": advance, "civil": "P20"}
    return [Event("clash.card_advance", params), *advance_gains.gained(state, chooser, advance)]


def tech_exchange_later(state: ClashState, chooser: int, giver: int, at: int) -> list[Event]:
    """Tech Exchange's second half, after what ``giver``'s advance asked above ``at`` (the
    stack's depth before it) is answered; at once when it asked nothing."""
    if len(state.prompts.decisions) == at:
        return ask_tech_exchange(state, chooser, giver)
    defer(state, at, giver, TECH_EXCHANGE_LATER, partner=state.players[chooser])
    return []


def _exchange_later(state: ClashState, giver: int, params: dict[str, JSON]) -> list[Event]:
    return ask_tech_exchange(state, state.players.index(str(params["partner"])), giver)


def _exchange_later_problem(state: ClashState, giver: int, params: dict[str, JSON]) -> str | None:
    partner = params.get("partner")
    if set(params) != {"partner"} or partner not in state.players:
        return f"tech exchange follow-up params {dict(params)}"
    if state.players.index(str(partner)) == giver or state.active != giver:
        return "tech exchange follow-up outside the giver's turn"
    return None


def ask_tech_exchange(state: ClashState, chooser: int, giver: int) -> list[Event]:
    """Tech Exchange's second half: ``chooser`` gains one of ``giver``'s advances, asked when
    there is a choice."""
    options = _their_options(state, chooser, giver)
    if not options:
        return [Event("clash.nothing_exchanged", {"player": state.players[chooser]})]
    if len(options) == 1 or state.seats[chooser].resigned:
        return _exchange_gain(state, chooser, giver, options[0])
    _push(state, chooser, TECH_EXCHANGE_CHOICE, {"player": state.players[giver]})
    return []


def _giver(state: ClashState, decision: Decision) -> int:
    return state.players.index(str(decision.params["player"]))


def _exchange_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix:
        return []
    return [
        Choice(a, "clash.choice.advance_free", {"advance": a})
        for a in _their_options(state, decision.seat, _giver(state, decision))
    ]


def _exchange_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    advance = _one_token(toks)
    giver = _giver(state, decision)
    if advance not in _their_options(state, decision.seat, giver):
        raise IllegalAction("not_an_exchange_advance", advance=advance)
    state.prompts = state.prompts.pop(decision.id)
    return _exchange_gain(state, decision.seat, giver, advance)


def _exchange_problem(state: ClashState, decision: Decision) -> str | None:
    p = decision.params
    if set(p) != {"player"} or p["player"] not in state.players:
        return f"tech exchange decision params {dict(p)}"
    giver = _giver(state, decision)
    if giver == decision.seat or decision.turn != giver or state.active != giver:
        return "tech exchange decision outside the giver's turn"
    if len(_their_options(state, decision.seat, giver)) < 2:
        return "tech exchange decision without a choice"
    return None


TECH_EXCHANGE_ANSWER = Answer(_exchange_choices, _exchange_apply, _exchange_problem)
#: Tech Exchange's second advance, once the first one's decisions are answered
#: (:data:`rules.clash.dispatch.follow_ups.FOLLOW_UPS`).
TECH_EXCHANGE_FOLLOW_UP = FollowUp(_exchange_later, _exchange_later_problem)

#: The entries of :data:`rules.clash.dispatch.grammar.DECISIONS`.
CARD_DECISIONS: dict[str, Answer] = {
    SYNERGY: SYNERGY_ANSWER,
    SPIES_SWAP: SPIES_ANSWER,
    NEW_GOALS_KEEP: NEW_GOALS_ANSWER,
    TECH_EXCHANGE_CHOICE: TECH_EXCHANGE_ANSWER,
}
