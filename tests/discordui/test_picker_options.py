"""What a picker step shows (``discordui.actions.options_of`` and ``menus_of``): a step of one
choice after a choice is made with it, a small step shows the moves its choices lead to, and a
choice leading to a handful of moves is a menu of them; on a Clash turn, as a phone player
meets them."""

from __future__ import annotations

import locales
import rules
from discordui.actions import MENU_MAX, picker_for
from discordui.components import picker_layout, picker_view
from host.service import Loaded
from playground.validation import message_problems
from store import GameRow, SeatRow

USERS = (201, 202)


def _clash() -> Loaded:
    engine = rules.get_game("clash")
    row = GameRow(
        id=9, guild_id=1, channel_id=2, thread_id=3, lobby_message_id=4, table_message_id=5,
        game="clash", options={}, seats_wanted=2, status="running", seed=5, seq=3,
        created_by=USERS[0], created_at="", updated_at="",
    )  # fmt: skip
    seats = [SeatRow(9, i, USERS[i], h, "", 3) for i, h in enumerate(("alice", "bob"))]
    return Loaded(row, seats, engine, engine.setup(["alice", "bob"], {}, 5))


def _mover(game: Loaded) -> int:
    return USERS[next(p.seat for p in game.pending() if p.must)]


def test_a_city_activation_is_one_choice_in_a_menu() -> None:
    game = _clash()
    picker = picker_for(game, _mover(game), [])
    menus = {head.tokens[0]: leaves for head, leaves in picker.menus}
    # The only city is made with "Activate City"; its menu holds what it may collect or build.
    activate = next(h for h, _ in picker.menus if h.tokens[0] == "activate")
    assert len(activate.tokens) == 2
    assert {o.tokens[0] for o in menus["activate"]} == {"collect", "build"}
    assert all(o.last.complete for o in menus["activate"])
    assert 3 <= len(menus["advance"]) <= MENU_MAX  # Advance: a menu of the advances
    buttons = [o.tokens[0] for o in picker.buttons]
    assert "move" in buttons and "activate" not in buttons and "advance" not in buttons
    # A trade offer goes on after each answer: a button (its single steps made with it).
    trade = next(o for o in picker.buttons if o.tokens[0] == "trade")
    other = game.handles[1 - picker.seat]
    assert trade.tokens[:3] == ("trade", f"@{other}", "give") and not trade.last.complete
    # The components are valid Discord components: menus first, one row each.
    payload = picker_view("en", picker).to_components()
    assert message_problems({"components": payload}, file_count=0, creating=True) == {}
    assert [c["components"][0]["type"] for c in payload[: len(picker.menus)]] == [3, 3]
    labels = [c["placeholder"] for row in payload for c in row["components"] if c["type"] == 3]
    assert labels[0].startswith(locales.t("en", "clash.token.advance"))


def test_a_moves_destination_comes_with_its_only_unit() -> None:
    game = _clash()
    picker = picker_for(game, _mover(game), ["move"])
    # The only group starts at the capital (taken for the player); each destination button
    # carries the settler, the only unit: one tap sends the whole move.
    assert picker.path[:1] == ["move"] and len(picker.path) == 2
    assert picker.options and all(len(o.tokens) == 2 for o in picker.options)
    assert all(o.last.complete for o in picker.options)
    assert all(o.label("en").endswith(" · Settler") for o in picker.options)
    layout = picker_layout(picker)
    assert not layout.menus and len(layout.buttons) == len(picker.options)


def test_a_payment_in_gold_is_a_move_beside_the_plain_one_not_a_step_after_it() -> None:
    """C138: with Gold and Food, "Settler" sends the build as it is (no Done after it) and
    "Settler · pay 1 Gold instead of 1 Food" sends it paid so; the same in Advance's menu."""
    game = _clash()
    seat = next(p.seat for p in game.pending() if p.must)
    game.state.seats[seat].resources.update(gold=1)
    picker = picker_for(game, _mover(game), [])
    menus = {head.tokens[0]: leaves for head, leaves in picker.menus}
    build = [o for o in menus["activate"] if o.tokens[:2] == ("build", "settler")]
    assert [(o.tokens, o.send, o.final) for o in build] == [
        (("build", "settler"), True, True),
        (("build", "settler", "gold"), False, True),
    ]
    assert build[1].label("en").endswith("· pay 1 Gold instead of 1 Food")
    layout = picker_layout(picker)
    routes = {r.path for _, _, rs in layout.menus for r, _ in rs}
    assert {"activate d7 build settler !", "activate d7 build settler gold"} <= routes
    assert {"advance storage !", "advance storage gold"} <= routes
    # Without Gold nothing may follow the build: it is sent as before, no mark needed.
    game.state.seats[seat].resources.update(gold=0)
    plain = picker_for(game, _mover(game), [])
    leaves = {o.tokens: o for h, ls in plain.menus for o in ls}
    assert not leaves[("build", "settler")].send and leaves[("build", "settler")].final
    assert ("build", "settler", "gold") not in leaves
