"""Meta: a player's own secret choice reads the same whatever the card (META-TRG-03/04,
META-DIS-02, META-GAP-17, META-GAP-25).

The cross-zone permutation check (``tests/hidden_twins.py`` in ``test_meta_playouts.py``) keeps the chooser's own
hidden card fixed for the step it compares, so it cannot see a leak in how that player's own secret choice is
reported. These tests make that check over the whole card pool, grouping the results by what is public.

What is public, by the rulebook (section 3 and 4.3) and the gap decisions:

* Activating a trigger stack (META-TRG-03/04, META-GAP-17): that the player at turn activated a new trigger
  stack, its id, and the target the card announces: a player named, or none. The announced target is public by
  the rule itself, so a card that names a player is told from one that names nobody once the play is made; the
  condition, whether it fires before or after its event, and the card's title are hidden. The steps of
  building the play (target, confirm) show to the others only as ``playing`` (META-GAP-25), whatever they are.
* Discarding (META-DIS-02): each discard is chosen privately, one at a time; nothing is told until the last
  choice is in, then every discard is applied and named at once (discards are face up, META-GRV-05).
  Memories are hidden from everyone (META-INF-02), and no choice puts a card from a hand into one."""

from __future__ import annotations

from hidden_twins import clone, view_key
from meta_stack_helpers import FILLER, pos

from games.meta import GAME
from games.meta.pool import card_pool


def _public(events) -> str:
    return " | ".join(e.text for e in events if e.audience is None)


def _others(st, n: int) -> tuple:
    """Every other seat's and a spectator's view, and the seats asked (the kinds of Ana's own steps of a play
    show to the others through their views, as ``playing``)."""
    return (*(view_key(GAME, st, w) for w in [*range(1, n), None]),
            tuple(d.seat if d.seat == 0 else (d.seat, d.kind) for d in GAME.decisions(st)))


def _activations(card: str, n: int, stage: str) -> list[tuple[tuple[str, ...], tuple]]:
    """Every way Ana (at turn) can activate a trigger stack with ``card``, found by walking every path of the
    play's decisions: ``(path, what the others know)`` after each step; the path names no card."""
    st = pos({"stage": stage, "players": [{"hand": [card, "e003.1"]}] + [{"hand": ["e003.1"]}] * (n - 1)}, n)
    (c,) = [h["id"] for h in GAME.view(st, 0).private["hand"] if h["card"] == card]
    out = []

    def walk(s, path, log):
        mine = next(d for d in GAME.decisions(s) if d.seat == 0)
        if mine.kind not in ("target", "confirm_play"):
            return
        for o in mine.options:
            if o.id == "back":
                continue
            t = clone(GAME, s)
            ev = log + GAME.apply(t, 0, o.id)
            out.append((path + (o.id,), (_public(ev), *_others(t, n))))
            walk(t, path + (o.id,), ev)

    ev = GAME.apply(st, 0, f"activate:{c}")
    out.append((("activate",), (_public(ev), *_others(st, n))))
    walk(st, ("activate",), ev)
    return out


def test_META_TRG_03_META_TRG_04_every_trigger_card_activated_with_the_same_target_reads_the_same():
    """META-TRG-03, META-TRG-04, META-GAP-17, META-GAP-25: with 2 and 3 players, in the drawing
    and the pushing stage, every Trigger card of the pool activating a trigger stack with the same announced
    target (a player named, or none) gives the same public log, the same views for the others and a spectator,
    and the same seats asked; the step after choosing the card is the same for every Trigger card."""
    triggers = [cid for cid, d in card_pool().items() if d.type == "trigger"]
    assert len({card_pool()[c].target for c in triggers}) >= 3  # none, a player, an opponent
    for n in (2, 3):
        for stage in ("drawing", "pushing"):
            shapes: dict[tuple[str, ...], set] = {}
            for card in triggers:
                for path, shape in _activations(card, n, stage):
                    shapes.setdefault(path, set()).add(shape)
            assert {("activate",), ("activate", "confirm"), ("activate", "tgt:p0"), ("activate", "tgt:p1")} <= set(shapes)
            for path, seen in shapes.items():
                assert len(seen) == 1, f"{n} players, {stage}, {path}: Trigger cards read differently"
            (shape,) = shapes[("activate", "tgt:p1")]
            assert "activates a trigger stack with a face-down trigger, naming Ben" in shape[0]


def test_META_DIS_02_a_discard_chosen_before_the_last_tells_nothing_whatever_the_card():
    """META-DIS-02, META-INF-01: Ana holds the whole card pool in the discarding stage; whichever
    card she picks as her first discard, Ben (who has his own discards to choose) and a spectator see the same
    views, nothing is logged, and the same seats are asked."""
    pool = list(card_pool())
    st = pos({"players": [{"hand": pool, "memory": FILLER}, {"hand": ["e003.1"] * 14, "memory": FILLER}]})
    while any(d.kind == "push" for d in GAME.decisions(st)):
        GAME.apply(st, next(d for d in GAME.decisions(st) if d.kind == "push").seat, "pass")
    assert [(d.seat, d.kind) for d in GAME.decisions(st)] == [(0, "discard"), (1, "discard")]
    options = next(d for d in GAME.decisions(st) if d.seat == 0).options
    assert {o.cards[0] for o in options} == set(pool)
    seen = set()
    for o in options:
        t = clone(GAME, st)
        ev = GAME.apply(t, 0, o.id)
        seen.add((_public(ev), view_key(GAME, t, 1), view_key(GAME, t, None),
                  tuple((d.seat, d.kind) for d in GAME.decisions(t))))
    assert len(seen) == 1
    (shape,) = seen
    assert shape[0] == "" and shape[-1] == ((0, "discard"), (1, "discard"))
