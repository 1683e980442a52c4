"""The real surroundings for MetaZoo's Terra Bonuses and 4th Wall Effects (MZ-WALL-01..06, MZ-TERRA-02,
MZ-TERRA-03, MZ-TERRA-11). The profile and place types a player declares are
:mod:`games.core.surroundings` (the host stores them); this module reads them.

Pure: no clock, network or file read at import. The time (an aware UTC ``datetime``) and the place are
*inputs* of every check, so the engine records them in the log and a replay gives the same answers. The
one data file, ``data/metazoo/meteor_showers.yaml``, is read only by :func:`load_meteor_showers`.

Using it (the engine's side)
----------------------------
::

    sky = Sky(mode="derived", place=Place("Oslo", 59.9139, 10.7522, "Europe/Oslo"),
              showers=load_meteor_showers())                  # once per game (the table option)
    answer = sky.check("Nighttime", instant=now_utc, profile=alice_profile, caster="Alice",
                       terra=bonuses_of_terra_in_slots, arena_names=names_of_pages_in_arena)
    answer.holds   # True / False, or None: ask the Caster (button the opponent sees), then log the reply
    answer.basis   # "Nighttime: sunset at 15:11, sunrise at 09:19 on 2026-12-22 in Oslo; ..." -> the log
    sky.question("Nighttime", "Alice")                        # the button prompt when holds is None

A check is one of the 24 Terra Bonus names (:data:`TERRA_BONUSES`, a string) or a :class:`Condition` for
a 4th Wall text about an object, the Caster's room or the Caster's person.

Modes (the table option, MZ-WALL-04)
------------------------------------
* ``virtual`` (default): only Terra Pages in the slots and Page names in the Arena count; the real world
  is never read (a feature not provided by a Page is absent).
* ``derived``: the sky is computed from the instant and the place: Daytime, Nighttime, Dawn, Dusk and Stars
  from the sun (astral), Full Moon from the lunar phase, Winter from the date and hemisphere, Meteor Shower
  from the calendar file; places and weather from the affected Caster's :class:`Surroundings` profile.
* ``declared``: anything a Page does not provide is asked (``holds is None``): the affected Caster confirms.

In every mode a Terra Page in a slot satisfies its feature first (MZ-TERRA-02/03, MZ-WALL-03), and a Page
in the Arena named like an object satisfies the object (MZ-WALL-02). Conditions about a Caster's person or
room are always asked, never guessed (MZ-WALL-05).

Gap decisions (the 4th Wall details of the decisions in ``games/metazoo/gaps.py``)
----------------------------------------------------------------------------------
* **MZ-GAP-68, whose surroundings:** the affected Caster's, i.e. the controller of the Page whose condition
  is checked (remote play: each Caster has their own sky). Their profile's ``place`` is used when set,
  else the table's place.
* **MZ-GAP-68, what is derived:** Daytime, Nighttime, Dawn, Dusk, Stars, Full Moon, Winter and Meteor Shower
  are computed in *derived* mode; the 12 places (City, Desert, Farm, Forest, Ground, Island, Lake, Mountain,
  Ocean, River, Suburban, Swamp) and the 4 weathers (Fog, Lightning Storm, Raining, Snowing) come from the
  Caster's profile (a profile lists every feature within 5 miles or within eyesight, so a feature it does
  not list is absent; no profile at all means "ask"). Objects outside (kind ``object``, "a train") are
  present when the profile lists them, else asked. Room and person conditions are always asked.
* **MZ-GAP-68, the definitions** (the rulebook gives none):
  Daytime = the sun is up (from sunrise to sunset); Nighttime = the sun is down (sunset to sunrise), so the
  two split every instant; Dawn = morning civil twilight (civil dawn, the sun 6° below the horizon, to
  sunrise); Dusk = evening civil twilight (sunset to civil dusk): Dawn and Dusk are parts of Nighttime.
  In white nights and polar twilight (no sunrise or no civil dusk) twilight is Dawn while the sun climbs and
  Dusk while it sinks. Stars = the sun more than 6° below the horizon (after civil dusk, before civil dawn)
  and the Caster declared no cloud (Fog, Raining, Snowing, Lightning Storm or Overcast).
  Full Moon = astral's lunar phase (0-28, full at 14) of the instant's UTC date within 13..15 (about ±1 day;
  the phase is global, and counts in daylight too). Winter = *meteorological* winter at the place's local
  date: December-February north of the Equator (latitude >= 0), June-August south of it (also in the
  tropics: the rule says date and hemisphere). Meteor Shower = the place's local date within the peak
  window of a shower in the calendar (the peak night's dates; a shower's long low-rate activity window does
  not count); daylight does not matter, like Full Moon.
  The sun's geometric elevation at the instant decides (up: above -0.833°, the sunrise/sunset altitude;
  dark: below -6.05°, civil dusk), so polar day and night need no special case; astral's sunrise, sunset and
  civil twilight times only feed the basis. Where astral finds none (it raises ValueError in polar day and
  night, or returns a time where the sun is not at the threshold, which is dropped) the basis says
  "midnight sun" / "polar night" / "white night".
* **MZ-GAP-68, name matching (MZ-WALL-02):** an object matches a Page in the Arena whose name contains the
  object's words as whole words, case-insensitively, after dropping a leading article ("a train" matches
  "Ghost Train"; "rain" does not match "Raining"); no plurals or synonyms.
* **MZ-GAP-69:** a condition is evaluated only when it is checked (MZ-WALL-06), at the instant the engine
  passes for that check: the instant the host recorded at the start of the turn (step 1a, see
  games/metazoo/gaps.py), so one turn reads one sky; nightfall during a turn counts from the next turn.
* **MZ-GAP-82:** only the 24 listed Terra Bonuses exist: the Page loader (``games/metazoo/cards.py``)
  rejects any other name, so no Page asks about one. Given another name anyway, this module counts it
  only when a Terra in a slot provides it; it cannot be derived, so *derived* and *declared* ask and
  *virtual* answers absent.
* **MZ-GAP-24 (4th Wall confirmations):** an unanswered question counts as "no" (the condition does not
  hold, "not met"), logged as such.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, NamedTuple

from astral import Observer
from astral import moon as astral_moon
from astral import sun as astral_sun

from games.core.carddata import CardDataError, data_dir, load_yaml
from games.core.surroundings import PLACES, WEATHER, Place, Surroundings, SurveyLine
from games.core.surroundings import words as _words

# --- the vocabulary (MZ-TERRA-01) -------------------------------------------------------------------------

TIME_OF_DAY = ("Daytime", "Nighttime", "Dawn", "Dusk")
"""Terra Bonuses computed from the sun in derived mode."""
SKY_EVENTS = ("Full Moon", "Meteor Shower", "Stars", "Winter")
"""Terra Bonuses computed from the moon, the calendar, darkness and the season in derived mode."""
TERRA_BONUSES = tuple(sorted(TIME_OF_DAY + SKY_EVENTS + PLACES + WEATHER))
"""The 24 Terra Bonuses of the rulebook (MZ-TERRA-01), alphabetical."""
CLOUD = ("Fog", "Lightning Storm", "Overcast", "Raining", "Snowing")
"""Weather that hides the stars. ``Overcast`` is declarable in a profile though it is no Terra Bonus."""
FULL_MOON_PHASE = 14.0
FULL_MOON_WINDOW = 1.0
"""Full Moon holds when astral's phase (0..28) is within ``FULL_MOON_PHASE ± FULL_MOON_WINDOW``."""
WINTER_MONTHS = {"north": (12, 1, 2), "south": (6, 7, 8)}
"""Meteorological winter by hemisphere (MZ-GAP-68)."""
HORIZON = -0.8333
"""The sun's geometric elevation (degrees) at sunrise and sunset (refraction and the sun's radius)."""
CIVIL = -6.05
"""The sun's geometric elevation (degrees) at civil dawn and civil dusk (6° below the apparent horizon)."""

