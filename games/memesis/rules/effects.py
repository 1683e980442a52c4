"""Memesis Cause and Effect cards and abilities (rulebook Section 4, Cause and Effect Cards): resolving an
Effect card or an ability step by step (targets, interception, damage, draws; the Cause card an opposing
player loses or saves, MEM-CE-01..03/09) and Rune fragments (MEM-CE-11). Imports ``cells``, ``combat``,
``fusion`` and below."""

from __future__ import annotations

from games.core.contract import Event
from games.core.rng import Rng

from ..cards import Ability
from ..state import Job, Piece, State
from .cells import (
    CREATURE_TARGETS,
    armor,
    ask,
    asked_to_intercept,
    card,
    cname,
    draw,
    face_down,
    find,
    fixed_targets,
    in_play,
    is_cause,
    kind,
    label_piece,
    opposed_players,
    pname,
    respond,
    to_dead,
    to_hand,
)
from .combat import check_life, deaths, hit_piece
from .fusion import cause_fusions, do_fuse


def effect_ability(st: State, c: int, rune: int) -> Ability:
    """Effect card ``c``'s one effect, with the upgrade of Rune ``rune`` (-1: none) when it bears that Rune's
    marking: the upgrade's steps follow the effect's, on the same targets (MEM-RUN-01/05, MEM-STL-08)."""
    d = card(st, c)
    a = d.abilities[0]
    u = d.markings.get(card(st, rune).predilection) if rune >= 0 else None
    if u is not None and u.ability is not None and u.ability.target == a.target:
        a = a.model_copy(update={"steps": a.steps + u.ability.steps})
    return a


def start_resolve(st: State, seat: int, c: int, uid: int, a: Ability, targets: list[str], rune: int,
                  keep: bool) -> None:
    """Push the resolution of an Effect card ``c`` (or the ability ``a`` of piece ``uid``)."""
    st.jobs.append(Job("resolve", {"seat": seat, "card": c, "uid": uid, "ability": a.model_dump(mode="json"),
                                   "targets": targets, "rune": rune, "keep": keep, "stage": "init"}))


def _ability(job: Job) -> Ability:
    return Ability.model_validate(job.data["ability"])


def _valid(st: State, t: str) -> bool:
    if t.startswith("s"):
        return not st.players[int(t[1:])].out
    pc = find(st, int(t[1:]))
    return pc is not None and in_play(pc)


def step_resolve(st: State, job: Job, ev: list[Event]) -> None:
    """Resolve an Effect card or ability (MEM-CE-*) one stage per call: targets, interception, its steps,
    then the Cause card an opposing player loses (MEM-CE-01..03) and a fragment's fusion (MEM-CE-11)."""
    d = job.data
    seat = d["seat"]
    a = _ability(job)
    what = cname(st, d["card"]) if d["card"] >= 0 else a.name
    if d["stage"] == "init":
        if not d["targets"]:
            self_pc = find(st, d["uid"]) if d["uid"] >= 0 else None
            d["targets"] = fixed_targets(st, seat, a.target, self_pc)
        d["targets"] = [t for t in d["targets"] if _valid(st, t)]
        dmg = sum(s.amount for s in a.steps if s.do == "damage")
        d["icpt"] = {}
        d["queue"] = [int(t[1:]) for t in d["targets"]
                      if t.startswith("s") and dmg and asked_to_intercept(st, int(t[1:]))]
        d["opp"] = opposed_players(st, seat, d["targets"]) if d["card"] >= 0 else []
        d["i"], d["j"] = 0, 0
        d["stage"] = "icpt"
    if d["stage"] == "icpt":
        if "answer" in d:
            ans = d.pop("answer")
            s = d["queue"].pop(0)
            d["icpt"][str(s)] = -1 if ans == "absorb" else int(ans[1:])
            if ans != "absorb":
                bp = find(st, int(ans[1:]))
                if bp is not None and bp.cell != "defend":
                    bp.cell, bp.target = "defend", -1
                    ev.append(Event(f"{pname(st, s)} moves {label_piece(st, bp)} into the Defend Cell."))
                ev.append(Event(f"{pname(st, s)} intercepts with {label_piece(st, bp)}."))
        while d["queue"] and not asked_to_intercept(st, d["queue"][0]):
            d["queue"].pop(0)
        if d["queue"]:
            dmg = sum(s.amount for s in a.steps if s.do == "damage")
            ask(st, job, d["queue"][0], "intercept", {"amount": dmg, "what": what})
            return
        d["stage"] = "steps"
    if d["stage"] == "steps":
        if not _run_steps(st, job, a, what, ev):
            return
        deaths(st, ev)
        check_life(st, ev)
        if st.result is not None:
            return
        d["stage"] = "causes"
    if d["stage"] == "causes":
        if not _causes(st, job, what, ev):
            return
        d["stage"] = "after"
    if d["stage"] == "after":
        c = d["card"]
        if "answer" in d:
            ans = d.pop("answer")
            if ans != "dead" and c in st.players[st.owner[c]].dead:
                onto = find(st, int(ans[1:]))
                if onto is not None:
                    st.players[st.owner[c]].dead.remove(c)
                    m = next(f.marking for f in card(st, c).fragments if f.marking in card(st, onto.cards[0]).markings)
                    do_fuse(st, seat, [c], [], onto, f"frag:{m}", ev)
            d["asked"] = True
        if c >= 0 and not d.get("asked") and c in st.players[st.owner[c]].dead and card(st, c).fragments:
            if fragment_asked(st, seat, c):
                ask(st, job, seat, "fragment", {"card": c, "uids": [pc.uid for pc in fragment_hosts(st, seat, c)]})
                return
        if d["rune"] >= 0 and d["keep"]:
            r = d["rune"]
            st.players[st.owner[r]].dead.remove(r)
            st.players[st.owner[r]].hand.append(r)
            ev.append(Event(f"{cname(st, r)} returns to {pname(st, st.owner[r])}'s hand."))
        st.jobs.remove(job)
        respond(st, seat, f"{pname(st, seat)} used {what}", [int(t[1:]) for t in d["targets"] if t.startswith("s")])


