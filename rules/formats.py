"""Snapshots written from a game's state dataclasses, versioned, old versions upgraded.

A game's snapshot is its state's dataclass fields as plain JSON, field by field, made by a
`cattrs <https://catt.rs>`_ converter from the type annotations: nothing is written by
hand, so a field added to a state (with its default) is in the snapshot at once, and a
snapshot without it loads with that default. Dataclasses become objects, tuples and lists
become arrays (and tuples again on loading, as annotated), the generator is its integer
state, sets are written sorted so that the same state always gives the same snapshot. A
game whose values need another form (Clash's spaces by their names) adds hooks of its own.

**Versions.** ``Format.version`` is the version ``to_json`` writes. A snapshot of an older
version is upgraded step by step before loading: ``upgrades[v]`` turns the fields of a
version-``v`` snapshot into those of version ``v + 1``, on plain JSON, so an upgrade never
needs the code that wrote the old version. A new version is needed only when an existing
snapshot would no longer load as it is: a field renamed, removed, or written another way.
A snapshot from a newer version, or with a field this code does not know, is refused
(``ValueError``) rather than read with something left out.

>>> from rules.core import Outcome
>>> renamed = {1: lambda old: {("scores" if k == "points" else k): v for k, v in old.items()}}
>>> fmt = Format(Outcome, 2, renamed)
>>> fmt.dump(Outcome((1, 2), (5.0, 3.0), "majority"))
{'ranks': [1, 2], 'scores': [5.0, 3.0], 'reason': 'majority', 'tiebreak': None, 'details': {}}
>>> fmt.load({"version": 1, "ranks": [2, 1], "points": [1.0, 4.0], "reason": "hegemony"})
Outcome(ranks=(2, 1), scores=(1.0, 4.0), reason='hegemony', tiebreak=None, details={})
>>> fmt.load({"version": 3, "ranks": [], "scores": [], "reason": "x"})
Traceback (most recent call last):
ValueError: unknown Outcome snapshot version 3 (this code reads 1-2)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import cattrs
from cattrs.fns import identity

from rules.core import JSON, IllegalAction, Rng

__all__ = ["ENVELOPE", "Format", "Upgrade", "converter", "copier", "first_change", "overlay"]

S = TypeVar("S")
T = TypeVar("T")
#: Turns the fields of a snapshot of one version into those of the next.
Upgrade = Callable[[dict[str, JSON]], dict[str, JSON]]
#: Keys of the snapshot that are not the state's fields (``rules.engine.Engine.to_json``).
ENVELOPE = ("version", "game")


def _is_set(kind: Any) -> bool:
    return typing.get_origin(kind) in (frozenset, set)


def _is_json_object(kind: Any) -> bool:
    """``dict[str, Any]`` and ``Mapping[str, Any]``: event parameters, an outcome's details."""
    return typing.get_origin(kind) in (dict, Mapping) and typing.get_args(kind) == (str, Any)


def plain(value: Mapping[str, JSON]) -> dict[str, JSON]:
    """An untyped JSON object's copy (an event's parameters, an outcome's details), tuples
    written as lists down to the values of its objects. Written directly: the converter
    would look up each untyped value's writer by its runtime type, which made Stone Age's
    snapshot (its recent events) several times slower; below two levels the values are
    JSON already (:func:`rules.engine.remember` keeps the events' so)."""
    # Copied whole, then only the values to change replaced: most are neither.
    out = dict(value)
    for key, item in value.items():
        if isinstance(item, dict):
            out[key] = inner = dict(item)
            for k, v in item.items():
                if isinstance(v, tuple):
                    inner[k] = list(v)
        elif isinstance(item, tuple):
            out[key] = list(item)
    return out


_SCALARS = (int, float, str, bool, type(None))


def _scalar(kind: Any) -> bool:
    """A type whose values JSON writes as they are (``int``, ``str | None``...)."""
    return kind in _SCALARS or (
        typing.get_origin(kind) in (typing.Union, types.UnionType)
        and all(a in _SCALARS for a in typing.get_args(kind))
    )


def _depth(kind: Any) -> int | None:
    """How deep ``kind`` nests lists and tuples of scalars (``tuple[int, ...]`` 1,
    ``list[list[int]]`` 2); None for anything else."""
    if typing.get_origin(kind) not in (list, tuple):
        return 0 if _scalar(kind) else None
    depths = {_depth(a) for a in typing.get_args(kind) if a is not Ellipsis}
    if len(depths) != 1 or None in depths:
        return None
    (inner,) = depths
    return None if inner is None or inner > 1 else inner + 1


