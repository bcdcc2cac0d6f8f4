"""Hand-built CIV views following the schema in docs/architecture.md ("CIV view").

Each function returns a fresh dict, so a test may change it freely.
"""

from __future__ import annotations

from typing import Any

DOMAINS = ("military", "religion", "economy", "science", "culture", "utopia")


def per_domain(**counts: int) -> dict[str, int]:
    return {d: counts.get(d, 0) for d in DOMAINS}


def seat(
    index: int,
    player: str,
    *,
    area: dict[str, int] | None = None,
    facedown: dict[str, int] | None = None,
    levels: dict[str, int] | None = None,
    hegemony: int = 8,
    hand_size: int = 3,
    hand_limit: int = 3,
    embargoed: list[str] | None = None,
    team: int | None = None,
    culture_leader: bool = False,
) -> dict[str, Any]:
    down = facedown or per_domain()
    return {
        "seat": index,
        "player": player,
        "team": team,
        "hand_size": hand_size,
        "hand_limit": hand_limit,
        "area": area or per_domain(),
        "facedown_utopia": down,
        "hegemony_need": {d: hegemony + down[d] for d in DOMAINS},
        "levels": levels or per_domain(),
        "embargoed": embargoed or [],
        "culture_leader": culture_leader,
    }


def two_player() -> dict[str, Any]:
    """Mid-game, bob to play step 1."""
    return {
        "game": "civ",
        "players": ["alice", "bob"],
        "seat": None,
        "options": {"deal": "classic", "teams": False, "partial_effects": False},
        "teams": None,
        "start_seat": 0,
        "active": 1,
        "step": "play",
        "turn_number": 6,
        "final_round": False,
        "thresholds": {"level1": 3, "level2": 5, "hegemony": 8},
        "deck": {"total": 71, "by_age": {"1": 1, "2": 29, "3": 41}},
        "discard": ["military", "science", "religion", "economy"],
        "coin": None,
        "centre": [],
        "seats": [
            seat(
                0,
                "alice",
                area=per_domain(military=3, religion=1, science=2, culture=1),
                levels=per_domain(military=1),
                culture_leader=True,
            ),
            seat(
                1,
                "bob",
                area=per_domain(religion=5, economy=1, science=1),
                levels=per_domain(religion=2),
                hand_size=6,
                hand_limit=7,
            ),
        ],
        "turn": {"played": False, "used_permanent": [], "used_discard": [], "inspired": False},
        "pending": [{"seat": 1, "kind": "turn_play", "params": {}}],
        "recent": [
            {"kind": "civ.played", "params": {"player": "alice", "domain": "military"}},
            {"kind": "civ.drew", "params": {"player": "alice", "count": 1, "limit": 3}},
        ],
        "outcome": None,
    }


def four_player_team() -> dict[str, Any]:
    """Team game in its final round: embargoes, face-down Utopia, the coin held."""
    view = two_player()
    view.update(
        players=["alice", "bob", "carol", "dave"],
        options={"deal": "classic", "teams": True, "partial_effects": False},
        teams=[[0, 2], [1, 3]],
        start_seat=1,
        active=2,
        step="effects",
        turn_number=31,
        final_round=True,
        thresholds={"level1": 2, "level2": 4, "hegemony": 7},
        deck={"total": 0, "by_age": {"1": 0, "2": 0, "3": 0}},
        discard=["military"] * 6 + ["science", "utopia", "economy", "culture", "religion"],
        coin={"holder": 2, "target": 1, "domain": "science", "level": 2},
        seats=[
            seat(
                0,
                "alice",
                area=per_domain(military=2, religion=4, economy=1, utopia=3),
                levels=per_domain(military=1, religion=2, utopia=1),
                facedown=per_domain(religion=1),
                hegemony=7,
                hand_size=4,
                hand_limit=7,
                team=0,
                embargoed=["economy"],
            ),
            seat(
                1,
                "bob",
                area=per_domain(science=5, economy=2, culture=1),
                levels=per_domain(science=2, economy=1),
                hegemony=7,
                hand_size=2,
                team=1,
            ),
            seat(
                2,
                "carol",
                area=per_domain(culture=3, utopia=6, military=1),
                levels=per_domain(utopia=2),
                facedown=per_domain(utopia=2),
                hegemony=7,
                hand_size=0,
                team=0,
                culture_leader=True,
            ),
            seat(
                3,
                "dave",
                area=per_domain(economy=4, science=1, religion=2),
                levels=per_domain(economy=2, religion=1),
                hegemony=7,
                hand_size=5,
                hand_limit=5,
                team=1,
                embargoed=["economy", "science"],
            ),
        ],
        turn={"played": True, "used_permanent": ["utopia"], "used_discard": [], "inspired": True},
        pending=[{"seat": 2, "kind": "turn_effects", "params": {}}],
        recent=[
            {"kind": "civ.played", "params": {"player": "bob", "domain": "science"}},
            {
                "kind": "civ.embargo",
                "params": {"player": "bob", "target": "dave", "domain": "economy"},
            },
            {"kind": "civ.played", "params": {"player": "carol", "domain": "utopia"}},
            {
                "kind": "civ.inspire",
                "params": {"player": "carol", "target": "bob", "effect": "research"},
            },
        ],
    )
    return view


def game_over() -> dict[str, Any]:
    """Two players, ended on the majority count."""
    view = two_player()
    view.update(
        step="over",
        active=0,
        final_round=True,
        deck={"total": 0, "by_age": {"1": 0, "2": 0, "3": 0}},
        pending=[],
        turn=None,
        outcome={
            "ranks": [1, 2],
            "scores": [4.0, 2.0],
            "reason": "majority",
            "tiebreak": None,
            "details": {},
        },
    )
    return view


def draft() -> dict[str, Any]:
    """Three players picking from the centre after the draft."""
    view = two_player()
    view.update(
        players=["alice", "bob", "carol"],
        options={"deal": "draft", "teams": False, "partial_effects": False},
        start_seat=0,
        active=2,
        step="draft_pick",
        turn_number=0,
        deck={"total": 83, "by_age": {"1": 13, "2": 29, "3": 41}},
        discard=[],
        centre=["religion", "military", "economy"],
        seats=[
            seat(0, "alice"),
            seat(1, "bob"),
            seat(2, "carol"),
        ],
        turn=None,
        pending=[{"seat": 2, "kind": "draft_pick", "params": {}}],
        recent=[],
    )
    return view


def hand_view() -> dict[str, Any]:
    """What alice sees while resolving Inquisition against bob, with an embargo on her."""
    view = four_player_team()
    view["seat"] = 0
    view["active"] = 0
    view["hand"] = ["military", "religion", "religion", "economy", "science", "utopia", "utopia"]
    view["private"] = {"inquisition": {"target": 1, "taken": ["science", "utopia"]}}
    return view