_CANON = {name.lower(): name for name in TERRA_BONUSES + ("Overcast",)}
_EVENT_LABEL = {"dawn": "civil dawn", "sunrise": "sunrise", "sunset": "sunset", "dusk": "civil dusk"}
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December")


class Mode(StrEnum):
    """The table option choosing how 4th Wall conditions are settled (MZ-WALL-04)."""

    VIRTUAL = "virtual"
    DERIVED = "derived"
    DECLARED = "declared"

    @classmethod
    def parse(cls, value: str | Mode) -> Mode:
        """``"virtual"``, ``"derived"`` or ``"declared"`` (any case) -> :class:`Mode`; ValueError otherwise."""
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            raise ValueError(f"unknown surroundings mode {value!r}: choose virtual, derived or declared") \
                from None


class Answer(NamedTuple):
    """The result of one check: ``holds`` is True/False, or None when the Caster must be asked; ``basis``
    is the sentence for the log ("Nighttime: sunset at 16:42 in Oslo; ...")."""

    holds: bool | None
    basis: str

    @property
    def ask(self) -> bool:
        """True when the engine must ask the affected Caster (MZ-WALL-04 declared mode, MZ-WALL-05)."""
        return self.holds is None


# --- value types ------------------------------------------------------------------------------------------

def canonical_feature(name: str) -> str:
    """A Terra Bonus name in any case -> its spelling in :data:`TERRA_BONUSES` (``"full moon"`` -> ``"Full
    Moon"``); a name outside the list is returned stripped (MZ-GAP-82)."""
    key = " ".join(str(name).split()).lower()
    return _CANON.get(key, " ".join(str(name).split()))


