"""META-GAP-25: who is asked in the pushing stage, and what the board and log say about it,
never depend on the cards a hand holds.

Every player in play has an open "play or pass" decision, playable card or not (no automatic pass for a hand
with nothing playable: such a decision is never ``forced``), and a play's own steps show to the
others only as ``playing`` (META-INF-01). Only an empty hand, whose size is public, makes "Pass" forced.
"""

from __future__ import annotations

from meta_rules_helpers import FILLER, apply, pos

from games.meta import GAME


def _twin(ben_hand):
    return pos({"stage": "pushing", "players": [{"hand": ["e007.1"], "memory": FILLER},
                                                {"hand": ben_hand, "memory": FILLER}]})


def _seen(st, watcher):
    return GAME.view(st, watcher), GAME.view(st, None), tuple((d.seat, d.kind) for d in GAME.decisions(st))


def test_META_GAP_25_a_hand_with_nothing_playable_is_asked_like_any_other():
    """Ben holds Hush (no card on any stack to target: nothing playable) or Thunderclap
    (playable): Ana and a spectator see the same decisions, and the same log through both passes."""
    a, b = _twin(["e007.1"]), _twin(["m001.1"])
    assert [o.id for o in GAME.decisions(b)[1].options] == ["pass"]
    assert not GAME.decisions(b)[1].forced
    assert _seen(a, 0) == _seen(b, 0)
    assert [(d.forced, d.window) for d in GAME.decisions(a)] == [(d.forced, d.window) for d in GAME.decisions(b)]
    for seat in (0, 1):
        assert apply(a, seat, "pass") == apply(b, seat, "pass")
        assert _seen(a, 0) == _seen(b, 0)


def test_META_GAP_25_an_empty_hand_is_a_publicly_forced_pass():
    """An empty hand is public: its player still has the "play or pass" decision (META-PSH-05), marked
    ``forced`` so the host passes for them at once (rather than asked)."""
    st = _twin([])
    assert [(d.seat, d.kind, d.forced) for d in GAME.decisions(st)] == [(0, "push", False), (1, "push", True)]


def test_META_GAP_25_a_play_in_progress_shows_as_playing():
    """Ben starts playing Thunderclap: until he confirms or goes back, the others see ``playing``."""
    st = _twin(["e007.1"])
    before = GAME.view(st, 0).waiting
    apply(st, 1, next(o.id for o in GAME.decisions(st)[1].options if o.id != "pass"))
    assert GAME.view(st, 0).waiting == GAME.view(st, None).waiting == ((0, before[0][1]), (1, "playing"))
    apply(st, 1, "back")
    assert GAME.view(st, 0).waiting == before
