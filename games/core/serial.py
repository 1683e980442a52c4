"""Lossless JSON for game states built from dataclasses (DESIGN.md: state serialises to JSON and back
losslessly).

``to_data`` turns a dataclass tree into JSON-able data; ``from_data`` rebuilds it from the
dataclass's type hints. Supported field types: int, str, bool, float, None, ``X | None``, ``list[X]``,
``tuple[X, ...]``, ``dict[str, X]`` and nested dataclasses. Dicts with non-string keys are not
supported on purpose: JSON would silently turn their keys into strings.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from functools import cache
from typing import Any

_SCALARS = frozenset({int, str, bool, float, type(None)})


def to_data(obj: Any) -> Any:
    """JSON-able data for ``obj`` (a dataclass, list, tuple, dict or scalar)."""
    t = type(obj)
    if t in _SCALARS:
        return obj
    if t is list or t is tuple:
        # Zones are long lists of card numbers: copy those without a call per element.
        if all(type(x) is int for x in obj):
            return list(obj)
        return [to_data(x) for x in obj]
    if t is dict:
        return {str(k): to_data(v) for k, v in obj.items()}
    names = _dataclass_fields(t)
    if names is not None:
        return {f: to_data(getattr(obj, f)) for f in names}
    return obj


@cache
def _dataclass_fields(cls: type) -> tuple[str, ...] | None:
    return _field_names(cls) if dataclasses.is_dataclass(cls) else None


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("serialise", True))


@cache
def _hints(cls: type) -> dict[str, Any]:
    names = set(_field_names(cls))
    return {k: v for k, v in typing.get_type_hints(cls).items() if k in names}


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from ``to_data`` output. Raises ``TypeError`` on a mismatch."""
    if dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise TypeError(f"{tp.__name__}: expected an object, got {type(data).__name__}")
        hints = _hints(tp)
        kwargs = {name: from_data(hint, data[name]) for name, hint in hints.items() if name in data}
        return tp(**kwargs)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_data(arg, data)
            except (TypeError, KeyError):
                continue
        raise TypeError(f"{data!r} fits none of {tp}")
    if origin is list:
        (arg,) = typing.get_args(tp)
        if arg is int and type(data) is list and all(type(x) is int for x in data):
            return list(data)  # zones: long lists of card numbers
        return [from_data(arg, x) for x in data]
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], x) for x in data)
        return tuple(from_data(a, x) for a, x in zip(args, data, strict=True))
    if origin is dict:
        _, val = typing.get_args(tp)
        return {k: from_data(val, v) for k, v in data.items()}
    if tp is Any:
        return data
    if tp in (int, str, bool, float):
        if tp is float and isinstance(data, int):
            return float(data)
        if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
            raise TypeError(f"expected {tp.__name__}, got {data!r}")
        return data
    if tp is type(None):
        if data is not None:
            raise TypeError(f"expected null, got {data!r}")
        return None
    raise TypeError(f"unsupported type {tp!r}")


def dumps(obj: Any) -> str:
    """Canonical JSON text of a dataclass tree: sorted keys, no spaces, so equal states give equal bytes."""
    return json.dumps(to_data(obj), sort_keys=True, separators=(",", ":"))


def loads(tp: type, text: str) -> Any:
    """Inverse of :func:`dumps`."""
    return from_data(tp, json.loads(text))
