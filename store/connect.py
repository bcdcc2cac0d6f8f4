"""Opening the store a setting names: an SQLite file (the default) or a PostgreSQL URL."""

from __future__ import annotations

from pathlib import Path

from store.sqlite import SqliteStore

__all__ = ["describe", "is_postgres_url", "open_store"]

_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(where: str | Path) -> bool:
    """Whether ``where`` names a PostgreSQL database rather than an SQLite file.

    >>> is_postgres_url("postgresql://bot@localhost/tablehost"), is_postgres_url("data/x.db")
    (True, False)
    """
    return str(where).startswith(_SCHEMES)


def describe(where: str | Path) -> str:
    """``where`` for messages: a URL without its password, a path as it is."""
    if is_postgres_url(where):
        from store.postgres import redact

        return redact(str(where))
    return str(where)


async def open_store(where: str | Path) -> SqliteStore:
    """The store at ``where``, migrated to the latest schema.

    A ``postgresql://`` URL opens :class:`store.postgres.PostgresStore` (asyncpg is imported
    only then); anything else is an SQLite file (or ``:memory:``).

    Raises:
        DatabaseRefused: the database cannot be opened or is not one of ours.
    """
    if is_postgres_url(where):
        from store.postgres import PostgresStore

        return await PostgresStore.open(str(where))
    return await SqliteStore.open(where)
