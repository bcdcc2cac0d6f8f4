"""Who must decide now: the prompts of every phase and multi-step effect.

Prompt kinds (``prompt.stoneage.<kind>``): ``place`` (phase 1), ``resolve`` (phase 2: choose
the next location), ``tools`` (add tools to a roll), ``pay_card`` / ``pay_building`` (pay or
decline), ``pick`` (take a die of "dice for all"), ``feed`` (phase 3 with too little food:
pay the shortfall with resources or take the penalty; several seats at once).
"""

from __future__ import annotations

from rules.core import JSON, Prompt
from rules.stoneage.data import RESOURCES, building_type
from rules.stoneage.logic import at_home
from rules.stoneage.state import StoneAgeState


def prompt_kind(state: StoneAgeState, seat: int) -> str | None:
    """The prompt ``seat`` must answer now, if any."""
    for p in pending(state):
        if p.seat == seat:
            return p.kind
    return None


def pending(state: StoneAgeState) -> list[Prompt]:
    """Every prompt open now, in seat order."""
    phase = state.phase
    if phase == "over" or state.outcome is not None:
        return []
    if phase == "feed":
        return [
            Prompt(s, "feed", {"short": short}) for s, short in enumerate(state.hungry) if short
        ]
    active = state.active
    if phase == "place":
        return [Prompt(active, "place", {"home": at_home(state, active)}, turn=active)]
    sub = state.sub
    if sub == "pick":
        dfa = state.dfa
        assert dfa is not None
        return [
            Prompt(
                dfa.order[0],
                "pick",
                {"faces": list(dfa.faces), "buyer": state.players[dfa.buyer]},
                # Each player's pick of a die belongs to the turn of the one resolving it.
                turn=active,
            )
        ]
    if sub == "tools":
        roll = state.roll
        assert roll is not None
        resource = "food" if roll.resource is None else RESOURCES[roll.resource]
        return [Prompt(active, "tools", {"total": roll.total, "resource": resource}, turn=active)]
    if sub in ("pay_card", "pay_building"):
        return [Prompt(active, sub, _purchase_params(state), turn=active)]
    return [Prompt(active, "resolve", {}, turn=active)]


def _purchase_params(state: StoneAgeState) -> dict[str, JSON]:
    purchase = state.purchase
    assert purchase is not None
    if purchase.what == "card":
        card = state.display[purchase.index]
        return {"position": purchase.index + 1, "cost": purchase.index + 1, "card": card}
    tile = state.stacks[purchase.index][0]
    return {"stack": purchase.index + 1, "building": tile, "kind": building_type(tile).kind}