CONDITION_KINDS = ("terra", "object", "room", "person")


@dataclass(frozen=True, slots=True)
class Condition:
    """One 4th Wall condition (MZ-WALL-01): ``kind`` is

    * ``"terra"``: a Terra feature (``name`` one of :data:`TERRA_BONUSES`, or a new one, MZ-GAP-82);
    * ``"object"``: a thing outside the game near the Caster (``name`` "train"); a Page of that name in the
      Arena satisfies it (MZ-WALL-02);
    * ``"room"``: something in the Caster's room or eyesight ("a drink"): a Page of that name satisfies it,
      otherwise always asked (MZ-WALL-05);
    * ``"person"``: about the Caster's person ("wearing pants"): always asked (MZ-WALL-05).

    ``text`` is the Page's own wording for the question ("you are wearing pants"); default ``name``.
    Raises ValueError for an unknown kind or an empty name."""

    kind: str
    name: str
    text: str = ""

    def __post_init__(self) -> None:
        if self.kind not in CONDITION_KINDS:
            raise ValueError(f"unknown 4th Wall condition kind {self.kind!r}: choose {', '.join(CONDITION_KINDS)}")
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError("a 4th Wall condition needs a name, e.g. 'Forest' or 'train'")
        name = canonical_feature(self.name) if self.kind == "terra" else " ".join(self.name.split())
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "text", " ".join((self.text or name).split()))


# --- the meteor shower calendar ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Shower:
    """A major annual meteor shower: ``name``; ``active`` and ``peak`` as ((month, day), (month, day))
    inclusive windows of local dates (a window may cross New Year); ``zhr``: the typical peak rate per
    hour. Source: ``data/metazoo/meteor_showers.yaml``."""

    name: str
    active: tuple[tuple[int, int], tuple[int, int]]
    peak: tuple[tuple[int, int], tuple[int, int]]
    zhr: int

    def at_peak(self, day: dt.date) -> bool:
        """True when ``day`` (a local date) is inside the peak window."""
        return _in_window((day.month, day.day), self.peak)

    def describe(self) -> str:
        """``"Perseids (peak 12-13 Aug, active 17 Jul-24 Aug)"``."""
        return f"{self.name} (peak {_window_text(self.peak)}, active {_window_text(self.active)})"


def _in_window(md: tuple[int, int], window: tuple[tuple[int, int], tuple[int, int]]) -> bool:
    start, end = window
    return start <= md <= end if start <= end else (md >= start or md <= end)


def _md_text(md: tuple[int, int]) -> str:
    return f"{md[1]} {_MONTHS[md[0] - 1]}"


