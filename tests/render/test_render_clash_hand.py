"""The private Clash of Cultures hand (``/hand``): every card face up with both halves' names
and texts in the viewer's language, stand-in marks where the content is not attested, the
objectives offered now highlighted, the cards of trade offers; the phone rule (no text under
W/40 px) and the byte budget on the typical largest hand."""

from __future__ import annotations

import io
import math
from typing import Any

import clash_samples as samples
import pytest
from PIL import Image, ImageChops
from test_render_civ import MAX_BYTES, png_size
from test_render_clash import Drawn, drawn, near

import locales
from render import theme
from render.clash import card_faces, hand, look
from render.context import context
from rules.clash.battles.combat_cards import HALVES as COMBAT
from rules.clash.box.cards import ACTION_CARDS, ACTION_HALVES, OBJECTIVE_CARDS
from rules.clash.box.objective_cards import OBJECTIVES
from rules.clash.model.civil_cards import CIVIL

__all__ = ["drawn"]  # the fixture, imported for this module's tests

LANGS = locales.SUPPORTED


def texts(drawn: Drawn) -> list[str]:
    return [text for _, text, _ in drawn]


def empty_view() -> dict[str, Any]:
    return samples.hand_view(actions=(), objectives=(), trade=())


def small_view() -> dict[str, Any]:
    """One action card (Advance / Peltasts) and one objective card (Religious / Warlord)."""
    return samples.hand_view(actions=("A01",), objectives=("O05",), trade=())


def large_view() -> dict[str, Any]:
    """The typical largest hand, 7 action and 3 objective cards, the longest texts."""
    return samples.hand_view(actions=samples.LONGEST_ACTIONS, objectives=samples.LONGEST_OBJECTIVES)


VIEWS = {"empty": empty_view, "small": small_view, "large": large_view, "docs": samples.hand_view}


def test_a_spectator_has_no_hand() -> None:
    view = samples.hand_view()
    with pytest.raises(ValueError, match="seat"):
        hand.hand_png({**view, "seat": None}, lang="en")


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_hand_says_so(lang: str, drawn: Drawn) -> None:
    data = hand.hand_png(empty_view(), lang=lang, names=["Ödön", "Bob"])
    assert png_size(data)[0] == hand.WIDTH
    shown = texts(drawn)
    assert locales.t(lang, "render.clash.hand.title", player="Ödön") in shown
    assert locales.t(lang, "render.clash.hand.empty") in shown
    assert not any(t in shown for t in (*ACTION_CARDS, *OBJECTIVE_CARDS))


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_shows_both_halves_with_their_texts(lang: str, drawn: Drawn) -> None:
    """A01 shows Advance (civil) and Peltasts (combat), O05 Religious (status phase) and
    Warlord (immediately), each name and the start of each text, and the card ids."""
    hand.hand_png(small_view(), lang=lang)
    shown = texts(drawn)
    joined = " ".join(shown)
    civil, combat = ACTION_HALVES["A01"]
    names = {
        locales.t(lang, f"clash.civil.{civil}"),
        locales.t(lang, f"clash.combat_half.{combat}"),
        locales.t(lang, "clash.objective.religious"),
        locales.t(lang, "clash.objective.warlord"),
        locales.t(lang, "render.clash.hand.civil"),
        locales.t(lang, "render.clash.hand.combat"),
        locales.t(lang, "clash.objective_timing.status"),
        locales.t(lang, "clash.objective_timing.immediate"),
        locales.t(lang, "render.clash.hand.actions", count=1),
        locales.t(lang, "render.clash.hand.objectives", count=1),
        "A01",
        "O05",
    }
    assert names <= set(shown)
    for key in (
        f"clash.civil_text.{civil}",
        f"clash.combat_half_effect.{combat}",
        "clash.objective_text.religious",
        "clash.objective_text.warlord",
    ):
        first_words = " ".join(locales.t(lang, key).split()[1:4])
        assert first_words in joined, key
    expected = {"en": {"Advance", "Peltasts"}, "hu": {"Fejlődés", "Gyalogos Csatárok"}}
    assert expected[lang] <= set(shown)


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_of_a_large_hand_is_drawn_within_budget(lang: str, drawn: Drawn) -> None:
    """7 action and 3 objective cards with the longest texts (the byte budget's worst case)
    in 1080 px and under 300 KB; every id and half name is drawn and no wrapped text is cut."""
    view = large_view()
    data = hand.hand_png(view, lang=lang)
    width, height = png_size(data)
    assert width == hand.WIDTH == 1080 and height > 3000
    assert len(data) < MAX_BYTES
    shown = texts(drawn)
    assert set(view["hand"]) <= set(shown)
    ctx = context(view, lang, None)
    for card in view["hand"]:
        face = card_faces.face(ctx, card)
        assert face is not None
        assert {h.name for h in face.halves} <= set(shown)
    assert not any(t.endswith("…") for t in shown)


def test_the_hand_is_drawn_in_the_viewers_language(drawn: Drawn) -> None:
    view = small_view()
    hand.hand_png(view, lang="en")
    english = set(texts(drawn))
    drawn.clear()
    hand.hand_png(view, lang="hu")
    hungarian = set(texts(drawn))
    assert "Status phase" in english and "Állapot Fázis" in hungarian
    assert not english & hungarian - {"A01", "O05"}


