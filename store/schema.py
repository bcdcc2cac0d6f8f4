"""The schema: its migrations, and recognising a database file of ours before opening it.

Migrations are ``store/migrations/NNNN_name.sql``, numbered from 1 without gaps
(:func:`load_migrations`); both backends apply them (``store.sqlite``, ``store.postgres``).

Recognition: every tablehost database carries :data:`APPLICATION_ID` in SQLite's
``PRAGMA application_id``. ``SqliteStore.open`` reads a file without changing it
(:func:`_inspect`) before anything else, and refuses (:class:`DatabaseRefused`) one that is not
ours, so another application's file is never migrated, and one that is damaged (its schema is
not exactly ours, or SQLite's integrity check fails), so damage is named at start-up rather
than by a failing command later.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from store.base import StoreError
from store.sql.convert import _decode_text

__all__ = ["APPLICATION_ID", "DatabaseRefused", "Migration", "load_migrations"]

#: ``PRAGMA application_id`` of every tablehost database: "TbHo" in ASCII (0x5462486F). The
#: first migration run on a file sets it; a file with any other non-zero id is not ours.
APPLICATION_ID = 0x5462486F

_MIGRATION_FILE = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")

_SQLITE_HEADER = b"SQLite format 3\x00"
#: What recognising a file reads (the same queries before opening and inside the claim).
_IDENTITY_QUERIES = (
    "PRAGMA application_id",
    "PRAGMA user_version",
    "SELECT type, name, tbl_name, sql FROM sqlite_master",
)
#: SQLite's result codes for a file that is not a database and for a damaged one.
_SQLITE_NOTADB = 26
_SQLITE_CORRUPT = 11
#: What reading a file that is not sound can raise, and nothing broader: anything else out of
#: the inspection is a bug of ours and must surface as one. ``sqlite3.DatabaseError`` is
#: SQLite's "file is not a database", "database disk image is malformed", a malformed schema
#: (its subclass ``OperationalError``: cannot open or read the file at all).
#: ``UnicodeDecodeError``: the sqlite3 module decodes SQLite's error messages as UTF-8, and the
#: message about a malformed schema quotes the damaged SQL, so a byte there that is not UTF-8
#: comes out as this instead of the DatabaseError it reports.
_UNREADABLE: tuple[type[Exception], ...] = (sqlite3.DatabaseError, UnicodeDecodeError)
#: The DatabaseErrors the sqlite3 module raises by itself when it refuses a call (a closed
#: connection, a wrong number of parameters): a bug of ours whatever the file holds.
_MISUSE: tuple[type[Exception], ...] = (sqlite3.ProgrammingError, sqlite3.NotSupportedError)


class DatabaseRefused(StoreError):
    """The file cannot be used as our database; it was left untouched.

    ``code`` is ``not_sqlite`` (not an SQLite file), ``not_ours`` (another application's
    SQLite file), ``schema_too_new`` (written by a newer version of the bot), ``damaged``
    (SQLite finds it damaged, or our marker on a schema that is not the one its version says)
    or ``cannot_open`` (a folder, no permission...). ``str()`` is one sentence for the operator.
    """

    def __init__(self, code: str, path: str, sentence: str, **params: Any) -> None:
        super().__init__(code, path=path, **params)
        self.args = (sentence,)


#: One schema object as ``sqlite_master`` describes it: type, name, table and SQL text.
_Object = tuple[str, str, str, str | None]


@dataclass(frozen=True)
class _Identity:
    """What a file says about itself: the two header pragmas and its schema, by name."""

    application_id: int
    user_version: int
    schema: Mapping[str, _Object]

    @classmethod
    def of(cls, results: Sequence[Sequence[Any]]) -> _Identity:
        """From the rows of :data:`_IDENTITY_QUERIES`, in order."""
        app, version, master = results
        return cls(
            application_id=int(app[0][0]), user_version=int(version[0][0]), schema=_schema(master)
        )


def _schema(master: Iterable[Sequence[Any]]) -> dict[str, _Object]:
    """The rows of ``sqlite_master`` (type, name, tbl_name, sql) by name."""
    objects = [(str(r[0]), str(r[1]), str(r[2]), r[3]) for r in master]
    return {o[1]: o for o in objects}


def _recognise(found: _Identity, path: str, migrations: Sequence[Migration]) -> bool:
    """Whether the file needs the marker (True) or has it (False); DatabaseRefused if it is
    not ours or not usable.

    Ours: application_id is :data:`APPLICATION_ID`, or 0 for a file made before the marker
    existed (and for a new, empty one). Either way its schema must be what its user_version
    says, so that the pending migrations apply and every query finds what it expects: nothing
    at 0 (new, or claimed just before the first migration), else every table and index our
    migrations up to that version create, each exactly as they create it (its SQL text, which
    SQLite keeps as written, so a changed byte in a column, a default or a CHECK shows), and
    nothing a later migration creates. So a file of another application is refused even with
    a user_version in our range, and so is a hand-edited or damaged schema of ours.
    """
    latest = len(migrations)
    version = found.user_version
    if found.application_id == APPLICATION_ID and version > latest:
        raise _too_new(path, version, latest)
    if found.application_id in (0, APPLICATION_ID) and 0 <= version <= latest:
        schemas = _schemas(tuple(migrations))
        expected = schemas[version]
        later = schemas[latest].keys() - expected.keys()
        fits = (
            not found.schema
            if version == 0
            else all(found.schema.get(name) == obj for name, obj in expected.items())
            and not found.schema.keys() & later
        )
        if fits:
            return found.application_id == 0
        if found.application_id == APPLICATION_ID:
            raise DatabaseRefused(
                "damaged",
                path,
                f"{path} is marked as this bot's database but its tables are not those of its "
                f"schema version {version} (damaged?), so it was left untouched.",
            )
    raise DatabaseRefused(
        "not_ours",
        path,
        f"{path} is an SQLite database of another application (application_id "
        f"{found.application_id:#x}, user_version {version}), not one of this bot's, so it "
        "was left untouched.",
    )


@functools.cache
def _schemas(migrations: tuple[Migration, ...]) -> list[Mapping[str, _Object]]:
    """The schema (``sqlite_master`` by name) after each number of ``migrations`` applied,
    from 0 to all of them: made by applying them to an empty database in memory, as they are
    applied to a file."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        master = _IDENTITY_QUERIES[-1]
        found: list[Mapping[str, _Object]] = [_schema(db.execute(master))]
        for migration in migrations:
            for statement in _statements(migration.sql):
                db.execute(statement)
            found.append(_schema(db.execute(master)))
        return found
    finally:
        db.close()