def _homogeneous(kind: Any) -> bool:
    """``list[X]`` and ``tuple[X, ...]``."""
    args = typing.get_args(kind)
    origin = typing.get_origin(kind)
    return (origin is list and len(args) == 1) or (origin is tuple and args[1:] == (Ellipsis,))


def _mapping(kind: Any) -> bool:
    return typing.get_origin(kind) is dict and len(typing.get_args(kind)) == 2


def _scalar_lists(kind: Any) -> bool:
    return typing.get_origin(kind) in (list, tuple) and _depth(kind) is not None


def _scalar_lists_writer(kind: Any) -> Callable[[Any], list[JSON]]:
    # Copied directly: the converter would pass every number through a function of its own.
    if _depth(kind) == 1:
        return list
    return lambda rows: [list(row) for row in rows]


def _flat(conv: cattrs.Converter, kind: Any) -> str | None:
    """For a dataclass the converter writes field by field, each field as it is (a city's
    piece, a region of the map): the expression writing ``x``, one of them, as an object.
    None for anything else (a game's own hook for the class included)."""
    if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
        return None
    write = conv.get_unstructure_hook(kind)
    if not getattr(write, "__code__", None) or not write.__code__.co_filename.startswith(
        "<cattrs generated unstructure "
    ):
        return None
    hints = typing.get_type_hints(kind)
    names = [f.name for f in dataclasses.fields(kind)]
    if any(conv.get_unstructure_hook(hints[n]) is not identity for n in names):
        return None
    return "{" + ", ".join(f"{n!r}: x.{n}" for n in names) + "}"


def _compiled(source: str, **scope: Any) -> Callable[[Any], Any]:
    exec(source, scope)
    made: Callable[[Any], Any] = scope["write"]
    return made


def converter(hooks: Callable[[cattrs.Converter], None] | None = None) -> cattrs.Converter:
    """The converter every game's snapshots use, with the game's own ``hooks`` added.

    Collections unstructure to lists (plain JSON), the generator to its integer state, sets
    to sorted lists of their written elements (a set's order changes from one process to
    the next, and a snapshot must not). Extra keys are refused: a snapshot written by a
    newer version with a field this code does not know must not load without it.

    Some values are written by code of their own rather than the converter's, which would
    take a call per value: lists of numbers and strings are copied, untyped JSON objects
    by :func:`plain`, and the lists and dictionaries of small dataclasses whose fields are
    written as they are (a city's pieces, the map's regions) are built in one comprehension
    each (made once, as :func:`copier` makes its copies).
    """
    conv = cattrs.Converter(
        detailed_validation=False,
        forbid_extra_keys=True,
        unstruct_collection_overrides={tuple: list},
    )
    conv.register_unstructure_hook(Rng, lambda rng: rng.state)
    conv.register_structure_hook(Rng, lambda value, _: Rng(int(value)))

    def set_writer(kind: Any) -> Callable[[Any], list[JSON]]:
        (item,) = typing.get_args(kind) or (Any,)
        write = conv.get_unstructure_hook(item)
        if write is identity:
            return sorted
        return lambda values: sorted(map(write, values))

    def items_writer(kind: Any) -> Callable[[Any], list[JSON]]:
        (item, *_) = typing.get_args(kind)
        flat = _flat(conv, item)
        if flat is not None:
            return _compiled(f"def write(items):\n    return [{flat} for x in items]\n")
        # The converter's own writer feeds a generator to list(), which takes longer.
        write = conv.get_unstructure_hook(item)
        return lambda items: list(map(write, items))

    def mapping_writer(kind: Any) -> Callable[[Any], dict[JSON, JSON]]:
        key, item = typing.get_args(kind)
        keys, flat = conv.get_unstructure_hook(key), _flat(conv, item)
        if flat is None:  # the converter's own
            return conv.gen_unstructure_mapping(kind)
        k = "k" if keys is identity else "keys(k)"
        source = f"def write(items):\n    return {{{k}: {flat} for k, x in items.items()}}\n"
        return _compiled(source, keys=keys)

    conv.register_unstructure_hook_factory(_is_set, set_writer)
    conv.register_unstructure_hook_factory(_homogeneous, items_writer)
    conv.register_unstructure_hook_factory(_mapping, mapping_writer)
    conv.register_unstructure_hook_func(_scalar, identity)
    conv.register_unstructure_hook_func(_is_json_object, plain)
    conv.register_unstructure_hook_factory(_scalar_lists, _scalar_lists_writer)
    if hooks is not None:
        hooks(conv)
    return conv