@pytest.mark.parametrize("name", sorted(VIEWS))
@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_under_the_phone_rule(name: str, lang: str, drawn: Drawn) -> None:
    """Every font drawn, on every hand, is at least W/40 px (27 px at 1080 px wide: 9 px on
    a phone that shows it 360 px wide)."""
    hand.hand_png(VIEWS[name](), lang=lang, names=["Őrház Ödön", "Bob"])
    smallest = min(size for *_, size in drawn)
    assert smallest >= math.ceil(hand.WIDTH / 40) == look.min_text(hand.WIDTH) == 27
    assert smallest * look.PHONE_WIDTH / hand.WIDTH >= look.PHONE_TEXT


def stand_ins(card: str) -> int:
    """How many halves of ``card`` have a main source other than the seed or the original
    edition (read from the rules' data)."""
    if card in ACTION_HALVES:
        civil, combat = ACTION_HALVES[card]
        sources = [CIVIL[civil].source, COMBAT[combat].source]
    else:
        sources = [h.source for h in OBJECTIVES[card].values()]
    return sum(s.split("+")[0] not in ("seed", "original") for s in sources)


@pytest.mark.parametrize("lang", LANGS)
def test_stand_in_halves_are_marked(lang: str, drawn: Drawn) -> None:
    """One "stand-in" pill per half not attested, and the note under the cards; A22 (Explorers
    / Prepared Defenses, both from the rulebook) has none, A01 has two."""
    assert (stand_ins("A22"), stand_ins("A01"), stand_ins("O22")) == (0, 2, 0)
    for cards, objective in ((["A22"], ["O22"]), (["A01"], []), (list(ACTION_CARDS[7:14]), [])):
        drawn.clear()
        hand.hand_png(samples.hand_view(actions=cards, objectives=objective, trade=()), lang=lang)
        shown = texts(drawn)
        marks = shown.count(locales.t(lang, "render.clash.hand.stand_in"))
        assert marks == sum(stand_ins(c) for c in cards + objective)
        note = locales.t(lang, "render.clash.hand.stand_in_note").split()[0]
        assert any(t.startswith(note) for t in shown) == bool(marks)


def accent_pixels(view: dict[str, Any]) -> int:
    with Image.open(io.BytesIO(hand.hand_png(view, lang="en"))) as picture:
        rgb = picture.convert("RGB")
    return near(rgb, (0, 0, rgb.width, rgb.height), theme.ACCENT)


@pytest.mark.parametrize("lang", LANGS)
def test_an_objective_offered_now_is_highlighted(lang: str, drawn: Drawn) -> None:
    """After ann's battle Warlord (O05 bottom) is offered: the header names it and its half
    says it may be completed now, framed in the accent colour; Religious (O05 top) is not."""
    view = small_view()
    assert view["private"]["objective_offers"] == [{"card": "O05", "half": "bottom"}]
    hand.hand_png(view, lang=lang)
    shown = texts(drawn)
    warlord = locales.t(lang, "clash.objective.warlord")
    assert locales.t(lang, "render.clash.hand.offers", objectives=["warlord"]) in shown
    assert shown.count(locales.t(lang, "render.clash.hand.offered")) == 1
    at = {text: xy for xy, text, _ in drawn}
    offered = at[locales.t(lang, "render.clash.hand.offered")][1]
    assert at[warlord][1] < offered
    assert at[locales.t(lang, "clash.objective.religious")][1] < at[warlord][1]
    quiet = {**view, "private": {**view["private"], "objective_offers": []}}
    assert accent_pixels(view) > accent_pixels(quiet) + 2000


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_of_trade_offers_are_named(lang: str, drawn: Drawn) -> None:
    """ann offered bob A11: on her hand the card says so; bob's hand names the card offered
    to him (his own cards are A07 and O02)."""
    hand.hand_png(samples.hand_view(), lang=lang)
    assert locales.t(lang, "render.clash.hand.in_trade", player="bob") in texts(drawn)
    drawn.clear()
    bob = samples.hand_view(seat=1)
    assert bob["hand"] == ["A07", "O02"]
    hand.hand_png(bob, lang=lang)
    line = locales.t(lang, "render.clash.hand.offered_to_you", player="ann", cards=["A11"])
    assert line in texts(drawn)
    assert {"A07", "O02"} <= set(texts(drawn))


def test_the_hand_is_deterministic_and_reads_the_seats_own_cards_only() -> None:
    """The same view draws the same bytes; another hand draws another picture; unknown ids
    are left out."""
    view = samples.hand_view()
    assert hand.hand_png(view, lang="en") == hand.hand_png(samples.hand_view(), lang="en")
    assert hand.hand_png(view, lang="en") != hand.hand_png(small_view(), lang="en")
    odd = {**view, "hand": [*view["hand"], "Z99", "E01"]}
    assert hand.hand_png(odd, lang="en") == hand.hand_png(view, lang="en")


def test_a_picture_over_budget_is_encoded_smaller(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`hand.BUDGET` the picture is encoded again with fewer colours: smaller, the
    same picture but for a few shades."""
    view = samples.hand_view()
    fast = hand.hand_png(view, lang="en")
    assert len(fast) <= hand.BUDGET < MAX_BYTES
    monkeypatch.setattr(hand, "BUDGET", len(fast) - 1)
    small = hand.hand_png(view, lang="en")
    assert len(small) < len(fast) * 0.9
    with Image.open(io.BytesIO(fast)) as a, Image.open(io.BytesIO(small)) as b:
        diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    assert sum(diff.histogram()[40:]) < 0.01 * diff.width * diff.height  # edge shades
