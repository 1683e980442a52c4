"""MZ-GAP-24: who is asked, and what the others see of it, never depends on hidden Pages.

Priority goes to every Caster in turn whatever their Chapter holds (a Chapter with nothing usable gets the
same "pass only" offer, never an automatic pass), and while a Caster picks the target of an Action, or where
a face-down Page goes, the others see them still at the step they chose it from: the step's kind would
tell which kind of hidden Page was picked.
"""

from __future__ import annotations

import pytest
from mz_helpers import go, pos, uid_of

from games.core.contract import NotYourDecision
from games.metazoo import GAME as MZ


def _golden(ben_chapter):
    """The rulebook's chain example (``test_mz_chain.golden``) with Ben's Chapter given."""
    return pos({"chapter": ["fire-dart", "hush"], "aura": {"flame": 1, "light": 1}},
               {"chapter": ben_chapter, "aura": {"water": 1},
                "arena": [{"card": "kappa", "damage": 25}, "hearth-brownie"]})


def _seen(st, watcher):
    return MZ.view(st, watcher), MZ.view(st, None), tuple((d.seat, d.kind) for d in MZ.decisions(st))


def test_MZ_GAP_24_priority_offered_whatever_the_chapter_holds():
    """Ben holding Mirror Ward (a usable response) or an Aura Page he cannot use now: Ana and a spectator see
    the same priority offer to Ben, and his pass reads the same."""
    a, b = _golden(["mirror-ward"]), _golden(["water-aura"])
    for st in (a, b):
        go(st, 0, "play:fire-dart", f"target:u{uid_of(st, 'kappa')}")
    assert _seen(a, 0) == _seen(b, 0)
    assert [(d.seat, d.kind) for d in MZ.decisions(b)] == [(1, "priority")]
    assert not [o.id for o in MZ.decisions(b)[0].options if o.id.startswith("play:")]  # nothing to Contract
    assert [e.text for e in go(a, 1, "pass")] == [e.text for e in go(b, 1, "pass")]
    assert _seen(a, 0) == _seen(b, 0)


def test_MZ_GAP_24_a_response_being_targeted_shows_as_priority():
    """Ben picks Mirror Ward in his priority offer: until he names its target (or goes back), Ana and a
    spectator still see him at ``priority``; Ben himself sees his ``target`` step."""
    st = _golden(["mirror-ward"])
    go(st, 0, "play:fire-dart", f"target:u{uid_of(st, 'kappa')}")
    before = (MZ.view(st, 0).waiting, MZ.view(st, None).waiting)
    go(st, 1, "play:mirror-ward")
    assert (MZ.view(st, 0).waiting, MZ.view(st, None).waiting) == before == (((1, "priority"),),) * 2
    assert MZ.view(st, 1).waiting == ((1, "target"),)
    go(st, 1, "back")
    assert (MZ.view(st, 0).waiting, MZ.view(st, None).waiting) == before


def test_MZ_GAP_24_placing_a_face_down_page_shows_as_take_actions():
    """Ana picks a Page to place face-down: the others see her Take Actions step, not ``trap_where``."""
    st = pos({"chapter": ["snare-pit"], "arena": ["ember-imp"]})
    go(st, 0, "trap:snare-pit")
    assert MZ.view(st, 1).waiting == MZ.view(st, None).waiting == ((0, "actions"),)
    assert MZ.view(st, 0).waiting == ((0, "trap_where"),)


def test_MZ_GAP_24_a_refusal_to_another_caster_names_the_public_step():
    """A choice Ana sends while Ben names Mirror Ward's target is refused naming his priority step, as Ana
    sees it ("responding": the step in words), not the target step ("choosing a target")."""
    st = _golden(["mirror-ward"])
    go(st, 0, "play:fire-dart", f"target:u{uid_of(st, 'kappa')}")
    go(st, 1, "play:mirror-ward")
    with pytest.raises(NotYourDecision) as refused:
        go(st, 0, "pass")
    assert "(responding)" in str(refused.value) and "target" not in str(refused.value)
