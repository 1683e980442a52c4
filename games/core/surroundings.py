"""A player's surroundings profile and place: what the host stores for a user (``/surroundings``,
``/settings location``, the terminal's ``--place``) and a game that reads the real world takes through its
``new_game`` options and :meth:`games.core.contract.Game.observe` (MetaZoo's Terra Bonuses and 4th Wall
Effects, MZ-WALL-04, MZ-GAP-68). A profile, not a game rule: the host reads and validates it without
knowing which game uses it, and :class:`SurveyLine` is the shape of what such a game reads from it
(:meth:`games.core.contract.Game.survey`).

Pure: no clock, network or file read. Imports nothing of the project.
"""

from __future__ import annotations

import math
import re
import zoneinfo
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

PLACES = ("City", "Desert", "Farm", "Forest", "Ground", "Island", "Lake", "Mountain", "Ocean", "River",
          "Suburban", "Swamp")
"""Terra Bonuses about places: from the Caster's profile in derived mode."""
WEATHER = ("Fog", "Lightning Storm", "Raining", "Snowing")
"""Terra Bonuses about weather: from the Caster's profile in derived mode."""
PROFILE_WEATHER = (*WEATHER, "Overcast")
"""The weather a profile may declare: :data:`WEATHER` and ``Overcast`` (which hides the stars)."""


class SurveyLine(NamedTuple):
    """One feature a game reads from a profile at an instant (``/surroundings show``): ``name`` (e.g.
    ``"Nighttime"``), ``holds`` (True/False, or None when the player would be asked), ``basis`` (the
    sentence saying why) and ``sky`` (True for a feature read from the sky and the calendar, shown line by
    line with its basis; False for one read from the profile's lists)."""

    name: str
    holds: bool | None
    basis: str
    sky: bool


def canonical_name(name: str, names: Iterable[str]) -> str:
    """``name`` in any case and spacing -> its spelling in ``names`` (``"full  moon"`` -> ``"Full Moon"``);
    a name outside ``names`` is returned with its spaces normalised."""
    key = " ".join(str(name).split())
    for known in names:
        if known.lower() == key.lower():
            return known
    return key


def words(text: str) -> list[str]:
    """The lower-case words of ``text`` (letters, digits and apostrophes)."""
    return re.findall(r"[a-z0-9']+", str(text).lower())


def _zone(name: str) -> zoneinfo.ZoneInfo:
    if not isinstance(name, str) or not name.strip():
        raise ValueError("a place needs a timezone: an IANA name such as 'Europe/Oslo'")
    try:
        return zoneinfo.ZoneInfo(name.strip())
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError(f"unknown timezone {name!r}: use an IANA name such as 'Europe/Oslo' or "
                         "'Australia/Sydney'") from None


def _degrees(value: object, what: str, limit: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} must be a number of degrees between -{limit:g} and {limit:g}, "
                         f"not {value!r}")
    x = float(value)
    if not math.isfinite(x) or not -limit <= x <= limit:
        raise ValueError(f"{what} {value!r} is out of range: it must be between -{limit:g} and {limit:g} "
                         "degrees")
    return x