def _window_text(window: tuple[tuple[int, int], tuple[int, int]]) -> str:
    (m1, d1), (m2, d2) = window
    if m1 == m2:
        return f"{d1}-{d2} {_MONTHS[m1 - 1]}" if d1 != d2 else _md_text(window[0])
    return f"{_md_text(window[0])}-{_md_text(window[1])}"


_DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _month_day(value: object, where: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d\d)-(\d\d)", str(value).strip()) if isinstance(value, str) else None
    if not m:
        raise CardDataError(f"{where}: {value!r} is not a date 'MM-DD' such as '08-12'")
    month, day = int(m.group(1)), int(m.group(2))
    if not 1 <= month <= 12 or not 1 <= day <= _DAYS_IN_MONTH[month - 1]:
        raise CardDataError(f"{where}: {value!r} is not a real month and day")
    return month, day


def _window(value: object, where: str) -> tuple[tuple[int, int], tuple[int, int]]:
    if not isinstance(value, list) or len(value) != 2:
        raise CardDataError(f"{where}: a window is a list of two dates ['MM-DD', 'MM-DD'], not {value!r}")
    return _month_day(value[0], where), _month_day(value[1], where)


def parse_meteor_showers(raw: object, source: str = "meteor_showers") -> tuple[Shower, ...]:
    """Validate the parsed calendar (``{"showers": [{"name", "active", "peak", "zhr"}, ...]}``) and return the
    showers in file order. Raises :class:`CardDataError` (a ValueError) naming ``source`` and the shower for
    a missing or wrong field, a repeated name, or a peak window outside the activity window."""
    if not isinstance(raw, dict) or not isinstance(raw.get("showers"), list) or not raw["showers"]:
        raise CardDataError(f"{source}: expected a mapping with a non-empty list 'showers'")
    out: list[Shower] = []
    seen: set[str] = set()
    for i, entry in enumerate(raw["showers"]):
        where = f"{source}: showers[{i}]"
        if not isinstance(entry, dict):
            raise CardDataError(f"{where}: each shower is a mapping with name, active, peak, zhr")
        extra = set(entry) - {"name", "active", "peak", "zhr", "note"}
        if extra:
            raise CardDataError(f"{where}: unknown field(s) {sorted(extra)}; allowed: name, active, peak, zhr, note")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise CardDataError(f"{where}: a shower needs a name")
        where = f"{source}: shower {name!r}"
        if name.lower() in seen:
            raise CardDataError(f"{where}: the name is repeated")
        seen.add(name.lower())
        active, peak = _window(entry.get("active"), where), _window(entry.get("peak"), where)
        if not (_in_window(peak[0], active) and _in_window(peak[1], active)):
            raise CardDataError(f"{where}: the peak {_window_text(peak)} is outside the activity window "
                                f"{_window_text(active)}")
        zhr = entry.get("zhr")
        if isinstance(zhr, bool) or not isinstance(zhr, int) or zhr <= 0:
            raise CardDataError(f"{where}: zhr must be a positive whole number of meteors per hour")
        out.append(Shower(name.strip(), active, peak, zhr))
    return tuple(out)


def load_meteor_showers(path: Path | None = None) -> tuple[Shower, ...]:
    """Read and validate the calendar (default ``data/metazoo/meteor_showers.yaml``, or under
    ``$METAHOST_DATA``). The only file this module reads. Raises :class:`CardDataError`."""
    path = path or data_dir("metazoo") / "meteor_showers.yaml"
    return parse_meteor_showers(load_yaml(path), str(path))


# --- the sun ----------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _SunState:
    up: bool          # between sunrise and sunset (Daytime)
    dark: bool        # more than 6° below the horizon
    rising: bool
    elevation: float  # degrees, geometric
    local: dt.datetime
    events: tuple[tuple[dt.datetime, str], ...]  # (local time, "dawn"|"sunrise"|"sunset"|"dusk"), sorted


_EVENT_ELEVATION = {"dawn": CIVIL, "sunrise": HORIZON, "sunset": HORIZON, "dusk": CIVIL}


