"""Memesis actions carried out: :func:`perform` does the action a draft chose (play face up or face down,
source, consume, move, fuse, incubate, place or remove a Rune, Ammunition, use an ability) and opens the
response window it allows. Imports ``cells``, ``runes``, ``fusion``, ``effects``, ``incubation`` and
below."""

from __future__ import annotations

from games.core.contract import Event

from ..state import State
from .cells import (
    CELL_NAMES,
    abilities,
    ability_cost,
    allies,
    card,
    cname,
    find,
    fused,
    group_cost,
    kind,
    label_piece,
    label_target,
    new_piece,
    pay,
    pname,
    respond,
    to_dead,
)
from .effects import effect_ability, start_resolve
from .fusion import do_fuse
from .incubation import incubate
from .runes import attach_rune


def _dest(dest: str, seat: int) -> tuple[str, int, int]:
    """``main`` / ``defend`` / ``attack:s1`` / ``main@2`` -> (cell, controller, attacked seat)."""
    if dest.startswith("attack:s"):
        return "attack", seat, int(dest[8:])
    if "@" in dest:
        cell, who = dest.split("@")
        return cell, int(who), -1
    return dest, seat, -1


def _play_down(st: State, seat: int, c: int, cost: int, dest: str, ev: list[Event]) -> None:
    """Play the Effect or Rune card ``c`` from hand face down into the Main Cell ``dest`` (``main``, or an
    ally's: ``main@<seat>``, MEM-ALY-02) for ``cost`` source (MEM-STL-01/02). Everything public reads as for a
    face-down creature or Cause card played there (MEM-GAP-20): the log line, the window's reason, and an
    ally's grant of the source spent (MEM-ALY-01, MEM-GAP-24)."""
    p = st.players[seat]
    _cell, who, _tgt = _dest(dest, seat)
    pay(st, seat, cost)
    p.hand.remove(c)
    pc = new_piece(st, [c], who, "main", True)
    where = "their Main Cell"
    if who != seat:
        pc.placed_by = seat  # MEM-ALY-04
        where = f"{pname(st, who)}'s Main Cell"
    ev.append(Event(f"{p.name} pays {cost} source and plays a face-down card (#{pc.uid}) into {where}."))
    ev.append(Event(f"Your face-down card #{pc.uid} is {cname(st, c)}.", (seat,)))
    if allies(st, seat):
        p.grants.append(cost)
    respond(st, seat, f"{p.name} put a face-down card into play")


