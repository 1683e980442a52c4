"""Placement: Pages on top of and underneath each other (MZ-PLACE-01..08), Unequip (MZ-EQUIP-09) and control
changes that move a stack (MZ-PLACE-05).

A relation exists only when a Page Effect makes it (MZ-PLACE-01): ``put_under`` puts a target underneath the
Effect's own Page, and the target leaves the Arena (not Destroyed, no DESTROYED Effects, Indicators gone:
``ArenaPage.under``, MZ-PLACE-03); ``self_under`` puts the Effect's own Page underneath a target while it stays
in the Arena (``ArenaPage.on``, MZ-PLACE-04). Pages of one stack move together (``take_control``, MZ-PLACE-05);
when the top Page leaves the Arena, the Pages underneath go to their owners' zones for their types, with no
DESTROYED Effects (MZ-PLACE-06/07, MZ-GAP-63). Equipment and face-down Traps keep their own rules (MZ-PLACE-08:
MZ-EQUIP-08, MZ-TRAP-04). Pages underneath are shown on the public board (MZ-GAP-85).
"""

from __future__ import annotations

from games.core.contract import Event

from ..cards import Page
from ..state import ArenaPage, State
from . import pages, zones


def put_under(st: State, ap: ArenaPage, host: ArenaPage, page: Page, ev: list[Event]) -> None:
    """MZ-PLACE-03: ``ap`` goes underneath ``host`` and leaves the Arena (not Destroyed)."""
    ev.append(Event(f"{pages.label(st, ap)} is put underneath {pages.label(st, host)} ({page.name}): it leaves "
                    "the Arena, not Destroyed."))
    zones.leave_arena(st, ap, ev, destroyed=False, to=f"under:{host.uid}")


def self_under(st: State, ap: ArenaPage, host: ArenaPage, ev: list[Event]) -> None:
    """MZ-PLACE-04: ``ap`` (whose own Effect this is) sits underneath ``host`` and stays in the Arena."""
    ap.on = host.uid
    ev.append(Event(f"{pages.label(st, ap)} is put underneath {pages.label(st, host)} by its own Effect: it stays in "
                    "the Arena."))


def stack(st: State, ap: ArenaPage) -> list[ArenaPage]:
    """The top Page of ``ap``'s stack and every Arena Page underneath it (MZ-PLACE-05)."""
    top = pages.find(st, ap.on) if ap.on >= 0 else None
    top = top or ap
    return [top] + [o for o in st.arena if o.on == top.uid and o is not top]


def take_control(st: State, ap: ArenaPage, seat: int, page: Page, ev: list[Event]) -> None:
    """MZ-OWN-01, MZ-PLACE-05: ``seat`` gains control of ``ap``; the Pages on top of and underneath it move with
    it (Equipment is controlled with its Page, MZ-OWN-04). A face-down Trap under it stays with its placer as a
    standalone face-down Trap (MZ-PLACE-08, MZ-TRAP-04)."""
    moved = stack(st, ap)
    for o in moved:
        if o.controller == seat:
            continue
        if o.trap >= 0:
            zones.enter_arena(st, o.trap, o.controller, ev, face_down=True)
            o.trap = -1
            ev.append(Event(f"The face-down Page under {pages.label(st, o)} stays with its placer, standalone."))
        o.controller = seat
    ev.append(Event(f"{st.casters[seat].name} gains control of " + ", ".join(pages.label(st, o) for o in moved)
                    + f" ({page.name}); they move together."))


def unequip(st: State, ap: ArenaPage, page: Page, ev: list[Event]) -> None:
    """MZ-EQUIP-09, MZ-GAP-59: every Equipment under ``ap`` detaches and goes to its owner's zone for its type
    (not Destroyed); its bonus stops at once (a lower maximum LP is checked by the caller, MZ-GAP-52)."""
    if not ap.equipment:
        return
    d = pages.defs_of(st)
    for e in ap.equipment:
        zones.discard_zone(st, e).append(e)
    ev.append(Event(f"{page.name} Unequips " + ", ".join(d[e].name for e in ap.equipment)
                    + f" from {pages.label(st, ap)}."))
    ap.equipment = []


def leave_with(st: State, ap: ArenaPage, ev: list[Event]) -> None:
    """MZ-PLACE-06/07: ``ap`` left the Arena; the Pages underneath it go to their owners' zones for their types
    (tokens and copies to no zone), and none of them triggers a DESTROYED Effect."""
    d = pages.defs_of(st)
    for card in ap.under:
        zones.discard_zone(st, card).append(card)
        ev.append(Event(f"{d[card].name or 'Beastie token'}, underneath, goes to its owner's zone."))
    ap.under = []
    for o in [o for o in st.arena if o.on == ap.uid]:
        o.on = -1
        ev.append(Event(f"{pages.label(st, o)} was underneath: it leaves the Arena too."))
        zones.leave_arena(st, o, ev, destroyed=False)