class Format(Generic[S]):
    """The snapshot of the state class ``state``: its fields, in version ``version``, older
    versions read through ``upgrades`` (see the module's docstring)."""

    def __init__(
        self,
        state: type[S],
        version: int,
        upgrades: Mapping[int, Upgrade] | None = None,
        *,
        hooks: Callable[[cattrs.Converter], None] | None = None,
    ) -> None:
        upgrades = dict(upgrades or {})
        if sorted(upgrades) != list(range(version - len(upgrades), version)):
            raise ValueError(f"upgrades must lead step by step to version {version}")
        self.state = state
        self.version = version
        self.upgrades = upgrades
        #: The oldest version still read.
        self.oldest = version - len(upgrades)
        self._conv = converter(hooks)
        self._write = self._conv.get_unstructure_hook(state)
        self._read = self._conv.get_structure_hook(state)

    def reads(self, version: object) -> bool:
        """Whether a snapshot of ``version`` loads (as it is, or upgraded)."""
        return type(version) is int and self.oldest <= version <= self.version

    def dump(self, state: S) -> dict[str, JSON]:
        """The snapshot's fields (the engine adds ``version`` and ``game``)."""
        data: dict[str, JSON] = self._write(state)
        return data

    def load(self, data: Mapping[str, JSON]) -> S:
        """The state of a snapshot of any version :meth:`reads`, upgraded first."""
        version = data.get("version")
        if not self.reads(version):
            raise ValueError(
                f"unknown {self.state.__name__} snapshot version {version!r} "
                f"(this code reads {self.oldest}-{self.version})"
            )
        assert isinstance(version, int)
        fields = {k: v for k, v in data.items() if k not in ENVELOPE}
        for step in range(version, self.version):
            fields = self.upgrades[step](fields)
        try:
            state: S = self._read(fields, self.state)
        except cattrs.errors.ForbiddenExtraKeysError as exc:
            raise ValueError(f"{self.state.__name__} snapshot with unknown fields: {exc}") from None
        return state


def overlay(
    base: Mapping[str, JSON], given: Mapping[str, JSON], path: str, kind: Any = None
) -> dict[str, JSON]:
    """``base`` (a snapshot) with the fields ``given`` sets: objects key by key, a list of
    objects item by item when ``given`` lists as many (``"seats": [{"food": 3}, {}]``),
    anything else replaced whole. With ``kind``, the class of the state ``base`` was
    written from, a dictionary of the state (a ``dict[K, V]`` field: Clash's units by space)
    is replaced whole too: its keys are data, not fields. The envelope and keys ``base``
    lacks are refused (``position_unknown_field``, ``field`` the dotted path from ``path``).

    >>> overlay({"a": 1, "s": [{"x": 1, "y": 2}]}, {"s": [{"y": 5}]}, "snapshot")
    {'a': 1, 's': [{'x': 1, 'y': 5}]}
    >>> overlay({"a": 1}, {"b": 2}, "snapshot")
    Traceback (most recent call last):
    rules.core.IllegalAction: position_unknown_field {'field': 'snapshot.b'}
    """
    fields = _field_kinds(kind)
    out = dict(base)
    for key, value in given.items():
        where = f"{path}.{key}"
        if key not in base or (not path.count(".") and key in ENVELOPE):
            raise IllegalAction("position_unknown_field", field=where)
        old, inner = base[key], fields.get(key)
        if _typed_mapping(inner):
            out[key] = value
        elif isinstance(old, dict) and isinstance(value, Mapping):
            out[key] = overlay(old, value, where, inner)
        elif _objects(old, value):
            pairs = enumerate(zip(old, value, strict=True))
            item = _item_kind(inner)
            out[key] = [overlay(o, v, f"{where}.{i}", item) for i, (o, v) in pairs]
        else:
            out[key] = value
    return out


