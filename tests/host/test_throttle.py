"""host.throttle: token buckets per user and per server, refusals that cost nothing."""

from __future__ import annotations

import pytest

from host.config import ConfigError, load_config
from host.throttle import PRUNE_AT, Rate, Throttle


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def throttle(user: int = 3, server: int = 5, window: float = 10.0) -> tuple[Throttle, Clock]:
    clock = Clock()
    return Throttle(Rate(user, window), Rate(server, window), clock=clock), clock


def test_a_user_gets_a_burst_then_waits_for_the_refill() -> None:
    gate, clock = throttle(user=3, window=9.0)  # one token every 3 s
    assert [gate.admit(1, 7) for _ in range(4)] == [0, 0, 0, 3]
    clock.now = 2.0
    assert gate.admit(1, 7) == 1  # a third of a token left to wait for: 1 s
    clock.now = 3.0
    assert gate.admit(1, 7) == 0
    assert gate.refused == 2


def test_users_do_not_share_a_bucket_but_share_their_server() -> None:
    gate, _ = throttle(user=2, server=3)
    assert [gate.admit(1, u) for u in (7, 7, 8, 8)] == [0, 0, 0, 4]  # 10 s / 3, rounded up
    # Another server is untouched by the first one's flood.
    assert gate.admit(2, 8) == 0


def test_a_refusal_takes_no_token_from_either_bucket() -> None:
    gate, _ = throttle(user=1, server=2, window=10.0)
    assert gate.admit(1, 7) == 0
    for _ in range(50):  # user 7 floods: refused by their own bucket, the server's stays
        assert gate.admit(1, 7) > 0
    assert gate.admit(1, 8) == 0


def test_a_zero_count_is_no_limit_and_dms_have_no_server() -> None:
    gate, _ = throttle(user=0, server=0)
    assert all(gate.admit(1, 7) == 0 for _ in range(1000))
    gate, _ = throttle(user=2, server=1)
    assert [gate.admit(None, 7) for _ in range(3)] == [0, 0, 5]


def test_idle_buckets_are_forgotten() -> None:
    gate, clock = throttle(user=2, server=0)
    for user in range(PRUNE_AT):
        gate.admit(1, user)
    clock.now = 100.0  # every bucket full again
    gate.admit(1, PRUNE_AT)
    assert len(gate._users) == 1


def test_the_limits_are_settings(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "c.toml"  # type: ignore[operator]
    path.write_text("[limits]\nper_user = 5\nper_server = 0\nwindow = 30\n")
    cfg = load_config(path, env={})
    assert (cfg.user_rate, cfg.server_rate, cfg.rate_window) == (5, 0, 30.0)
    defaults = load_config(None, env={})
    assert (defaults.user_rate, defaults.server_rate, defaults.rate_window) == (20, 60, 10.0)
    for bad, said in (
        ("per_user = -1", "limits.per_user"),
        ("per_server = 1e9", "limits.per_server"),
        ("window = 0", "limits.window"),
        ('per_user = "fast"', "limits.per_user"),
        ("burst = 3", "unknown setting limits.burst"),
    ):
        path.write_text(f"[limits]\n{bad}\n")
        with pytest.raises(ConfigError, match=said):
            load_config(path, env={})
