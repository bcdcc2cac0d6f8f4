"""Point an unmodified discord.py at the emulator: two class attributes, loopback only.

``Route.BASE`` is read on every request (the webhook and interaction adapter builds Routes
too), and ``DEFAULT_GATEWAY`` is where ``Client.connect`` goes first and after an invalid
session. Both are process-global: one emulator per process at a time. Never call
``discord.http._set_api_version`` afterwards; it would reset ``Route.BASE``.
"""

from __future__ import annotations

import ipaddress

import discord.gateway
import discord.http
import yarl

_ORIGINAL_BASE = discord.http.Route.BASE
_ORIGINAL_GATEWAY = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` names this machine (localhost, 127.0.0.0/8 or ::1)."""
    if host is None:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def point_discord_at(url: str) -> None:
    """Send discord.py's REST calls to ``url/api/v10`` and its gateway to ``url/gateway``.

    ``url`` is the emulator's root, e.g. ``http://127.0.0.1:8765``.

    Raises:
        ValueError: the URL is not plain http on a loopback host.
    """
    root = yarl.URL(url)
    if root.scheme != "http" or not is_loopback(root.host):
        raise ValueError(f"refusing to point discord.py at {url!r}: only http on loopback")
    discord.http.Route.BASE = str(root.with_path("/api/v10"))
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = root.with_scheme("ws").with_path("/gateway")


def restore_discord() -> None:
    """Point discord.py back at the real Discord."""
    discord.http.Route.BASE = _ORIGINAL_BASE
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = _ORIGINAL_GATEWAY
