"""Lossless, canonical JSON for game states built from dataclasses (DESIGN.md: state serialises to JSON and
back losslessly), through pydantic-core (docs/performance.md, Snapshots: it replaced a hand-written codec whose
decoding took three times as long as its encoding).

A :class:`Codec` compiles, once per dataclass type, a pydantic-core schema from the dataclass's type hints
and encodes/decodes in Rust. Supported field types: int, str, bool, float, None, ``X | None``, unions,
``list[X]``, ``tuple[X, ...]``, ``tuple[X, Y]``, ``dict[str, X]``, ``Any`` (JSON values) and nested
dataclasses. Dicts with non-string keys are not supported on purpose: JSON would silently turn their keys
into strings. Fields whose metadata has ``"serialise": False`` (caches) are never written and take their
default on loading.

Canonical: dataclass fields come out in declaration order and dict keys sorted, without spaces, so equal
states give equal bytes. Loading is strict (``"1"`` is not an int, ``true`` is not an int; an int is a
float) and ignores unknown keys; any mismatch raises ``TypeError``.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic_core import SchemaSerializer, SchemaValidator, ValidationError
from pydantic_core import core_schema as cs


def _canon(value: Any) -> Any:
    """``value`` (JSON data) with every dict's keys sorted, so that equal dicts give equal bytes."""
    if type(value) is dict:
        return {k: _canon(value[k]) for k in sorted(value)}
    if type(value) is list and any(type(x) in (dict, list) for x in value):
        return [_canon(x) for x in value]
    return value


def _sorted_dict(value: dict[str, Any]) -> dict[str, Any]:
    return {k: value[k] for k in sorted(value)}


class _Builder:
    """Builds the core schema of a type. ``omit`` maps a dataclass to field names left out of the JSON
    (the static part of a snapshot): they are not written, and load as ``None`` for the caller to fill."""

    def __init__(self, omit: Mapping[type, frozenset[str]]):
        self.omit = omit

    def schema(self, tp: Any) -> cs.CoreSchema:
        if dataclasses.is_dataclass(tp):
            return self.dataclass(tp)
        if tp is Any:
            return cs.any_schema(serialization=cs.plain_serializer_function_ser_schema(_canon))
        if tp is int:
            return cs.int_schema(strict=True)
        if tp is str:
            return cs.str_schema(strict=True)
        if tp is bool:
            return cs.bool_schema(strict=True)
        if tp is float:
            return cs.float_schema(strict=True)  # still takes a JSON int
        if tp is type(None) or tp is None:
            return cs.none_schema()
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            inner = self.schema(rest[0]) if len(rest) == 1 else cs.union_schema([self.schema(a) for a in rest])
            return cs.nullable_schema(inner) if len(rest) < len(args) else inner
        if origin is list:
            return cs.list_schema(self.schema(args[0]))
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return cs.tuple_schema([self.schema(args[0])], variadic_item_index=0)
            return cs.tuple_schema([self.schema(a) for a in args])
        if origin is dict:
            key, val = args
            if key is not str:
                raise TypeError(f"unsupported dict key type {key!r}: JSON keys are strings")
            plain = cs.dict_schema(cs.str_schema(strict=True), self.schema(val))
            return cs.dict_schema(cs.str_schema(strict=True), self.schema(val),
                                  serialization=cs.plain_serializer_function_ser_schema(
                                      _sorted_dict, return_schema=plain))
        raise TypeError(f"unsupported type {tp!r}")

    def dataclass(self, cls: type) -> cs.CoreSchema:
        hints = typing.get_type_hints(cls)
        omit = self.omit.get(cls, frozenset())
        fields = []
        for f in dataclasses.fields(cls):
            kept = f.metadata.get("serialise", True) and f.name not in omit
            inner = self.schema(hints[f.name]) if kept else cs.any_schema()
            if not kept and f.name in omit:
                inner = cs.with_default_schema(inner, default=None)
            elif f.default is not dataclasses.MISSING:
                inner = cs.with_default_schema(inner, default=f.default)
            elif f.default_factory is not dataclasses.MISSING:
                inner = cs.with_default_schema(inner, default_factory=f.default_factory)
            fields.append(cs.dataclass_field(f.name, inner, serialization_exclude=not kept))
        slots = "__slots__" in cls.__dict__
        return cs.dataclass_schema(cls, cs.dataclass_args_schema(cls.__name__, fields), [f.name for f in
                                   dataclasses.fields(cls)], slots=slots)


class Codec:
    """Canonical JSON for one dataclass type ``tp``. ``omit`` (dataclass -> field names) leaves fields out:
    they are not written and load as ``None`` (used for the per-action snapshot, whose static part is
    stored apart). ``defaults=False`` also leaves out every field equal to its default (lossless: loading
    fills the default back).

    :meth:`dumps` returns ``str``; :meth:`loads` raises ``TypeError`` naming every mismatch."""

    def __init__(self, tp: type, omit: Mapping[type, frozenset[str]] | None = None, *, defaults: bool = True):
        schema = _Builder(omit or {}).schema(tp)
        self.tp = tp
        self._ser = SchemaSerializer(schema)
        self._val = SchemaValidator(schema)
        self._exclude_defaults = not defaults

    def dumps(self, obj: Any) -> str:
        """Canonical JSON text of ``obj``: equal values give equal bytes."""
        return self._ser.to_json(obj, exclude_defaults=self._exclude_defaults).decode()

    def loads(self, text: str | bytes) -> Any:
        """The value :meth:`dumps` wrote. Raises ``TypeError`` when ``text`` is not JSON of this type."""
        try:
            return self._val.validate_json(text)
        except ValidationError as exc:
            raise TypeError(f"not a {self.tp.__name__} JSON: {exc}") from None


