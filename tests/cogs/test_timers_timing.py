"""Durations, quiet hours across time zones and midnight, the fake clock, user prefs, votes."""

from __future__ import annotations

import asyncio
import doctest
import zoneinfo
from datetime import UTC, datetime, time, timedelta

import pytest

import host.clock
import host.timing
from cogs.deadlines import decide
from cogs.settings import _changes
from host.clock import FakeClock
from host.errors import UserError
from host.prefs import duration_text, prefs_from
from host.timing import (
    format_duration,
    parse_duration,
    parse_optional_duration,
    parse_window,
    quiet_until,
    zone,
)

BUDAPEST = zoneinfo.ZoneInfo("Europe/Budapest")
NIGHT = (time(22, 0), time(7, 0))


def utc(day: int, hour: int, minute: int = 0, month: int = 1) -> datetime:
    return datetime(2030, month, day, hour, minute, tzinfo=UTC)


def test_doctests_of_the_time_modules() -> None:
    """The examples in the docstrings hold."""
    for module in (host.timing, host.clock):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1m", timedelta(minutes=1)),
        ("90m", timedelta(minutes=90)),
        ("12h", timedelta(hours=12)),
        ("2d", timedelta(days=2)),
        ("1d 6h 30m", timedelta(days=1, hours=6, minutes=30)),
        (" 3H ", timedelta(hours=3)),
    ],
)
def test_durations_people_type(text: str, expected: timedelta) -> None:
    """Minutes, hours and days, alone or combined, any case and spacing."""
    assert parse_duration(text) == expected
    assert parse_duration(format_duration(expected)) == expected


@pytest.mark.parametrize("text", ["", "12", "h", "0m", "1w", "-1h", "1.5h", "12h!"])
def test_not_durations(text: str) -> None:
    """Anything else is refused, including a zero length."""
    with pytest.raises(ValueError):
        parse_duration(text)


def test_off_switches_an_optional_duration_off() -> None:
    """``off`` (or its Hungarian ``ki``) means none."""
    assert parse_optional_duration("off") is None
    assert parse_optional_duration("KI") is None
    assert parse_optional_duration("2d") == timedelta(days=2)


def test_windows_parse_and_refuse() -> None:
    """``22-7`` and ``22:00-07:00`` are one window; an empty or malformed one is refused."""
    assert parse_window("22-7") == parse_window("22:00-07:00") == NIGHT
    assert parse_window("0:30-24:00") == (time(0, 30), time(0, 0))
    for bad in ("22:00", "22:00-22:00", "25:00-07:00", "a-b", "1-2-3"):
        with pytest.raises(ValueError):
            parse_window(bad)


def test_quiet_hours_over_midnight_in_a_time_zone() -> None:
    """Budapest is UTC+1 in winter: 22:00-07:00 local is 21:00-06:00 UTC."""
    assert quiet_until(utc(7, 20, 59), NIGHT, BUDAPEST) is None
    assert quiet_until(utc(7, 21, 0), NIGHT, BUDAPEST) == utc(8, 6)
    assert quiet_until(utc(7, 23, 30), NIGHT, BUDAPEST) == utc(8, 6)  # after local midnight
    assert quiet_until(utc(8, 5, 59), NIGHT, BUDAPEST) == utc(8, 6)
    assert quiet_until(utc(8, 6, 0), NIGHT, BUDAPEST) is None


def test_quiet_hours_within_one_day_and_in_summer() -> None:
    """A daytime window works too; in July Budapest is UTC+2."""
    lunch = (time(12, 0), time(13, 30))
    assert quiet_until(utc(7, 11, 15), lunch, BUDAPEST) == utc(7, 12, 30)
    assert quiet_until(utc(7, 12, 30), lunch, BUDAPEST) is None
    assert quiet_until(utc(10, 21, 0, month=7), NIGHT, BUDAPEST) == utc(11, 5, month=7)


def test_quiet_hours_ending_in_the_skipped_spring_hour() -> None:
    """On 31 March 2030 Budapest skips 02:00-03:00: a window ending at 02:30 ends at 03:30
    local (01:30 UTC), never before the night is over."""
    early = (time(1, 0), time(2, 30))
    end = quiet_until(datetime(2030, 3, 31, 0, 15, tzinfo=UTC), early, BUDAPEST)
    assert end == datetime(2030, 3, 31, 1, 30, tzinfo=UTC)


def test_time_zones_are_zoneinfo_names() -> None:
    """Known names resolve; others are refused."""
    assert zone("Europe/Budapest").key == "Europe/Budapest"
    with pytest.raises(ValueError):
        zone("Mars/Olympus_Mons")


