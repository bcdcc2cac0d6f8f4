"""A player's vacation (``/vacation``): their reminders and deadlines in a game move back by
the days taken, within the allowance of the game (``timers.vacation_days``), with a note in
the log; all in one transaction."""

from __future__ import annotations

from datetime import datetime, timedelta

from host.service import GameService, Loaded
from store import StoreError, VacationRow


class VacationUsedUp(Exception):
    """More days asked than the game's allowance has left (``left``)."""

    def __init__(self, left: timedelta) -> None:
        super().__init__(f"vacation allowance left: {left}")
        self.left = left


async def take_vacation(
    service: GameService,
    game: Loaded,
    user_id: int,
    seat: int,
    days: int,
    allowance: timedelta,
    now: datetime,
) -> VacationRow:
    """Take ``days`` off in ``game`` (the caller checked that ``user_id`` plays ``seat`` of
    the running game); the vacation as it stands now. The timer dispatcher is not woken:
    nothing comes due earlier."""
    taken: list[VacationRow] = []

    async def away() -> None:
        taken.append(
            await service.store.take_vacation(
                game.row.id,
                user_id,
                seat=seat,
                seconds=days * 86400,
                allowance=int(allowance.total_seconds()),
                now=now,
            )
        )

    try:
        await service.note(game.row.id, user_id, f"vacation {days}d", together=away)
    except StoreError as exc:
        if exc.code != "vacation_used_up":
            raise
        raise VacationUsedUp(timedelta(seconds=int(exc.params.get("left", 0)))) from None
    return taken[0]