@cache
def codec(tp: type) -> Codec:
    """The full :class:`Codec` of ``tp`` (built once)."""
    return Codec(tp)


def dumps(obj: Any) -> str:
    """Canonical JSON text of a dataclass tree: fields in order, dict keys sorted, no spaces, so equal
    states give equal bytes."""
    return codec(type(obj)).dumps(obj)


def loads(tp: type, text: str | bytes) -> Any:
    """Inverse of :func:`dumps`; raises ``TypeError`` on a mismatch."""
    return codec(tp).loads(text)


class SplitCodec:
    """Per-action snapshots of a game state ``state_cls`` whose set-up part never changes
    (docs/performance.md, Snapshots): :meth:`static_json` is stored once per table, :meth:`snapshot` after choices, and
    :meth:`from_snapshot` puts the two together again.

    ``static_cls`` is a dataclass whose field ``names`` holds the players' names in seat order (from
    ``state.players[i].name``) and whose other fields are the ``state_cls`` fields of the same name. The
    snapshot leaves those out, and every field at its default; loading fills them back, so a field added
    later with a default costs stored snapshots nothing. The decoded static part is cached (a table's is
    decoded again at each load or rollback) and copied into each state, never shared."""

    def __init__(self, state_cls: type, player_cls: type, static_cls: type):
        self.fields = tuple(f.name for f in dataclasses.fields(static_cls) if f.name != "names")
        omit = {state_cls: frozenset(self.fields), player_cls: frozenset({"name"})}
        self.state = Codec(state_cls, omit, defaults=False)
        self.static = Codec(static_cls)
        self.static_cls = static_cls
        hints = typing.get_type_hints(static_cls)
        self._copy = {name: _deep_copier(hints[name]) for name in self.fields}
        self._decode_static = functools.lru_cache(maxsize=256)(self.static.loads)

    def static_json(self, state: Any) -> str:
        """JSON of the set-up part of ``state`` (``static_cls``)."""
        fixed = self.static_cls(names=[p.name for p in state.players],
                                **{name: getattr(state, name) for name in self.fields})
        return self.static.dumps(fixed)

    def snapshot(self, state: Any) -> str:
        """JSON of ``state`` without its set-up part and without fields at their default."""
        return self.state.dumps(state)

    def from_snapshot(self, text: str, static: str) -> Any:
        """The state of :meth:`snapshot` text and :meth:`static_json` text. Raises ``TypeError`` for text
        that is not such JSON and ``ValueError`` when the two parts do not fit together (another number
        of seats, or of owners than of cards)."""
        st = self.state.loads(text)
        fixed = self._decode_static(static)
        if len(fixed.names) != len(st.players):
            raise ValueError(f"the static part has {len(fixed.names)} names for {len(st.players)} seats")
        if hasattr(fixed, "owner") and len(fixed.owner) != len(fixed.cards):
            raise ValueError(f"the static part has {len(fixed.owner)} owners for {len(fixed.cards)} cards")
        for name, copy_ in self._copy.items():
            setattr(st, name, copy_(getattr(fixed, name)))
        for pl, name in zip(st.players, fixed.names, strict=True):
            pl.name = name
        return st


@cache
def cloner(tp: type) -> Any:
    """A function that copies a state of dataclass type ``tp`` (the types :class:`Codec` supports) so that the
    copy shares no list, dict or dataclass with the original, as a JSON round trip would but about ten times
    faster (a search copies a state once per iteration, games.core.search). Fields marked ``"serialise":
    False`` (caches) take their default, as after :func:`loads`."""
    return _dataclass_copier(tp)


def _dataclass_copier(tp: type) -> Any:
    hints = typing.get_type_hints(tp)
    kept: list[tuple[str, Any]] = []
    reset: list[tuple[str, Any]] = []
    for f in dataclasses.fields(tp):
        if f.metadata.get("serialise", True):
            kept.append((f.name, _deep_copier(hints[f.name])))
        elif f.default_factory is not dataclasses.MISSING:
            reset.append((f.name, f.default_factory))
        else:
            default = f.default
            reset.append((f.name, lambda default=default: default))
    new = object.__new__

    def copy_(value: Any) -> Any:
        out = new(tp)
        for name, fn in kept:
            setattr(out, name, fn(getattr(value, name)))
        for name, make in reset:
            setattr(out, name, make())
        return out

    return copy_


def _deep_copier(tp: Any) -> Any:
    """A function that copies a decoded value of type ``tp`` deeply enough that the copy shares no list, dict or
    dataclass with the original (lists of scalars copy in one call: card lists are long)."""
    if isinstance(tp, str):
        raise TypeError(f"unresolved type hint {tp!r}")
    if dataclasses.is_dataclass(tp):
        return _dataclass_copier(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list:
        if args[0] in (int, str, bool, float):
            return list
        inner = _deep_copier(args[0])
        return lambda v: [inner(x) for x in v]
    if origin is dict:
        if args[1] in (int, str, bool, float):
            return dict
        inner = _deep_copier(args[1])
        return lambda v: {k: inner(x) for k, x in v.items()}
    if origin is tuple:
        if all(a in (int, str, bool, float, Ellipsis) for a in args):
            return lambda v: v
        return copy.deepcopy
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        if all(a in (int, str, bool, float) for a in members):
            return lambda v: v
        if len(members) == 1:
            inner = _deep_copier(members[0])
            return lambda v: None if v is None else inner(v)
        return copy.deepcopy
    if tp is Any:
        return copy.deepcopy
    return lambda v: v  # scalars are immutable