async def test_fake_clock_wakes_sleepers_when_advanced() -> None:
    """A sleeper wakes exactly when time reaches its moment, not before."""
    clock = FakeClock()
    woke: list[str] = []

    async def sleeper(name: str, minutes: int) -> None:
        await clock.sleep_until(clock.now() + timedelta(minutes=minutes))
        woke.append(name)

    tasks = [asyncio.create_task(sleeper("a", 10)), asyncio.create_task(sleeper("b", 5))]
    await asyncio.sleep(0)
    assert clock.sleepers == 2
    clock.advance(timedelta(minutes=4))
    await asyncio.sleep(0)
    assert woke == []
    clock.advance(60)
    await asyncio.sleep(0)
    assert woke == ["b"]
    clock.advance(timedelta(minutes=5))
    await asyncio.gather(*tasks)
    assert woke == ["b", "a"] and clock.sleepers == 0
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_prefs_fill_defaults_and_ignore_broken_values() -> None:
    """Unset or unreadable values fall back: the default delay, no quiet hours, UTC."""
    default = timedelta(hours=8)
    prefs = prefs_from({}, default)
    assert (prefs.reminder, prefs.quiet, prefs.tz, prefs.dm, prefs.language) == (
        default,
        None,
        "UTC",
        False,
        None,
    )
    broken = prefs_from(
        {"reminder": "soon", "quiet": "x", "tz": "Nowhere", "language": "de"}, default
    )
    assert broken == prefs
    chosen = prefs_from(
        {"reminder": 0, "quiet": "22:00-07:00", "tz": "Europe/Budapest", "dm": True}, default
    )
    assert chosen.reminder is None and chosen.dm
    assert chosen.quiet_until(utc(7, 21, 30)) == utc(8, 6)


def test_settings_changes_are_checked() -> None:
    """/settings stores seconds, a normalised window and zone; bad text is a UserError."""
    changes = _changes("2h", "22-7", "Europe/Budapest", True, "auto")
    assert changes == {
        "reminder": 7200,
        "quiet": "22:00-07:00",
        "tz": "Europe/Budapest",
        "dm": True,
        "language": None,
    }
    assert _changes("off", "off", None, None, None) == {"reminder": 0, "quiet": None}
    for args, code in (
        (("soon", None, None, None, None), "bad_duration"),
        ((None, "night", None, None, None), "bad_window"),
        ((None, None, "Mars/Base", None, None), "bad_time_zone"),
    ):
        with pytest.raises(UserError) as refused:
            _changes(*args)
        assert refused.value.code == code


def test_duration_text_in_both_languages() -> None:
    """Exact lengths with plural units, not Babel's rounded ones."""
    length = timedelta(days=1, hours=12)
    assert duration_text("en", length) == "1 day 12 hours"
    assert duration_text("hu", length) == "1 nap 12 óra"
    assert duration_text("en", timedelta(minutes=1)) == "1 minute"


@pytest.mark.parametrize(
    ("votes", "voters", "expected"),
    [
        ({}, 3, None),
        ({1: "drop"}, 1, "drop"),
        ({1: "drop"}, 2, None),
        ({1: "drop", 2: "drop"}, 3, "drop"),
        ({1: "drop", 2: "end"}, 3, None),
        ({1: "drop", 2: "end", 3: "wait"}, 3, "wait"),
        ({1: "end", 2: "end", 3: "wait"}, 3, "end"),
        ({1: "drop", 2: "end"}, 2, "wait"),
    ],
)
def test_a_strict_majority_decides_and_a_deadlock_keeps_waiting(
    votes: dict[int, str], voters: int, expected: str | None
) -> None:
    """More than half of the voters decide; everyone voting without a majority means wait."""
    assert decide(votes, voters) == expected


@pytest.mark.parametrize("text", ["٣h", "²d", "1d ①h", "9" * 41 + "m", "1" * 30 + "d"])
def test_durations_are_ascii_and_short(text: str) -> None:
    """Other scripts' digits (which int() accepts) and absurd lengths are not durations."""
    with pytest.raises(ValueError):
        host.timing.parse_duration(text)


@pytest.mark.parametrize(
    ("setting", "longest", "over"),
    [("reminder", "30d", "30d1m"), ("deadline", "90d", "91d"), ("cleanup", "365d", "366d")],
)
def test_each_setting_has_its_maximum(setting: str, longest: str, over: str) -> None:
    limit = host.timing.MAXIMA[setting]
    assert host.timing.parse_duration(longest, limit) == limit
    with pytest.raises(host.timing.DurationTooLong):
        host.timing.parse_duration(over, limit)
    with pytest.raises(UserError) as refused:
        host.timing.duration_option("999999999d", setting)
    assert refused.value.code == "duration_too_long"
    assert refused.value.params["maximum"] == longest


def test_stored_values_beyond_a_maximum_are_read_as_the_maximum() -> None:
    """Rows written before the maxima existed (a deadline of 10**15 seconds) used to overflow
    datetime when timers were planned at start-up."""
    huge = 10**15
    assert host.timing.stored_duration(huge, "deadline") == host.timing.MAXIMA["deadline"]
    assert datetime.now(UTC) + host.timing.stored_duration(huge, "deadline")
    assert host.timing.stored_duration(-5, "deadline") == timedelta(0)
    prefs = prefs_from({"reminder": huge}, timedelta(hours=8))
    assert prefs.reminder == timedelta(hours=8)