@dataclass(frozen=True, slots=True)
class Place:
    """A place on Earth: ``name`` (for the basis text), ``latitude`` (degrees, -90..90, north positive),
    ``longitude`` (degrees, -180..180, east positive), ``timezone`` (an IANA name, e.g. ``"Europe/Oslo"``;
    local dates and the times in the basis use it). ``hemisphere`` is ``"north"`` for latitude >= 0.

    Raises ValueError for an empty name, a latitude or longitude out of range, or an unknown timezone."""

    name: str
    latitude: float
    longitude: float
    timezone: str

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError("a place needs a name, e.g. 'Oslo'")
        object.__setattr__(self, "name", self.name.strip())
        object.__setattr__(self, "latitude", _degrees(self.latitude, "latitude", 90))
        object.__setattr__(self, "longitude", _degrees(self.longitude, "longitude", 180))
        _zone(self.timezone)
        object.__setattr__(self, "timezone", self.timezone.strip())

    @property
    def hemisphere(self) -> str:
        """``"north"`` (latitude >= 0, the Equator included) or ``"south"``."""
        return "north" if self.latitude >= 0 else "south"

    @property
    def tz(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.timezone)

    def to_json(self) -> dict[str, Any]:
        """``{"name", "latitude", "longitude", "timezone"}`` for the log and snapshots."""
        return {"name": self.name, "latitude": self.latitude, "longitude": self.longitude,
                "timezone": self.timezone}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Place:
        """Inverse of :meth:`to_json`; ValueError names a missing field."""
        try:
            return cls(data["name"], data["latitude"], data["longitude"], data["timezone"])
        except (KeyError, TypeError):
            raise ValueError("a place needs name, latitude, longitude and timezone, e.g. "
                             '{"name": "Oslo", "latitude": 59.91, "longitude": 10.75, '
                             '"timezone": "Europe/Oslo"}') from None

    @classmethod
    def parse(cls, text: str) -> Place:
        """``"Oslo, 59.91, 10.75, Europe/Oslo"`` -> Place (what a settings line or a command option holds).

        Raises ValueError saying the expected shape."""
        parts = [p.strip() for p in str(text).split(",")]
        if len(parts) != 4:
            raise ValueError(f"a place is 'name, latitude, longitude, timezone' (e.g. 'Oslo, 59.91, 10.75, "
                             f"Europe/Oslo'), not {text!r}")
        try:
            lat, lon = float(parts[1]), float(parts[2])
        except ValueError:
            raise ValueError(f"latitude and longitude must be numbers in degrees, got {parts[1]!r} and "
                             f"{parts[2]!r}") from None
        return cls(parts[0], lat, lon, parts[3])


def _feature_set(values: Iterable[str], allowed: tuple[str, ...], what: str) -> frozenset[str]:
    if isinstance(values, str):
        values = [values]
    out = set()
    for v in values:
        c = canonical_name(v, allowed)
        if c not in allowed:
            raise ValueError(f"{v!r} is not a {what} a profile can declare: choose from {', '.join(allowed)}")
        out.add(c)
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class Surroundings:
    """A Caster's declared surroundings (the ``/surroundings`` profile), read in *derived* mode.

    ``places``: the place Terra features (:data:`PLACES`) within 5 miles or within eyesight of the Caster
    (MZ-TERRA-02's "nearby"); ``weather``: the weather around them (:data:`WEATHER` or ``"Overcast"``);
    ``objects``: things outside the game near them that Page texts may name (free words, e.g. "train");
    ``place``: where they play, for the sky (None: the table's place). Names are matched case-insensitively
    and stored in their canonical spelling. Anything not listed is absent (objects: asked).

    Raises ValueError naming a place or weather outside the lists."""

    places: frozenset[str] = frozenset()
    weather: frozenset[str] = frozenset()
    objects: frozenset[str] = frozenset()
    place: Place | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "places", _feature_set(self.places, PLACES, "place"))
        object.__setattr__(self, "weather", _feature_set(self.weather, PROFILE_WEATHER, "weather"))
        objs = [self.objects] if isinstance(self.objects, str) else list(self.objects)
        clean = frozenset(" ".join(words(o)) for o in objs)
        if "" in clean:
            raise ValueError("an object in a profile needs at least one word, e.g. 'train'")
        object.__setattr__(self, "objects", clean)
        if self.place is not None and not isinstance(self.place, Place):
            raise ValueError("a profile's place must be a Place (or None to use the table's place)")

    def to_json(self) -> dict[str, Any]:
        """Sorted lists and the place (or None), for the log and the store."""
        return {"places": sorted(self.places), "weather": sorted(self.weather), "objects": sorted(self.objects),
                "place": self.place.to_json() if self.place else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Surroundings:
        """Inverse of :meth:`to_json` (missing keys are empty)."""
        place = data.get("place")
        return cls(frozenset(data.get("places", ())), frozenset(data.get("weather", ())),
                   frozenset(data.get("objects", ())), Place.from_json(place) if place else None)