def _events(observer: Observer, day: dt.date, tz: zoneinfo.ZoneInfo) -> list[tuple[dt.datetime, str]]:
    found = []
    for kind, fn in (("dawn", astral_sun.dawn), ("sunrise", astral_sun.sunrise),
                     ("sunset", astral_sun.sunset), ("dusk", astral_sun.dusk)):
        try:
            t = fn(observer, day, tzinfo=tz)
        except ValueError:
            continue  # polar day or night, or a white night: astral finds no such event that date
        # near the poles astral can return a time where the sun is nowhere near the threshold: drop it
        if abs(astral_sun.elevation(observer, t, with_refraction=False) - _EVENT_ELEVATION[kind]) < 0.5:
            found.append((t, kind))
    return found


def _sun(place: Place, instant: dt.datetime) -> _SunState:
    """The sun at ``instant`` seen from ``place``. The sun's geometric elevation decides (so polar day and
    night need no special case); astral's event times, nearest the instant, are for the basis."""
    tz = place.tz
    local = instant.astimezone(tz)
    observer = Observer(place.latitude, place.longitude)
    events = sorted({e for d in (-1, 0, 1) for e in _events(observer, local.date() + dt.timedelta(days=d), tz)})
    elev = astral_sun.elevation(observer, instant, with_refraction=False)
    step = dt.timedelta(minutes=5)
    rising = (astral_sun.elevation(observer, instant + step, with_refraction=False)
              > astral_sun.elevation(observer, instant - step, with_refraction=False))
    up = elev > HORIZON
    return _SunState(up, elev < CIVIL, rising, elev, local, tuple(events))


def _hm(t: dt.datetime, local: dt.datetime) -> str:
    text = t.strftime("%H:%M")
    return text if t.date() == local.date() else f"{text} on {t.date().isoformat()}"


def _polar(s: _SunState) -> str:
    day = s.local.date().isoformat()
    return (f"midnight sun (the sun does not set on {day})" if s.up
            else f"polar night (the sun does not rise on {day})")


def _event_clause(s: _SunState) -> str:
    """Daytime/Nighttime: the sunrise (sunset) that began the present day (night) and the sunset (sunrise)
    that ends it, when astral finds them within a day; else polar day or night."""
    first, then = ("sunrise", "sunset") if s.up else ("sunset", "sunrise")
    before = [(t, k) for t, k in s.events if k == first and t <= s.local]
    after = [(t, k) for t, k in s.events if k == then and t > s.local]
    picked = before[-1:] + after[:1]
    if not picked:
        return _polar(s)
    return ", ".join(f"{_EVENT_LABEL[k]} at {_hm(t, s.local)}" for t, k in picked)


def _timetable(s: _SunState) -> str:
    """Dawn, Dusk, Stars: the local date's civil dawn, sunrise, sunset and civil dusk, in order; a missing
    sunrise and sunset is polar day or night, a missing civil dusk and dawn a white night."""
    today = [(t, k) for t, k in s.events if t.date() == s.local.date()]
    parts = [f"{_EVENT_LABEL[k]} at {t.strftime('%H:%M')}" for t, k in today]
    if not any(k in ("sunrise", "sunset") for _, k in today):
        parts.append(_polar(s))
    elif not any(k in ("dawn", "dusk") for _, k in today) and not s.dark:
        parts.append(f"white night (the sun does not sink 6° below the horizon on {s.local.date().isoformat()})")
    return ", ".join(parts)


def _sun_tail(place: Place, s: _SunState) -> str:
    where = "above" if s.elevation >= 0 else "below"
    return (f" in {place.name}; {s.local.strftime('%H:%M')} local time on {s.local.date().isoformat()} "
            f"({place.timezone}), the sun {abs(s.elevation):.1f}° {where} the horizon")


def _label(name: str, holds: bool) -> str:
    return name if holds else f"not {name}"


# --- the checks -------------------------------------------------------------------------------------------

def _object_words(text: str) -> list[str]:
    words = _words(text)
    return words[1:] if len(words) > 1 and words[0] in ("a", "an", "the", "some", "any") else words


def page_name_matches(obj: str, page_name: str) -> bool:
    """MZ-WALL-02 / MZ-GAP-68: ``obj``'s words (a leading article dropped) appear consecutively as whole
    words, case-insensitively, in ``page_name``: "a train" matches "Ghost Train", "rain" not "Raining"."""
    want, have = _object_words(obj), _words(page_name)
    n = len(want)
    return n > 0 and any(have[i:i + n] == want for i in range(len(have) - n + 1))