def _unwrapped(kind: Any) -> Any:
    """``X`` for ``X | None``; anything else as it is."""
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        return args[0] if len(args) == 1 else None
    return kind


def _field_kinds(kind: Any) -> dict[str, Any]:
    """The types of the fields of a dataclass (``X | None`` too); empty for anything else."""
    kind = _unwrapped(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return typing.get_type_hints(kind)
    return {}


def _item_kind(kind: Any) -> Any:
    """``X`` of ``list[X]`` and ``tuple[X, ...]``; None for anything else."""
    kind = _unwrapped(kind)
    return typing.get_args(kind)[0] if _homogeneous(kind) else None


def _typed_mapping(kind: Any) -> bool:
    """A dictionary field other than an untyped JSON object."""
    kind = _unwrapped(kind)
    return typing.get_origin(kind) in (dict, Mapping) and not _is_json_object(kind)


def _objects(old: JSON, value: JSON) -> bool:
    """Two lists of as many objects (overlaid item by item)."""
    return (
        isinstance(old, list)
        and isinstance(value, list)
        and len(old) == len(value)
        and all(
            isinstance(o, dict) and isinstance(v, Mapping) for o, v in zip(old, value, strict=True)
        )
    )


def first_change(before: JSON, after: JSON, path: str = "", *, added: bool = False) -> str | None:
    """The first dotted path where two JSON values differ, types included (JSON keeps 1,
    1.0 and true apart); None when they are the same. With ``added``, keys only ``after``
    has (defaults filled in) are no difference.

    >>> first_change({"s": [{"food": 3}]}, {"s": [{"food": 3.0}]})
    's.0.food'
    >>> first_change({"s": {}}, {"s": {"food": 3}}, added=True) is None
    True
    """
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before and not added)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in before or key not in after:
                return where
            found = first_change(before[key], after[key], where, added=added)
            if found is not None:
                return found
        return None
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            found = first_change(b, a, f"{path}.{i}" if path else str(i), added=added)
            if found is not None:
                return found
        return None
    same = type(before) is type(after) and before == after
    return None if same else path or "<root>"


def _mutable(kind: Any) -> bool:
    """Whether values of ``kind`` can change in place (a list, a dict, a set, a generator,
    a dataclass that is not frozen), or may be such a value (``X | None``)."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return any(_mutable(a) for a in typing.get_args(kind))
    if (origin or kind) in (list, dict, set) or kind is Rng:
        return True
    params = getattr(kind, "__dataclass_params__", None)
    return params is not None and not params.frozen


def copier(cls: type[T], **copies: Callable[[Any], Any]) -> Callable[[T], T]:
    """A copy function for the dataclass ``cls``: each field named in ``copies`` passed
    through its function (``list.copy``...), every other field carried over as it is, a
    field added later included. Built once, as a direct call of the constructor with every
    field in order (the way ``dataclasses`` builds ``__init__``): engines copy a state for
    every action tried, and a loop over the fields, or ``dataclasses.replace``, takes two to
    four times as long.

    A field whose values can change in place must be named, or the copy would share it
    with the original: one left out is refused when the copier is made.

    >>> from rules.core import Decision, PromptStack
    >>> copy = copier(Decision, params=dict)
    >>> d = Decision("a", 0, "pick", {"n": 1})
    >>> c = copy(d)
    >>> c == d and c.params is not d.params
    True
    >>> copier(PromptStack)(PromptStack()) == PromptStack()
    True
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not all(f.init for f in fields):
        raise ValueError(f"{cls.__name__} has fields its constructor does not take")
    names = [f.name for f in fields]
    unknown = sorted(set(copies) - set(names))
    if unknown:
        raise ValueError(f"{cls.__name__} has no field {unknown[0]!r}")
    # A mutable field carried over would be shared by the copy and the original.
    hints = typing.get_type_hints(cls)
    shared = [n for n in names if n not in copies and _mutable(hints[n])]
    if shared:
        raise ValueError(f"{cls.__name__}.{shared[0]} is mutable: name how to copy it")
    args = ", ".join(f"copies[{n!r}](o.{n})" if n in copies else f"o.{n}" for n in names)
    scope: dict[str, Any] = {"cls": cls, "copies": copies}
    exec(f"def copy(o):\n    return cls({args})\n", scope)
    made: Callable[[T], T] = scope["copy"]
    return made
