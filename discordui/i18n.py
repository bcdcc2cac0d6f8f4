"""Languages on Discord: command localisations and who reads which language.

Ephemeral replies follow the language a user chose with ``/settings``, else their Discord
client's; public posts follow the server's setting (``/mod language``), else the configured
default.
Command names stay English everywhere (so help texts and docs name one command); descriptions,
parameter descriptions and choice names are translated.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import locales
import rules
from host import text


def user_lang(interaction: discord.Interaction[Any]) -> str:
    """The language for a reply only this user sees: their ``/settings`` choice, else their
    Discord client's."""
    overrides = getattr(interaction.client, "language_overrides", None)
    chosen = overrides.get(interaction.user.id) if isinstance(overrides, dict) else None
    if isinstance(chosen, str) and chosen in locales.SUPPORTED:
        return chosen
    return locales.normalize(str(interaction.locale))


class CatalogueTranslator(app_commands.Translator):
    """Looks command texts up by keys derived from where they appear.

    Keys: ``cmd.<qualified name with dots>.description``, ``cmd.<command>.param.<name>``
    (parameter description) and ``choice.<value>``. English is the source text, so only other
    languages are looked up.
    """

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = locales.normalize(str(locale))
        if lang == locales.DEFAULT:
            return None
        key = _key_for(string, context)
        if key is None or not locales.has(lang, key):
            return None
        return locales.t(lang, key)


def _key_for(
    string: app_commands.locale_str, context: app_commands.TranslationContextTypes
) -> str | None:
    explicit = string.extras.get("key")
    if isinstance(explicit, str):
        return explicit
    where = context.location
    data: Any = context.data
    loc = app_commands.TranslationContextLocation
    if where in (loc.command_description, loc.group_description):
        return f"cmd.{data.qualified_name.replace(' ', '.')}.description"
    if where is loc.parameter_description:
        return f"cmd.{data.command.qualified_name.replace(' ', '.')}.param.{data.name}"
    if where is loc.choice_name:
        return f"choice.{data.value}"
    return None


def game_choices() -> list[app_commands.Choice[str]]:
    """The games as command choices (English; the translator supplies ``choice.<game>``)."""
    return [app_commands.Choice(name=text.game_name("en", g), value=g) for g in rules.GAME_NAMES]