def _as_condition(condition: str | Condition) -> Condition:
    if isinstance(condition, Condition):
        return condition
    if isinstance(condition, str):
        return Condition("terra", condition)
    raise ValueError(f"a check is a Terra Bonus name or a Condition, not {condition!r}")


def _check_instant(instant: object) -> dt.datetime:
    if not isinstance(instant, dt.datetime):
        raise ValueError("derived mode needs the instant of the check: an aware datetime in UTC, e.g. "
                         "datetime(2026, 12, 21, 15, 0, tzinfo=timezone.utc)")
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValueError(f"the instant {instant.isoformat()} has no timezone: pass an aware datetime "
                         "(tzinfo=timezone.utc) so the check does not depend on the machine's clock setting")
    return instant.astimezone(dt.UTC)


_QUESTIONS = {
    "Daytime": "Is it daytime where you are (the sun is up)?",
    "Nighttime": "Is it nighttime where you are (the sun has set)?",
    "Dawn": "Is it dawn where you are (first light, before sunrise)?",
    "Dusk": "Is it dusk where you are (after sunset, before dark)?",
    "Full Moon": "Is the moon full right now?",
    "Meteor Shower": "Is a meteor shower at its peak right now?",
    "Stars": "Are stars visible in your sky right now?",
    "Winter": "Is it winter where you are?",
    "Fog": "Is there fog within 5 miles or within eyesight of you?",
    "Lightning Storm": "Is there a lightning storm within 5 miles or within eyesight of you?",
    "Raining": "Is it raining within 5 miles or within eyesight of you?",
    "Snowing": "Is it snowing within 5 miles or within eyesight of you?",
}


