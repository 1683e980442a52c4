"""The executing stage and what cards do (rulebook 4.2, "Executing stage"; META-EXE, META-TGT-03..06,
META-PDX, the card steps of META-EVT/META-MTA): a tower executes level by level, each card's target is
resolved when it executes, its steps are carried out, and paradoxes are detected and resolved.

:class:`Execution` is the executing half of :class:`games.meta.rules.Engine`, which inherits it; its
methods use the engine's own (``say``, ``emit``, ``settle``, ``lose``, ``gain``, ``draw``, …) and its fields
(``st``, ``rng``, ``steps``, ``seen``, ``trace``, ``coin_used``, ``copying``). Imports :mod:`games.core`
and the package's ``queries``, ``cards`` and ``state``.
"""

from __future__ import annotations

from typing import Any

from ..cards import MetaCard, param_text
from ..state import Change, Entry, Tower
from .queries import (
    MAX_STEPS,
    Paradox,
    card_def,
    find_entry,
    param,
    stack_name,
    title,
    tower_by_id,
    tower_name,
    towers,
    turn_seats,
)


class Execution:
    """Executing towers and cards (mixed into :class:`games.meta.rules.Engine`)."""

    def state_key(self) -> Any:
        st = self.st
        return (
            tuple(tuple(tuple(e.card for e in lv) for lv in tw.levels) + (tw.trigger,) for tw in towers(st)),
            tuple((p.life, p.disabled, len(p.memory), tuple(p.hand), tuple(p.graveyard)) for p in st.players),
            len(st.changes),
        )

    def run_tower(self, tw: Tower) -> None:
        """Execute ``tw`` until it is empty: each step takes the top card of the highest non-empty level,
        re-determined before every step (META-EXE-02..04, META-GAP-09)."""
        st = self.st
        while True:
            lv = len(tw.levels) - 1
            while lv >= 0 and not tw.levels[lv]:
                lv -= 1
            if lv < 0:
                tw.levels = [[]]
                return
            key = self.state_key()
            if key in self.seen:
                involved = self.trace[self.seen[key]:] + [tw.levels[lv][-1].card]
                self.paradox(sorted(set(involved)), "the game state repeated during execution")
                self.seen = {}
                continue
            self.seen[key] = len(self.trace)
            self.steps += 1
            if self.steps > MAX_STEPS:
                # Finite zones make a loop repeat a state first; this limit is the backstop.
                repeated = [c for c in set(self.trace) if self.trace.count(c) > 1]
                here = [e.card for level in tw.levels for e in level]
                self.paradox(sorted(set(repeated + here)), f"more than {MAX_STEPS} executions in one stage")
                self.steps, self.seen = 0, {}
                continue
            level = tw.levels[lv]
            bottom = param(st, "exec_order") == "bottom"
            entry = level.pop(0) if bottom else level.pop()
            self.trace.append(entry.card)
            self.execute(entry, tw, lv)
            self.settle()

    def paradox(self, involved: list[int], why: str) -> None:
        """META-PDX-03..05: resolve a detected paradox and say so publicly."""
        st = self.st
        st.paradoxes += 1
        on_stack = [c for c in involved if find_entry(st, c) is not None]
        if st.options.get("paradox") == "coin" and not self.coin_used and len(on_stack) >= 1 and len(involved) >= 2:
            self.coin_used = True
            a, b = involved[-1], involved[-2]
            loser = a if self.rng.coin() else b
            self.say(f"Paradox: {why}. A coin flip decides between {title(st, a)} and {title(st, b)}: "
                     f"{title(st, loser)} loses and is discarded without effect.")
            self.remove_from_stack(loser)
            return
        names = ", ".join(title(st, c) for c in involved)
        self.say(f"Paradox: {why}. Every card involved — {names} — goes to its owner's graveyard "
                 "without effect.")
        for c in involved:
            self.remove_from_stack(c)

    def remove_from_stack(self, card: int) -> bool:
        st = self.st
        loc = find_entry(st, card)
        if loc is None:
            return False
        tw, lv, i = loc
        del tw.levels[lv][i]
        st.players[st.owner[card]].graveyard.append(card)
        return True

    def resolve(self, entry: Entry, tw: Tower, lv: int) -> tuple[bool, Any, str]:
        """The entry's target now (META-TGT-03..06): (valid, resolved, why-not)."""
        st = self.st
        t = entry.target
        d = card_def(st, entry.card)
        if t is None:
            if d.target in ("none",):
                return True, None, ""
            if d.target == "below":
                t = {"k": "below"}
            elif d.target == "top":
                t = {"k": "top", "tower": "main", "level": d.level}
            else:
                return False, None, "it has no target"
        k = t["k"]
        if k == "player":
            s = t["seat"]
            p = st.players[s]
            if p.removed or p.disabled:
                return False, None, f"{p.name} is {'out of the game' if p.removed else 'disabled'}"
            return True, s, ""
        if k == "grave":
            s = t["seat"]
            if st.players[s].removed:
                return False, None, f"{self.name(s)} is out of the game"
            return True, s, ""
        if k == "card":
            loc = find_entry(st, t["card"])
            if loc is None:
                return False, None, f"{title(st, t['card'])} is no longer on a stack"
            return True, loc[0].levels[loc[1]][loc[2]], ""
        if k == "facedown":
            target_tw = tower_by_id(st, t["tower"])
            if target_tw is None or target_tw.trigger < 0:
                return False, None, "the trigger stack of the face-down trigger it targets is no longer active"
            return True, target_tw, ""
        if k == "stack":
            target_tw = tower_by_id(st, t["tower"])
            if target_tw is None or len(target_tw.levels) <= t["level"]:
                return False, None, "that stack no longer exists"
            return True, (target_tw, t["level"]), ""
        if k == "top":
            levels = st.main.levels
            if len(levels) <= t["level"] or not levels[t["level"]]:
                return False, None, "that stack is empty"
            return True, levels[t["level"]][-1], ""
        if k == "next":
            if "card" in t:  # bound when that card was played (META-TGT-04)
                loc = find_entry(st, t["card"])
                if loc is not None and loc[0] is st.main and loc[1] == 0:
                    return True, st.main.levels[0][loc[2]], ""
                return False, None, f"{title(st, t['card'])}, the next card played onto the main stack, has left it"
            later = [e for e in st.main.levels[0] if e.seq > t["after"]]  # a position built by a scenario
            if later:
                return True, min(later, key=lambda e: e.seq), ""
            return False, None, "no card was played onto the main stack after it (or it has left)"
        if k == "below":
            if not tw.levels[lv]:
                return False, None, "there is no card below it"
            s = tw.levels[lv][-1].player
            p = st.players[s]
            if p.removed or p.disabled:
                return False, None, f"{p.name} is {'out of the game' if p.removed else 'disabled'}"
            return True, s, ""
        return False, None, "unknown target"

    def execute(self, entry: Entry, tw: Tower, lv: int) -> None:
        """Execute one card (META-EXE-03/06/08): resolve the target, check that the instructions still
        make sense, carry them out, then the card goes to its owner's graveyard."""
        st = self.st
        card = entry.card
        d = card_def(st, card)
        st.limbo.append(card)
        ok, resolved, why = self.resolve(entry, tw, lv)
        fizzle = "" if ok else why
        if ok:
            fizzle = self.applicable(entry, d, resolved)
        if fizzle:
            self.say(f"{d.title} ({self.name(entry.player)}'s) is discarded without effect: {fizzle}.")
            self.to_grave_from_limbo(card)
            self.emit("countered", st.owner[card])
            return
        self.say(f"{d.title} ({self.name(entry.player)}'s) executes.")
        try:
            self.do_steps(d, entry, resolved, tw, lv)
        except Paradox as px:
            self.paradox(px.cards, px.why)
        self.to_grave_from_limbo(card)

    def to_grave_from_limbo(self, card: int) -> None:
        st = self.st
        if card in st.limbo:
            st.limbo.remove(card)
            st.players[st.owner[card]].graveyard.append(card)

    def applicable(self, entry: Entry, d: MetaCard, resolved: Any) -> str:
        """META-TGT-07: each step's "does this still make sense" check; "" when it does."""
        st = self.st
        for s in d.steps:
            if s.do == "redirect":
                target_entry = self.entry_at(resolved)
                if target_entry is None or target_entry.target is None or target_entry.target.get("k") != "player":
                    return "the target card has no player target to redirect"
                new = entry.player if s.to == "self" else target_entry.player
                p = st.players[new]
                if p.removed or p.disabled:
                    return f"{p.name} cannot be targeted"
                if card_def(st, target_entry.card).target == "opponent" and new == target_entry.player:
                    return "that card must target an opponent of its player"
            if s.do == "swap_top" and len(self.stack_of(resolved)) < 2:
                return "the target stack holds fewer than two cards"
            if s.do == "echo" and not st.players[entry.player].graveyard:
                return "your graveyard is empty"
            if s.do == "copy":
                target_entry = self.entry_at(resolved)
                if target_entry is None:
                    return "there is no card to copy"
        return ""

    def entry_at(self, resolved: Any) -> Entry | None:
        return resolved if isinstance(resolved, Entry) else None

    def stack_of(self, resolved: Any) -> list[Entry]:
        """The stack a stack target names, or the stack a card target is on now (``[]`` if gone)."""
        if isinstance(resolved, tuple):
            tw, lv = resolved
            return tw.levels[lv] if lv < len(tw.levels) else []
        if isinstance(resolved, Entry):
            loc = find_entry(self.st, resolved.card)
            return loc[0].levels[loc[1]] if loc else []
        return []

    def who(self, w: str, entry: Entry, resolved: Any) -> list[int]:
        st = self.st
        if w == "self":
            return [entry.player]
        if w == "target":
            return [resolved] if isinstance(resolved, int) else []
        if w == "all":
            return [s for s in turn_seats(st) if not st.players[s].removed]
        if w == "others":
            return [s for s in turn_seats(st) if not st.players[s].removed and s != entry.player]
        if w == "at_turn":
            return [st.at_turn]
        if w == "owner":
            e = self.entry_at(resolved)
            return [st.owner[e.card]] if e is not None else []
        return []

    def do_steps(self, d: MetaCard, entry: Entry, resolved: Any, tw: Tower, lv: int) -> None:
        st = self.st
        for s in d.steps:
            if st.result is not None:
                return
            match s.do:
                case "gain":
                    for seat in self.who(s.who, entry, resolved):
                        self.gain(seat, s.n)
                case "lose":
                    for seat in self.who(s.who, entry, resolved):
                        self.lose(seat, s.n)
                case "drain":
                    self.lose(resolved, s.n)
                    self.gain(entry.player, s.n)
                case "set_life":
                    for seat in self.who(s.who, entry, resolved):
                        self.set_life(seat, s.n)
                case "swap_life":
                    a, b = st.players[entry.player].life, st.players[resolved].life
                    self.set_life(entry.player, b)
                    self.set_life(resolved, a)
                case "draw":
                    for seat in self.who(s.who, entry, resolved):
                        self.draw(seat, s.n)
                case "mill":
                    for seat in self.who(s.who, entry, resolved):
                        p = st.players[seat]
                        moved = p.memory[: s.n]
                        del p.memory[: s.n]
                        p.graveyard.extend(moved)
                        self.say(f"{p.name} puts the top {len(moved)} cards of their memory into their graveyard.")
                case "discard_random":
                    for seat in self.who(s.who, entry, resolved):
                        p = st.players[seat]
                        gone = []
                        for _ in range(min(s.n, len(p.hand))):
                            c = p.hand.pop(self.rng.below(len(p.hand)))
                            if c == p.play:
                                p.play, p.dest = -1, ""
                            p.graveyard.append(c)
                            gone.append(c)
                        if gone:
                            self.say(f"{p.name} discards {', '.join(title(st, c) for c in gone)} at random.")
                            self.emit("discard", seat)
                case "recycle":
                    for seat in self.who(s.who, entry, resolved):
                        p = st.players[seat]
                        moved = [p.graveyard.pop() for _ in range(min(s.n, len(p.graveyard)))]
                        self.to_memory(seat, moved)
                        if moved:
                            self.say(f"{p.name} puts {len(moved)} cards from their graveyard under their memory.")
                case "regrow":
                    for seat in self.who(s.who, entry, resolved):
                        p = st.players[seat]
                        moved = [p.graveyard.pop() for _ in range(min(s.n, len(p.graveyard)))]
                        p.hand.extend(moved)
                        if moved:
                            self.say(f"{p.name} returns {', '.join(title(st, c) for c in moved)} from their "
                                     "graveyard to their hand.")
                case "shuffle_grave":
                    for seat in self.who(s.who, entry, resolved):
                        p = st.players[seat]
                        cards = p.memory + p.graveyard
                        p.graveyard = []
                        self.rng.shuffle(cards)
                        p.memory = []
                        self.to_memory(seat, cards)
                        n = len(p.memory)
                        self.say(f"{p.name} shuffles their graveyard into their memory ({n} card{'' if n == 1 else 's'}).")
                case "rule":
                    self.rule(s, entry)
                case "counter" | "defuse":
                    if isinstance(resolved, Tower):
                        target_tw = resolved
                        c = target_tw.trigger
                        self.say(f"The face-down trigger of {tower_name(st, target_tw)} ({title(st, c)}) is defused "
                                 "without firing; its trigger stack is deactivated.")
                        self.dismantle(target_tw)
                        self.emit("countered", st.owner[c])
                    elif self.remove_from_stack(resolved.card):
                        self.say(f"{title(st, resolved.card)} is removed from its stack without effect.")
                        self.emit("countered", st.owner[resolved.card])
                case "bounce":
                    loc = find_entry(st, resolved.card)
                    if loc is not None:
                        del loc[0].levels[loc[1]][loc[2]]
                        st.players[st.owner[resolved.card]].hand.append(resolved.card)
                        self.say(f"{title(st, resolved.card)} returns to {self.name(st.owner[resolved.card])}'s "
                                 "hand.")
                case "copy":
                    self.copy(entry, resolved)
                case "redirect":
                    e = self.entry_at(resolved)
                    new = entry.player if s.to == "self" else e.player
                    e.target = {"k": "player", "seat": new}
                    self.say(f"{title(st, e.card)} now targets {self.name(new)}.")
                case "sink":
                    loc = find_entry(st, resolved.card)
                    if loc is not None:
                        t_tw, t_lv, i = loc
                        e = t_tw.levels[t_lv].pop(i)
                        t_tw.levels[t_lv].insert(0, e)
                        self.say(f"{title(st, e.card)} moves to the bottom of {stack_name(st, t_tw, t_lv)}.")
                case "swap_top":
                    stack = self.stack_of(resolved)
                    if len(stack) < 2:
                        continue
                    stack[-1], stack[-2] = stack[-2], stack[-1]
                    self.say(f"{title(st, stack[-1].card)} and {title(st, stack[-2].card)} change places.")
                case "reverse":
                    stack = self.stack_of(resolved)
                    stack.reverse()
                    self.say("The stack's order is reversed.")
                case "clear":
                    stack = self.stack_of(resolved)
                    gone = list(stack)
                    stack.clear()
                    for e in gone:
                        st.players[st.owner[e.card]].graveyard.append(e.card)
                    self.say(f"{len(gone)} cards are removed from the stack without effect.")
                    for e in gone:
                        self.emit("countered", st.owner[e.card])
                case "echo":
                    p = st.players[entry.player]
                    if p.graveyard:
                        c = p.graveyard.pop()
                        cd = card_def(st, c)
                        target = None
                        if cd.target == "top":
                            target = {"k": "top", "tower": "main", "level": cd.level}
                        elif cd.target == "next":
                            target = {"k": "next", "tower": "main", "after": st.seq}
                        elif cd.target == "below":
                            target = {"k": "below"}
                        if cd.type == "trigger":
                            p.graveyard.append(c)
                            self.say(f"{cd.title} is a Trigger card and cannot go onto the main stack.")
                            continue
                        st.limbo.append(c)  # META-TRG-06: "before" triggers fire while the card is on its way
                        self.emit("card_main", entry.player, "before")
                        st.limbo.remove(c)
                        self.bind_next(c)
                        st.seq += 1
                        st.main.levels[0].append(Entry(c, entry.player, target, st.seq))
                        self.say(f"{cd.title} goes from {p.name}'s graveyard on top of the main stack.")
                        self.emit("card_main", entry.player)

    def copy(self, entry: Entry, resolved: Any) -> None:
        """Carry out the target card's steps as if ``entry``'s player had played it (META-PDX-02c: a copy
        that reaches itself again is a contradiction)."""
        st = self.st
        target = self.entry_at(resolved)
        assert target is not None
        if target.card in self.copying or target.card == entry.card:
            # META-PDX-04: each involved card once (the copied card can be both the copy and its target)
            raise Paradox(list(dict.fromkeys(self.copying + [entry.card, target.card])), "a copy depends on itself")
        td = card_def(st, target.card)
        if td.type == "trigger":
            return
        fake = Entry(target.card, entry.player, target.target, target.seq)
        loc = find_entry(st, target.card)
        if loc is None:
            self.say(f"The copy of {td.title} does nothing: it is no longer on a stack.")
            return
        t_tw, t_lv, _ = loc
        ok, res, why = self.resolve(fake, t_tw, t_lv)
        if not ok or self.applicable(fake, td, res):
            self.say(f"The copy of {td.title} does nothing: {why or 'its instructions no longer make sense'}.")
            return
        self.say(f"{self.name(entry.player)} carries out a copy of {td.title}.")
        self.copying.append(entry.card)
        try:
            self.do_steps(td, fake, res, t_tw, t_lv)
        finally:
            self.copying.pop()

    def rule(self, s: Any, entry: Entry) -> None:
        """META-CBR-01/02: record a rule change with its source card and duration."""
        st = self.st
        until = {"turn": st.turn, "next_turn": st.turn + 1, "game": -1}[s.duration]
        st.changes.append(Change(s.param, title(st, entry.card), entry.player, until, s.value, s.delta))
        now = param(st, s.param)
        self.say(f"Rule change by {title(st, entry.card)}: {param_text(s.param, now)} "
                 f"({ {'turn': 'until the end of this turn', 'next_turn': 'until the end of the next turn', 'game': 'for the rest of the game'}[s.duration] }).")
        if s.param in ("life_min", "life_max"):
            self.clamp_all()