def perform(st: State, seat: int, ref: str, path: tuple[str, ...], window: bool, ev: list[Event]) -> None:
    """Carry out a listed action (``rules.py``'s docstring)."""
    p = st.players[seat]
    verb = path[0]
    if ref.startswith("h"):
        c = int(ref[1:])
        d = card(st, c)
        if seat == st.active and verb in ("play", "rune", "incubate", "fuse"):
            st.turn_plays += 1  # for the turn summary
        if verb == "play" and d.kind in ("creature", "cause"):
            cell, who, tgt = _dest(path[1], seat)
            down = path[2] == "down"
            cost = d.cost + (1 if down else 0)
            pay(st, seat, cost)
            p.hand.remove(c)
            pc = new_piece(st, [c], who, cell, down)
            pc.target = tgt
            if who != seat:
                pc.placed_by = seat  # MEM-ALY-04
            where = f"their {CELL_NAMES[cell]}" if who == seat else f"{pname(st, who)}'s {CELL_NAMES[cell]}"
            att = f", attacking {pname(st, tgt)}" if tgt >= 0 else ""
            if down:
                ev.append(Event(f"{p.name} pays {cost} source and plays a face-down card (#{pc.uid}) into {where}"
                                f"{att}."))
                ev.append(Event(f"Your face-down card #{pc.uid} is {d.name}.", (seat,)))
            else:
                ev.append(Event(f"{p.name} plays {d.name} (#{pc.uid}) into {where}{att}"
                                + (f", paying {cost} source." if cost else ".")))
            if cell == "main" and cost > 0 and allies(st, seat):
                p.grants.append(cost)  # MEM-ALY-01, MEM-GAP-24
            respond(st, seat, f"{p.name} put a {'face-down ' if down else ''}card into play", [tgt] if tgt >= 0 else [])
            return
        if verb == "play" and d.kind == "effect" and path[1] == "down":
            _play_down(st, seat, c, d.cost + 1, path[2], ev)
            return
        if verb == "play" and d.kind == "effect":
            t, opt = path[1], path[2]
            rune, keep, extra = -1, False, 0
            if opt != "plain":
                r, n = opt[1:].split(":")
                rune, extra = int(r), int(n)
                keep = extra == 2
            pay(st, seat, d.cost + extra)
            p.hand.remove(c)
            st.players[st.owner[c]].dead.append(c)  # shown, then to its owner's Dead Cell (MEM-CE-08); fusion
            if rune >= 0:  # may take it back out
                p.hand.remove(rune)
                st.players[st.owner[rune]].dead.append(rune)
            up = f", upgraded by {cname(st, rune)}" if rune >= 0 else ""
            at = "" if t == "-" else f" at {label_target(st, t)}"
            ev.append(Event(f"{p.name} plays {d.name}{at}{up}."))
            start_resolve(st, seat, c, -1, effect_ability(st, c, rune), [] if t == "-" else [t], rune, keep)
            return
        if verb == "play" and d.kind == "rune":
            _play_down(st, seat, c, 2, path[2], ev)
            return
        if verb == "rune":
            host = find(st, int(path[1][1:]))
            assert host is not None
            pay(st, seat, 1, "MEM-RUN-02")
            p.hand.remove(c)
            attach_rune(st, seat, c, host, ev, hidden=False)
            respond(st, seat, f"{p.name} placed a Rune")
            return
        if verb == "incubate":
            who = int(path[1][1:])
            down = path[2] == "down"
            p.hand.remove(c)
            incubate(st, seat, [c], who, down, ev)
            return
        if verb == "fuse":
            onto = find(st, int(path[1][1:]))
            assert onto is not None
            down = path[3] == "down"
            if down and onto.cell != "incubation":  # MEM-STL-02: incubation doubles the turns instead
                pay(st, seat, 1, "MEM-STL-01")
            p.hand.remove(c)
            do_fuse(st, seat, [c], [c] if down else [], onto, path[2], ev)
            if onto.cell != "incubation":
                respond(st, seat, f"{p.name} fused a card from hand into play")  # MEM-GAP-28
            return
        if verb == "ammo":
            who = int(path[1][1:])
            p.hand.remove(c)
            q = st.players[who]
            q.ammo.append(c)
            q.ammo_used.append(False)
            ev.append(Event(f"{p.name} puts a card face down on top of "
                            + ("their" if who == seat else f"{q.name}'s") + " Ammunition Cell."))
            ev.append(Event(f"{d.name} goes into Ammunition.", (seat,)))
            return
        if verb == "consume":
            p.hand.remove(c)
            st.players[st.owner[c]].dead.append(c)
            gain(st, seat, d.cost, path[1], d.name, ev)
            return
        raise ValueError(path)
    pc = find(st, int(ref[1:]))
    assert pc is not None
    if verb == "source":
        pc.sourced = True
        p.source += 1
        ev.append(Event(f"{p.name} sources {label_piece(st, pc)} (+1 source, now {p.source})."))
        return
    if verb == "consume":
        v = group_cost(st, pc)
        to_dead(st, pc, ev, "is consumed")
        gain(st, seat, v, path[1], " + ".join(cname(st, c) for c in pc.cards), ev)
        return
    if verb == "move":
        cell, _who, tgt = _dest(path[1], seat)
        pc.cell = cell
        pc.target = tgt
        att = f", attacking {pname(st, tgt)}" if tgt >= 0 else ""
        ev.append(Event(f"{p.name} moves {label_piece(st, pc)} into the {CELL_NAMES[cell]}{att}."))
        return
    if verb == "upturn":
        mine = [c for c in pc.hidden if st.owner[c] == seat]
        for c in mine:
            pc.hidden.remove(c)
        names = ", ".join(cname(st, c) for c in mine)
        ev.append(Event(f"{p.name} upturns {names} (#{pc.uid})."))
        k = kind(st, pc)
        if k == "rune" and len(pc.cards) == 1:
            r = pc.cards[0]
            st.pieces.remove(pc)
            if path[1] == "dead":
                st.players[st.owner[r]].dead.append(r)
                ev.append(Event(f"{cname(st, r)} has nowhere to attach and goes to the Dead Cell."))
            else:
                host = find(st, int(path[1][1:]))
                assert host is not None
                attach_rune(st, seat, r, host, ev, hidden=False)
        elif k == "effect" and not fused(pc):
            c = pc.cards[0]
            st.pieces.remove(pc)
            st.players[st.owner[c]].dead.append(c)
            if pc.rune >= 0:  # MEM-CE-08, MEM-RUN-06: its Rune goes too, to the Rune owner's Dead Cell
                st.players[st.owner[pc.rune]].dead.append(pc.rune)
            d = card(st, c)
            t = path[1]
            ev.append(Event(f"{d.name} works{'' if t == '-' else ' at ' + label_target(st, t)}."))
            start_resolve(st, seat, c, -1, effect_ability(st, c, pc.rune), [] if t == "-" else [t], -1, False)
            return
        respond(st, seat, f"{p.name} upturned a card")
        return
    if verb == "attach":
        host = find(st, int(path[1][1:]))
        assert host is not None
        r = pc.cards[0]
        st.pieces.remove(pc)
        attach_rune(st, seat, r, host, ev, hidden=True)
        respond(st, seat, f"{p.name} placed a Rune")
        return
    if verb.startswith("use:"):
        i = int(verb[4:])
        a, c = abilities(st, pc)[i]
        pay(st, seat, ability_cost(st, pc, a, c))
        if a.ammo:
            mark_ammo(st, seat, a.ammo)
        pc.used.append(i)
        t = path[1]
        ev.append(Event(f"{p.name} uses {a.name} of {label_piece(st, pc)}"
                        + ("" if t == "-" else f" at {label_target(st, t)}")
                        + (f", with {a.ammo} Ammo" if a.ammo else "") + "."))
        start_resolve(st, seat, -1, pc.uid, a, [] if t == "-" else [t], -1, False)
        return
    if verb == "fuse":
        onto = find(st, int(path[1][1:]))
        assert onto is not None
        st.pieces.remove(pc)
        if pc.rune >= 0:
            st.players[st.owner[pc.rune]].dead.append(pc.rune)
            ev.append(Event(f"{cname(st, pc.rune)} is shattered by the fusion."))
        do_fuse(st, seat, pc.cards + pc.partials, list(pc.hidden), onto, path[2], ev)
        return
    if verb == "ammo":
        st.pieces.remove(pc)
        if pc.rune >= 0:
            st.players[st.owner[pc.rune]].hand.append(pc.rune)
        for c in pc.cards + pc.partials:  # MEM-AMM-06: a group of X cards is X Ammo
            p.ammo.append(c)
            p.ammo_used.append(False)
        ev.append(Event(f"{p.name} puts {label_piece(st, pc)} face down into their Ammunition Cell "
                        f"({len(pc.cards) + len(pc.partials)} Ammo)."))
        return
    if verb == "unrune":
        pay(st, seat, 1, "MEM-RUN-02")
        r = pc.rune
        pc.rune = -1
        was_down = r in pc.hidden
        if was_down:
            pc.hidden.remove(r)
        p.hand.append(r)
        what = "a face-down Rune" if was_down else cname(st, r)  # it goes back to hand unseen (MEM-STL-03)
        ev.append(Event(f"{p.name} pays 1 source and takes {what} back from {label_piece(st, pc)}."))
        respond(st, seat, f"{p.name} removed a Rune")
        return
    raise ValueError(path)


def gain(st: State, seat: int, v: int, how: str, what: str, ev: list[Event]) -> None:
    """MEM-CON-01..03: the consumed card's source cost as Life or as source, at once; named in public."""
    p = st.players[seat]
    if how == "life":
        p.life += v
        ev.append(Event(f"{p.name} consumes {what} for {v} Life (now {p.life})."))
    else:
        p.source += v
        ev.append(Event(f"{p.name} consumes {what} for {v} source (now {p.source})."))


def mark_ammo(st: State, seat: int, n: int) -> None:
    """MEM-AMM-04, MEM-GAP-22: ``n`` unused Ammo cards, top first, are used until they recycle."""
    p = st.players[seat]
    for i in range(len(p.ammo) - 1, -1, -1):
        if n == 0:
            break
        if not p.ammo_used[i]:
            p.ammo_used[i] = True
            n -= 1
