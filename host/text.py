"""Message texts built from engine data (events, prompts, choices). Pure: no Discord calls."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import locales
from rules.core import Choice, Event, Game, Outcome, Prompt
from rules.views import View

#: Discord refuses a message content longer than this (error 50035).
MESSAGE_LIMIT = 2000
#: How much of a user's own input a refusal repeats back.
ECHO_LIMIT = 100


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis showing where.

    >>> clip("place forest 3", 9)
    'place fo…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echoed(params: Mapping[str, Any]) -> dict[str, Any]:
    """Refusal parameters with anything a user typed shortened to :data:`ECHO_LIMIT` (a long
    input repeated in full would push the answer past Discord's limit and go unanswered)."""
    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, str):
            value = clip(value, ECHO_LIMIT)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
            value = clip(str(value), ECHO_LIMIT)
        out[name] = value
    return out


def game_name(lang: str, game: str) -> str:
    """``CIV: Carta Impera Victoria`` (each game's catalogue has ``<game>.title``)."""
    return locales.t(lang, f"{game}.title")


def game_title(lang: str, game: str, game_id: int) -> str:
    """``CIV: Carta Impera Victoria #12``."""
    return locales.t(lang, "game.title", name=game_name(lang, game), id=game_id)


def event_lines(lang: str, events: Iterable[Event], seat: int | None) -> list[str]:
    """Sentences for the events ``seat`` (None = everyone) may read."""
    return [locales.event_text(lang, e.kind, dict(e.params)) for e in events if e.is_visible(seat)]


def private_lines(lang: str, events: Iterable[Event], seat: int) -> list[str]:
    """The lines of ``seat``'s own confirmation of its move, never for a public post: what only
    ``seat`` (and maybe a few others) may read, and the results of chance the move brought
    (public events a game repeats to the mover, ``own.<kind>``: the dice rolled, a card or a
    region turned up), which the table post may soon push out of its last actions."""
    lines = []
    for e in events:
        if e.visible_to is None:
            if locales.has(lang, f"own.{e.kind}"):
                lines.append(locales.t(lang, f"own.{e.kind}", **dict(e.params)))
        elif seat in e.visible_to:
            lines.append(locales.event_text(lang, e.kind, dict(e.params)))
    return lines


def recent_lines(lang: str, view: View, last: int | None = None) -> list[str]:
    """The public view's recent events as sentences (every engine keeps ``recent``), the
    ``last`` ones only if given (those are all that are written out)."""
    # .get: games registered only in tests may keep no recent events.
    recent = list(view.get("recent", []))
    if last is not None:
        recent = recent[max(0, len(recent) - last) :]
    return [locales.event_text(lang, e["kind"], dict(e.get("params", {}))) for e in recent]


def prompt_what(lang: str, game: str, prompt: Prompt) -> str:
    """What a prompt asks: ``play a card``."""
    return locales.t(lang, f"prompt.{game}.{prompt.kind}", **dict(prompt.params))


def prompt_line(lang: str, game: str, prompt: Prompt, who: str) -> str:
    """``@bob: your turn - play a card``; ``bob may: accept the trade`` for an offer."""
    key = "play.prompt_line" if prompt.must else "play.offer_line"
    return locales.t(lang, key, who=who, what=prompt_what(lang, game, prompt))


def own_prompt_line(lang: str, game: str, prompt: Prompt) -> str:
    """The same for the player it is meant for: ``You: play a card``, ``You may: ...`` (a
    sentence of its own, as Hungarian conjugates the verb for "you")."""
    key = "play.own_prompt_line" if prompt.must else "play.own_offer_line"
    return locales.t(lang, key, what=prompt_what(lang, game, prompt))


def choice_label(lang: str, choice: Choice) -> str:
    """The localised label of one choice."""
    return locales.t(lang, choice.label, **dict(choice.params))


def choice_question(lang: str, choice: Choice) -> str:
    """The question a choice asks before it is sent (``Choice.ask``, with the choice's
    parameters)."""
    return locales.t(lang, choice.ask, **dict(choice.params))


def choice_help(lang: str, game: str, choice: Choice) -> str | None:
    """What a choice does, from the game's ``/rules`` help: the topic its label names
    (``civ.effect.attack`` -> ``rules.civ.effect.attack``), else one a parameter names
    (``advance=irrigation`` -> ``rules.clash.advance.irrigation``, ``card=A07``); its first
    paragraph, which says what it does. None when no topic explains it."""
    keys = [f"rules.{choice.label}"] if choice.label.startswith(f"{game}.") else []
    keys += [f"rules.{game}.{name}.{value}" for name, value in choice.params.items()]
    for key in keys:
        if locales.has(lang, key):
            return plain_help(lang, game, locales.t(lang, key).split("\n", 1)[0])
    return None