def _fragment_base(st: State, seat: int, pc: Piece) -> bool:
    """``pc`` is a piece of ``seat`` that a used card may fuse onto as a fragment, its markings aside
    (MEM-CE-11, MEM-FUS-13): in play or incubating, not a True Fusion, no other player's face-down card in it
    (only its owner may read that, MEM-GAP-24)."""
    return (pc.controller == seat and (in_play(pc) or pc.cell == "incubation") and not pc.true
            and all(st.owner[x] == seat for x in pc.hidden))


def fragment_hosts(st: State, seat: int, c: int) -> list[Piece]:
    """The pieces the used card ``c`` may really fuse onto as a fragment (MEM-CE-11): :func:`_fragment_base`,
    not a Rune, its base card bearing a marking of one of ``c``'s fragments (the true card, face down or not)."""
    return [pc for pc in st.pieces if _fragment_base(st, seat, pc) and kind(st, pc) != "rune"
            and any(f.marking in card(st, pc.cards[0]).markings for f in card(st, c).fragments)]


def fragment_asked(st: State, seat: int, c: int) -> bool:
    """Whether ``seat`` is asked to fuse the used card ``c`` as a fragment (MEM-CE-11, MEM-GAP-20), on public
    information: a piece of theirs (:func:`_fragment_base`) whose face-up base card bears a marking of one of
    ``c``'s fragments, or whose base card is face down, whatever it is; the prompt offers the true hosts
    (:func:`fragment_hosts`), maybe none ("Let it go to the Dead Cell" only)."""
    marks = {f.marking for f in card(st, c).fragments}
    return any(_fragment_base(st, seat, pc) and (face_down(pc) or marks & set(card(st, pc.cards[0]).markings))
               for pc in st.pieces)


def _run_steps(st: State, job: Job, a: Ability, what: str, ev: list[Event]) -> bool:
    """Apply the steps to every target in order; False when waiting on a discard prompt."""
    d = job.data
    seat = d["seat"]
    while d["i"] < len(a.steps):
        s = a.steps[d["i"]]
        while d["j"] < len(d["targets"]):
            t = d["targets"][d["j"]]
            if s.do == "discard":
                tgt = int(t[1:])
                if "answer" in d:
                    ans = d.pop("answer")
                    hand = st.players[tgt].hand
                    if hand:
                        c = -1 if ans == "random" else int(ans[1:])
                        if ans == "random":
                            r = Rng(st.rng)
                            c = hand[r.below(len(hand))]
                            st.rng = r.state
                        hand.remove(c)
                        st.players[st.owner[c]].dead.append(c)
                        ev.append(Event(f"{pname(st, tgt)} discards {cname(st, c)}."))
                    d["left"] = d.get("left", s.amount) - 1
                else:
                    d.setdefault("left", s.amount)
                if d["left"] > 0 and st.players[tgt].hand and not st.players[tgt].out:
                    ask(st, job, tgt, "discard", {"what": what, "left": d["left"]})
                    return False
                d.pop("left", None)
            elif _valid(st, t):
                pc = find(st, int(t[1:])) if t.startswith("p") else None
                if pc is not None and a.target in CREATURE_TARGETS and kind(st, pc) != "creature":
                    if t not in d.setdefault("void", []):  # chosen on public grounds; the rules read the truth
                        d["void"].append(t)
                        ev.append(Event(f"{what} has no effect on {label_piece(st, pc)}: it holds no creature."))
                else:
                    apply_step(st, seat, s.do, s.amount, t, d["icpt"], ev, what)
            d["j"] += 1
        d["j"] = 0
        d["i"] += 1
    return True