@dataclass(frozen=True, slots=True)
class Sky:
    """The table's surroundings setting (MZ-WALL-04): ``mode`` (:class:`Mode` or its name; default
    virtual), ``place`` (the table's :class:`Place`; required in derived mode) and ``showers`` (the calendar
    from :func:`load_meteor_showers`; required in derived mode). Build one per game; its checks are pure.

    Raises ValueError for an unknown mode, or derived mode without a place or a calendar."""

    mode: Mode = Mode.VIRTUAL
    place: Place | None = None
    showers: tuple[Shower, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", Mode.parse(self.mode))
        if self.place is not None and not isinstance(self.place, Place):
            raise ValueError("the table's place must be a Place, e.g. Place('Oslo', 59.91, 10.75, 'Europe/Oslo')")
        object.__setattr__(self, "showers", tuple(self.showers))
        if self.mode is Mode.DERIVED:
            if self.place is None:
                raise ValueError("derived mode needs the table's place (name, latitude, longitude, timezone), "
                                 "e.g. Place('Oslo', 59.91, 10.75, 'Europe/Oslo')")
            if not self.showers:
                raise ValueError("derived mode needs the meteor shower calendar: pass "
                                 "showers=load_meteor_showers()")

    def to_json(self) -> dict[str, Any]:
        """``{"mode", "place"}`` for the game log (the calendar is data, reloaded from its file)."""
        return {"mode": self.mode.value, "place": self.place.to_json() if self.place else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], showers: Iterable[Shower] = ()) -> Sky:
        """Inverse of :meth:`to_json`; pass ``showers`` for derived mode."""
        place = data.get("place")
        return cls(data.get("mode", Mode.VIRTUAL), Place.from_json(place) if place else None, tuple(showers))

    # -- the public checks --

    def check(self, condition: str | Condition, *, instant: dt.datetime | None = None,
              profile: Surroundings | None = None, caster: str = "the Caster",
              terra: Iterable[str] = (), arena_names: Iterable[str] = ()) -> Answer:
        """Settle one 4th Wall condition or Terra Bonus for the affected Caster (MZ-WALL-01..06, MZ-TERRA-02).

        ``condition``: a Terra Bonus name (str) or a :class:`Condition`. ``instant``: the aware UTC time of
        the check (needed in derived mode; MZ-WALL-06: evaluated when checked). ``profile``: that Caster's
        :class:`Surroundings` (derived mode). ``caster``: their name for the basis. ``terra``: the Terra
        Bonuses provided by the Terra Pages in the slots (MZ-TERRA-03, MZ-WALL-03). ``arena_names``: the
        names of the face-up Pages in the Arena (MZ-WALL-02).

        Returns an :class:`Answer`; ``holds is None`` means ask ``caster`` (see :meth:`question`).
        Raises ValueError for a bad condition or, in derived mode, a missing or naive instant."""
        cond = _as_condition(condition)
        if cond.kind == "terra":
            provided = {canonical_feature(t).lower() for t in terra}
            if cond.name.lower() in provided:
                return Answer(True, f"{cond.name}: a {cond.name} Terra is in a Terra slot")
        elif cond.kind in ("object", "room"):
            for name in arena_names:
                if page_name_matches(cond.name, name):
                    return Answer(True, f"{cond.text}: the Page {name} is in the Arena")
        if cond.kind == "person":
            return Answer(None, f"{cond.text}: about {caster}'s person, so {caster} is asked")
        if cond.kind == "room":
            return Answer(None, f"{cond.text}: about {caster}'s room, so {caster} is asked "
                                "(no Page of that name is in the Arena)")
        if self.mode is Mode.VIRTUAL:
            what = (f"no {cond.name} Terra is in a Terra slot" if cond.kind == "terra"
                    else "no Page of that name is in the Arena")
            return Answer(False, f"not {cond.text}: {what} (virtual mode: the real surroundings do not count)")
        if self.mode is Mode.DECLARED:
            return Answer(None, f"{cond.text}: declared mode, so {caster} is asked")
        return self._derive(cond, _check_instant(instant), profile, caster)

    def question(self, condition: str | Condition, caster: str = "") -> str:
        """The prompt of the confirmation button when :meth:`check` answered ``holds is None``."""
        cond = _as_condition(condition)
        if cond.kind == "terra":
            text = _QUESTIONS.get(cond.name) or (
                f"Are you in or within 5 miles or within eyesight of a {cond.name.lower()}?")
        elif cond.kind == "object":
            text = f"Is there {cond.text} within 5 miles or within eyesight of you?"
        else:
            text = f"Is this true for you right now: “{cond.text}”?"
        return f"{caster}: {text}" if caster else text

    def survey(self, instant: dt.datetime | None = None, profile: Surroundings | None = None,
               caster: str = "the Caster") -> tuple[tuple[str, Answer], ...]:
        """Every Terra Bonus of :data:`TERRA_BONUSES` checked from the surroundings alone (no Terra, no
        Pages): what ``/surroundings`` shows a Caster before the game."""
        return tuple((name, self.check(name, instant=instant, profile=profile, caster=caster))
                     for name in TERRA_BONUSES)

    # -- derived mode --

    def _derive(self, cond: Condition, instant: dt.datetime, profile: Surroundings | None,
                caster: str) -> Answer:
        place = profile.place if profile is not None and profile.place is not None else self.place
        assert place is not None  # checked in __post_init__
        name = cond.name
        if cond.kind == "object":
            if profile is None:
                return Answer(None, f"{cond.text}: {caster} has no surroundings profile, so {caster} is asked")
            if " ".join(_object_words(name)) in {" ".join(_object_words(o)) for o in profile.objects}:
                return Answer(True, f"{cond.text}: {caster}'s surroundings list it")
            return Answer(None, f"{cond.text}: not in {caster}'s surroundings, so {caster} is asked")
        if name in TIME_OF_DAY or name == "Stars":
            return self._sun_answer(name, place, instant, profile, caster)
        if name == "Full Moon":
            day = instant.date()
            phase = astral_moon.phase(day)
            holds = abs(phase - FULL_MOON_PHASE) <= FULL_MOON_WINDOW
            return Answer(holds, f"{_label(name, holds)}: the lunar phase on {day.isoformat()} (UTC) is "
                                 f"{phase:.1f} of 28 (full moon within {FULL_MOON_PHASE - FULL_MOON_WINDOW:g}"
                                 f"-{FULL_MOON_PHASE + FULL_MOON_WINDOW:g})")
        if name == "Winter":
            day = instant.astimezone(place.tz).date()
            months = WINTER_MONTHS[place.hemisphere]
            holds = day.month in months
            span = f"{_MONTH_NAMES[months[0] - 1]}-{_MONTH_NAMES[months[-1] - 1]}"
            return Answer(holds, f"{_label(name, holds)}: {_MONTH_NAMES[day.month - 1]} {day.year} in "
                                 f"{place.name}, {place.hemisphere}ern hemisphere (winter is {span})")
        if name == "Meteor Shower":
            day = instant.astimezone(place.tz).date()
            at_peak = [s for s in self.showers if s.at_peak(day)]
            if at_peak:
                return Answer(True, f"{name}: {'; '.join(s.describe() for s in at_peak)} on "
                                    f"{day.isoformat()} in {place.name}")
            nxt = self._next_peak(day)
            return Answer(False, f"not {name}: no major shower peaks on {day.isoformat()} in {place.name}"
                                 + (f" (next: {nxt.describe()})" if nxt else ""))
        if name in PLACES or name in WEATHER:
            if profile is None:
                return Answer(None, f"{name}: {caster} has no surroundings profile, so {caster} is asked")
            listed = profile.places if name in PLACES else profile.weather
            holds = name in listed
            return Answer(holds, f"{_label(name, holds)}: {caster}'s surroundings "
                                 f"{'list' if holds else 'do not list'} {name}")
        return Answer(None, f"{name}: the bot cannot derive this feature, so {caster} is asked")

    def _next_peak(self, day: dt.date) -> Shower | None:
        def days_until(s: Shower) -> int:
            m, d = s.peak[0]
            for year in (day.year, day.year + 1, day.year + 2):
                try:
                    target = dt.date(year, m, d)
                except ValueError:  # 29 Feb in a common year
                    continue
                if target >= day:
                    return (target - day).days
            return 10**6
        return min(self.showers, key=lambda s: (days_until(s), s.name), default=None)

    def _sun_answer(self, name: str, place: Place, instant: dt.datetime, profile: Surroundings | None,
                    caster: str) -> Answer:
        s = _sun(place, instant)
        tail = _sun_tail(place, s)
        if name in ("Daytime", "Nighttime"):
            holds = s.up if name == "Daytime" else not s.up
            return Answer(holds, f"{_label(name, holds)}: {_event_clause(s)}{tail}")
        if name in ("Dawn", "Dusk"):
            twilight = not s.up and not s.dark
            holds = twilight and (s.rising if name == "Dawn" else not s.rising)
            return Answer(holds, f"{_label(name, holds)}: {_timetable(s)}{tail}")
        cloud = sorted(profile.weather & set(CLOUD)) if profile is not None else []
        holds = s.dark and not cloud
        sky = (f"; {caster} declared {', '.join(cloud)}" if cloud
               else "; no cloud declared" if profile is not None else f"; {caster} declared no weather")
        return Answer(holds, f"{_label(name, holds)}: {_timetable(s)}{tail}{sky}")


def survey(place: Place, profile: Surroundings | None, instant: dt.datetime,
           caster: str) -> tuple[SurveyLine, ...]:
    """Every Terra Bonus read in derived mode at ``place`` from ``profile`` alone (no Terra, no Pages) at the
    aware ``instant``, for the Caster named ``caster``: the sky features (:data:`TIME_OF_DAY`,
    :data:`SKY_EVENTS`) first with ``sky`` True, then the places and weather of the profile, in
    :data:`TERRA_BONUSES` order. What ``/surroundings show`` tells a player (MZ-WALL-04, MZ-GAP-68)."""
    answers = dict(Sky(mode="derived", place=place, showers=load_meteor_showers())
                   .survey(instant=instant, profile=profile, caster=caster))
    first = (*TIME_OF_DAY, *SKY_EVENTS)
    lines = [SurveyLine(name, answers[name].holds, answers[name].basis, True) for name in first]
    return tuple(lines + [SurveyLine(n, a.holds, a.basis, False) for n, a in answers.items() if n not in first])
