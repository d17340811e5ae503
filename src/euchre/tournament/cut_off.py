"""A clock cut-off for the night: "the last round called no later than 22:30".

A sheet (or the director) sets ``last_round_by`` ("HH:MM", the club's own clock) and, where the
app's machine does not keep the club's time, ``time_zone`` (an IANA name such as
``"America/Chicago"``). The cut-off is the first time the club's clock reads ``last_round_by``
at or after the night began (round 1 started), so "00:30" after a 19:00 start is half past
midnight. A round may be started up to and at the cut-off; after it the start is refused in
words (a director may still start it, written in the audit), and the night ends with the
rounds played. The clock is always handed in: nothing here reads the time itself.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from euchre.tournament.errors import TournamentError

__all__ = ["check_cut_off", "cut_off_at", "cut_off_line", "cut_off_refusal", "parse_clock"]

_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")
_ZONE = re.compile(r"^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$")


def parse_clock(text: str) -> time:
    """``"22:30"`` as a time of day; anything else is refused naming the value."""
    match = _CLOCK.match(text)
    if match is None:
        raise TournamentError(
            f"last_round_by is {text!r}; write the time the last round may be called on a "
            '24-hour clock as HH:MM, e.g. "22:30"'
        )
    return time(int(match[1]), int(match[2]))


def zone_named(name: str | None) -> tzinfo:
    """The time zone ``name`` (an IANA name); None: the local time of the app's machine."""
    if name is None:
        local = datetime.now().astimezone().tzinfo
        return local if local is not None else UTC
    problem = (
        f"time_zone {name!r} is not a time zone this machine knows; write its IANA name, "
        'e.g. "America/Chicago" or "Europe/London"'
    )
    if len(name) > 60 or not _ZONE.match(name):
        raise TournamentError(problem)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise TournamentError(problem) from None


def check_cut_off(last_round_by: str | None, time_zone: str | None) -> None:
    """Refuse a cut-off or a time zone that cannot be read (naming the value)."""
    if last_round_by is not None:
        parse_clock(last_round_by)
    if time_zone is not None:
        zone_named(time_zone)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def cut_off_at(last_round_by: str, time_zone: str | None, night_started: datetime) -> datetime:
    """The moment of the cut-off: the first time the club's clock reads ``last_round_by`` at
    or after ``night_started`` (round 1's start), in the club's time zone."""
    zone = zone_named(time_zone)
    started = _aware(night_started).astimezone(zone)
    moment = datetime.combine(started.date(), parse_clock(last_round_by), tzinfo=zone)
    if moment < started:
        moment = datetime.combine(
            started.date() + timedelta(days=1), parse_clock(last_round_by), tzinfo=zone
        )
    return moment


def cut_off_line(last_round_by: str, time_zone: str | None) -> str:
    """The cut-off in the director's words: "Last round called by 22:30 (America/Chicago)."."""
    where = f" ({time_zone})" if time_zone else ""
    return f"Last round called by {last_round_by}{where}."


def cut_off_refusal(
    last_round_by: str | None,
    time_zone: str | None,
    *,
    night_started: datetime | None,
    now: datetime,
    played: int,
) -> str | None:
    """Why round ``played + 1`` may not start at ``now`` (None: it may): the night's cut-off
    has passed. Before round 1 has started there is no cut-off yet."""
    if last_round_by is None or night_started is None:
        return None
    at = cut_off_at(last_round_by, time_zone, night_started)
    if _aware(now) <= at:
        return None
    clock = _aware(now).astimezone(at.tzinfo)
    rounds = "round" if played == 1 else "rounds"
    return (
        f"It is {clock:%H:%M}, past the night's cut-off: the last round is called no later "
        f"than {last_round_by}. The night ends with the {played} {rounds} played: finish the "
        f"night, or start round {played + 1} anyway (written in the audit)."
    )
