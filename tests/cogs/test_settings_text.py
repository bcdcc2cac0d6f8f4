"""``/settings`` answers in sentences, each saying what the bot will do (not a form of
"field: value" lines), in both languages and whether a setting is on or off."""

from __future__ import annotations

from datetime import time, timedelta

from cogs.settings import settings_text
from host.prefs import Prefs

SET = Prefs(timedelta(hours=8), (time(22), time(7)), "Europe/Budapest", True, "hu")
UNSET = Prefs(None, None, "UTC", False, None)


def test_hungarian_settings_read_as_sentences() -> None:
    assert settings_text("hu", SET).splitlines()[1:5] == [
        "⏰ Ha döntés vár rád, 8 óra múlva emlékeztetlek.",
        "🌙 A csendes óráidban (22:00-07:00, időzóna: Europe/Budapest) nem küldök emlékeztetőt, "
        "csak utánuk.",
        "✉️ Az emlékeztetőket közvetlen üzenetben kapod.",
        "🌐 A privát válaszaimat magyarul kapod.",
    ]
    assert settings_text("hu", UNSET).splitlines()[1:5] == [
        "⏰ Nem emlékeztetlek, ha döntés vár rád.",
        "🌙 Nincsenek csendes óráid: emlékeztető bármikor jöhet (időzóna: UTC).",
        "✉️ Az emlékeztetőket a játék szálában kapod.",
        "🌐 A privát válaszaimat a Discord-kliensed nyelvén kapod.",
    ]


def test_english_settings_read_as_sentences() -> None:
    assert settings_text("en", SET).splitlines()[1:5] == [
        "⏰ When a decision waits for you, I remind you after 8 hours.",
        "🌙 I hold back reminders during your quiet hours (22:00-07:00, time zone Europe/Budapest) "
        "until they end.",
        "✉️ Your reminders come as direct messages.",
        "🌐 I answer you privately in Hungarian.",
    ]
    assert settings_text("en", UNSET).splitlines()[1:5] == [
        "⏰ I do not remind you when a decision waits for you.",
        "🌙 You have no quiet hours: a reminder may come at any time (time zone UTC).",
        "✉️ Your reminders come in the game's thread.",
        "🌐 I answer you privately in the language of your Discord app.",
    ]