def _too_new(path: str, found: int, latest: int) -> DatabaseRefused:
    return DatabaseRefused(
        "schema_too_new",
        path,
        f"{path} was written by a newer version of the bot (schema version {found}; this "
        f"version knows up to {latest}), so it was left untouched.",
        found=found,
        known=latest,
    )


def _inspect(path: Path, migrations: Sequence[Migration]) -> _Identity | None:
    """Read what ``path`` holds without changing it (no journal, no WAL file, no lock when
    none is needed) and check that it is a sound database of ours (:func:`_recognise`, then
    SQLite's own integrity check over every page); None for a new database (no file, or an
    empty one).

    Raises:
        DatabaseRefused: the file cannot be opened, is not SQLite, is damaged or is not ours.
    """
    where = str(path)
    _schemas(tuple(migrations))  # outside the try below: a failure there is ours, not the file's
    try:
        if path.is_dir():
            raise DatabaseRefused("cannot_open", where, f"{where} is a folder, not a database.")
        wal = Path(f"{path}-wal").exists()
        journal = wal or Path(f"{path}-journal").exists()
        with path.open("rb") as file:
            header = file.read(100)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise _cannot_open(where, exc) from None
    if not header and not wal:
        return None
    if header and (len(header) < 100 or not header.startswith(_SQLITE_HEADER)):
        raise _not_sqlite(where)
    # With no -wal or -journal file beside it the main file holds everything, and "immutable"
    # reads it without creating either; otherwise a read-only connection sees their content.
    uri = f"{path.absolute().as_uri()}?{'mode=ro' if journal else 'immutable=1'}"
    try:
        db = sqlite3.connect(uri, uri=True)
        try:
            db.text_factory = _decode_text  # odd names are not ours, not unreadable
            found = _Identity.of([db.execute(q).fetchall() for q in _IDENTITY_QUERIES])
            _recognise(found, where, migrations)
            # Pages the schema does not show (a row, an index, the free list) are read only
            # when a query meets them: check them all now, so that a damaged file is refused
            # here rather than failing a command later. It reads every page once (about a
            # second for a gigabyte).
            problems = [str(r[0]) for r in db.execute("PRAGMA integrity_check(1)")]
        finally:
            db.close()
    except _MISUSE:
        raise
    except _UNREADABLE as exc:
        raise _unreadable(where, exc) from None
    if problems != ["ok"]:
        problem = problems[0].removeprefix("*** in database main ***").strip()
        raise _damaged(where, f"SQLite's integrity check reports: {problem}")
    if header and header[18] > 2:
        # SQLite reads a file of a newer write format but refuses every write to it.
        raise _damaged(where, f"file format write version {header[18]}, so read-only")
    return found


def _unreadable(path: str, exc: Exception) -> DatabaseRefused:
    """The refusal of a file SQLite could not read (see :data:`_UNREADABLE`)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code == _SQLITE_NOTADB:
        return _not_sqlite(path)
    if isinstance(exc, UnicodeDecodeError):
        return _damaged(path, "its schema is not readable text")
    if code == _SQLITE_CORRUPT or not isinstance(exc, sqlite3.OperationalError):
        return _damaged(path, str(exc))
    return _cannot_open(path, exc)


def _not_sqlite(path: str) -> DatabaseRefused:
    return DatabaseRefused(
        "not_sqlite",
        path,
        f"{path} is not an SQLite database (or a damaged one), so it was left untouched.",
    )


def _damaged(path: str, reason: str) -> DatabaseRefused:
    return DatabaseRefused(
        "damaged", path, f"{path} is damaged ({_plain(reason)}), so it was left untouched."
    )


def _cannot_open(path: str, exc: Exception) -> DatabaseRefused:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return DatabaseRefused("cannot_open", path, f"{path} cannot be opened: {_plain(reason)}.")


def _plain(text: str, limit: int = 120) -> str:
    """``text`` on one line of printable characters, cut at ``limit``: SQLite's messages may
    quote damaged bytes of the file."""
    line = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


@dataclass(frozen=True)
class Migration:
    """One numbered schema step from ``store/migrations/NNNN_name.sql``."""

    version: int
    name: str
    sql: str


def load_migrations() -> list[Migration]:
    """The packaged migrations in order; their numbers must run 1, 2, 3... without gaps."""
    found = []
    for entry in (resources.files("store") / "migrations").iterdir():
        match = _MIGRATION_FILE.fullmatch(entry.name)
        if match:
            found.append(Migration(int(match[1]), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations are not numbered 1..n: {[m.name for m in found]}")
    return found


def _statements(script: str) -> list[str]:
    """Split a migration into statements (``executescript`` would commit our transaction)."""
    statements, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if _strip_comments(pending):
        raise ValueError(f"migration ends inside a statement: {pending.strip()[:60]!r}")
    return statements


def _strip_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines()).strip()
