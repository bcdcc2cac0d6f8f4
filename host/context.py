"""What host logic needs of the running bot, without knowing it is a Discord bot.

``discordui.client.TableBot`` has these attributes; host modules are typed against :class:`Host`
so that they never import the Discord layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from host.clock import Clock
    from host.config import Config
    from host.presence import Presence
    from host.service import GameService
    from host.timers import TimerDispatcher
    from store import Store


class Host(Protocol):
    """The bot as the host sees it: configuration, store, game service, clock, timers and
    this process among those sharing the database."""

    @property
    def config(self) -> Config: ...

    @property
    def store(self) -> Store: ...

    @property
    def service(self) -> GameService: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def timers(self) -> TimerDispatcher: ...

    @property
    def presence(self) -> Presence: ...