def apply_step(st: State, seat: int, do: str, n: int, t: str, icpt: dict[str, int], ev: list[Event],
               what: str = "") -> None:
    """One step on one target (the vocabulary in :mod:`games.memesis.cards`); ``what`` (the card or ability)
    is named as the source of damage in the log."""
    if t.startswith("s"):
        s = int(t[1:])
        p = st.players[s]
        if do == "damage":
            u = icpt.get(str(s), -1)
            blocker = find(st, u) if u >= 0 else None
            if blocker is not None and in_play(blocker):
                hit_piece(st, blocker, n, ev, by=what)  # MEM-GAP-12: one Defend creature takes it in full
            else:
                p.life -= n
                ev.append(Event(f"{what} deals {n} damage to {p.name} (Life {p.life})." if what
                                else f"{p.name} takes {n} damage (Life {p.life})."))
        elif do == "drain":
            p.life -= n
            ev.append(Event(f"{p.name} loses {n} Life (Life {p.life})."))
        elif do == "heal":
            p.life += n
            ev.append(Event(f"{p.name} gains {n} Life (Life {p.life})."))
        elif do == "source":
            p.source += n
            ev.append(Event(f"{p.name} gains {n} source."))
        elif do == "draw":
            draw(st, s, n, ev)
        return
    pc = find(st, int(t[1:]))
    assert pc is not None
    if do == "damage":
        hit_piece(st, pc, n, ev, by=what)
    elif do == "mend":
        pc.damage = max(0, pc.damage - n)
        ev.append(Event(f"{label_piece(st, pc)} recovers {n} Life."))
    elif do == "pump":
        pc.pump += n
        ev.append(Event(f"{label_piece(st, pc)} gets +{n} Attack this turn."))
    elif do == "weaken":
        pc.pump -= n
        ev.append(Event(f"{label_piece(st, pc)} gets -{n} Attack this turn."))
    elif do == "shield":
        pc.shield += max(0, min(n, 3 - armor(st, pc)))
        ev.append(Event(f"{label_piece(st, pc)} gains Armor (now {armor(st, pc)})."))
    elif do == "destroy":
        to_dead(st, pc, ev, "is destroyed")
    elif do == "bounce":
        to_hand(st, pc, ev)
    elif do == "unsource":
        pc.sourced = False
        ev.append(Event(f"{label_piece(st, pc)} is unsourced."))
    elif do == "exhaust":
        pc.sourced = True
        ev.append(Event(f"{label_piece(st, pc)} is sourced (its controller gains nothing)."))


def _causes(st: State, job: Job, what: str, ev: list[Event]) -> bool:
    """MEM-CE-01/02/03/09, MEM-GAP-15/16: one Cause card of each opposing player the Effect was played at is
    destroyed, unless fused with or saved. False while waiting on a prompt."""
    d = job.data
    c = d["card"]
    if c < 0:
        return True
    while True:
        cur = d.get("cur")
        if cur is None:
            if not d["opp"]:
                return True
            s = d["opp"][0]
            causes = [pc.uid for pc in st.pieces if pc.controller == s and is_cause(st, pc)]
            if not causes or st.players[s].out:
                d["opp"].pop(0)
                continue
            if len(causes) == 1:
                d["cur"] = {"uid": causes[0], "stage": "fuse"}
            else:
                if "answer" in d:
                    d["cur"] = {"uid": int(d.pop("answer")[1:]), "stage": "fuse"}
                else:
                    ask(st, job, s, "cause", {"uids": causes, "what": what})
                    return False
            continue
        s = d["opp"][0]
        pc = find(st, cur["uid"])
        if pc is None or not is_cause(st, pc):
            d.pop("cur")
            d["opp"].pop(0)
            continue
        if cur["stage"] == "fuse":
            ways = cause_fusions(st, c, pc) if c in st.players[st.owner[c]].dead else []
            if ways and "answer" not in d:
                ask(st, job, d["seat"], "fuse_cause", {"card": c, "uid": pc.uid, "ways": ways})
                return False
            ans = d.pop("answer", "destroy")
            if ans != "destroy":
                st.players[st.owner[c]].dead.remove(c)
                do_fuse(st, d["seat"], [c], [], pc, ans, ev)
                ev.append(Event(f"{label_piece(st, pc)} is fused, not destroyed."))
                d.pop("cur")
                d["opp"].pop(0)
                continue
            cur["stage"] = "save"
            continue
        if cur["stage"] == "save":
            if st.players[s].hand and "answer" not in d:
                ask(st, job, s, "save", {"uid": pc.uid})
                return False
            ans = d.pop("answer", "let")
            if ans != "let":
                h = int(ans[1:])
                st.players[s].hand.remove(h)
                st.players[st.owner[h]].dead.append(h)
                ev.append(Event(f"{pname(st, s)} discards {cname(st, h)} to save {label_piece(st, pc)}."))
            else:
                to_dead(st, pc, ev, f"is destroyed by {what}")
            d.pop("cur")
            d["opp"].pop(0)