#: Abbreviations of a rulebook a help text may use, spelled out under a picker's buttons by
#: the game's ``<game>.abbreviation.<abbreviation>`` ("AAA": "costs an action").
ABBREVIATIONS = ("AAA",)
_CODE = re.compile(r"`[^`]*`")
_CODE_IN_PARENS = re.compile(r"\s*\(([^()]*`[^()]*)\)")


def plain_help(lang: str, game: str, about: str) -> str:
    """A ``/rules`` help text as the picker shows it, for a player who taps rather than types:
    without the command syntax written for ``/move`` (code spans, with the parentheses,
    commas and semicolons left around them; a parenthesis left with one word, "see", goes
    whole) and with the rulebook's abbreviations spelled out.

    >>> plain_help("en", "clash", "AAA: swap 1 Gold (`barter gold-culture`; twice at most).")
    'Costs an action: swap 1 Gold (twice at most).'
    >>> plain_help("en", "clash", "Build a wonder (`wonder <city> <wonder>`; see `rule.wonders`).")
    'Build a wonder.'
    """

    def inside(match: re.Match[str]) -> str:
        rest = _CODE.sub("", match.group(1))
        rest = re.sub(r"^[\s,;:]+|[\s,;:]+$", "", re.sub(r"\s*([,;])(?:\s*[,;])*", r"\1", rest))
        return f" ({rest})" if len(rest.split()) > 1 else ""

    about = _CODE_IN_PARENS.sub(inside, about)
    about = re.sub(r"\s*" + _CODE.pattern, "", about)
    for abbreviation in ABBREVIATIONS:
        key = f"{game}.abbreviation.{abbreviation}"
        if abbreviation in about and locales.has(lang, key):
            words = locales.t(lang, key)
            # A sentence that begins with it begins with a capital.
            about = re.sub(
                rf"(^|\. ){abbreviation}\b", rf"\g<1>{words[:1].upper()}{words[1:]}", about
            )
            about = re.sub(rf"\b{abbreviation}\b", words, about)
    return re.sub(r"\s+([,.;:])", r"\1", about)


def short(text: str, limit: int) -> str:
    """``text`` cut at a word to at most ``limit`` characters, an ellipsis showing where."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def action_label(
    lang: str,
    engine: Game[Any],
    state: Any,
    seat: int,
    parts: Sequence[str],
    *,
    choices: Callable[[Sequence[str]], Sequence[Choice]] | None = None,
) -> str:
    """A readable form of a (partial) action: each token's label, joined with middle dots.

    ``choices`` answers for ``engine.choices(state, seat, prefix)`` (a cache of them)."""
    labels: list[str] = []
    for i, token in enumerate(parts):
        prefix = list(parts[:i])
        options = choices(prefix) if choices else engine.choices(state, seat, prefix)
        match = next((c for c in options if c.token == token), None)
        labels.append(choice_label(lang, match) if match else token)
    return " · ".join(labels)


def outcome_lines(
    lang: str,
    game: str,
    outcome: Outcome,
    handles: Sequence[str],
    mention: Callable[[int], str],
) -> list[str]:
    """The game-over summary: winners, how the game ended, the scores by seat."""
    winners = [mention(s) for s in outcome.winners]
    lines = [
        locales.t(lang, "play.winners", count=len(winners), winners=winners),
        locales.t(lang, f"outcome.{outcome.reason}"),
    ]
    if outcome.tiebreak:
        rule = locales.t(lang, f"{game}.tiebreak.{outcome.tiebreak}")
        lines.append(locales.t(lang, "play.tiebreak", rule=rule))
    order = sorted(range(len(handles)), key=lambda s: (outcome.ranks[s], s))
    won = outcome.details.get("won_by") if isinstance(outcome.details, Mapping) else None
    for seat in order:
        score = outcome.scores[seat]
        shown = int(score) if float(score).is_integer() else score
        params = {"rank": outcome.ranks[seat], "who": mention(seat), "score": shown}
        # What a score counts is the game's to say (points, domains won...).
        extra = {"count": shown, "won": (won or {}).get(handles[seat]) or []}
        key = _score_key(lang, game, outcome.reason, shown)
        lines.append(locales.t(lang, key, **params, **extra))
    return lines


def _score_key(lang: str, game: str, reason: str, score: float) -> str:
    """The score line's key: ``<game>.score.<reason>`` (``..._none`` for a score of 0), else
    ``<game>.score.default``, else the bare number (``play.score_line``)."""
    keys = [f"{game}.score.{reason}_none"] if score == 0 else []
    keys += [f"{game}.score.{reason}", f"{game}.score.default"]
    return next((k for k in keys if locales.has(lang, k)), "play.score_line")
