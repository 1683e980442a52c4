"""The MetaZoo search computer (games.core.search; ``games.metazoo.ai.sample``): its determinizations keep the
searching Caster's view (at 2, 3 and 4 Casters, and with the 4th Wall read from declared surroundings), read
nothing hidden from it (blindness against a twin this test builds by its own means), and the search answers
with an offered option (tests/search_kit.py). Hidden (MZ-CORE-08, MZ-TRAP-11): every Spellbook, the other
Casters' Chapters and their face-down Pages; any Page may be face-down (MZ-GAP-61), so a hidden Page has no
class the watcher can tell."""

from __future__ import annotations

import pytest
from search_kit import check_answers, check_blind, check_same_view, relabel_twin

from games import get_game
from games.core.rng import Rng
from games.metazoo import ai
from games.metazoo.pool import card_pool

MZ = get_game("metazoo")
DECLARED = {"surroundings": "declared"}


def hidden_from(st, seat) -> set[int]:
    """The instances whose Page ``seat`` cannot see, read off the zones (as tests/metazoo/test_mz_playouts.py
    does): every Spellbook, the other Casters' Chapters, the face-down Pages other Casters control."""
    hidden = {c for p, cs in enumerate(st.casters) for c in cs.spellbook + (cs.chapter if p != seat else [])}
    for ap in st.arena:
        if ap.controller != seat:
            hidden.update([ap.card] if ap.face_down else [])
            hidden.update([ap.trap] if ap.trap >= 0 else [])
    return hidden


def zoo_twin(st, seat, rng):
    """A state ``seat`` cannot tell from ``st``: its own hidden Pages (its Spellbook) reordered, every hidden Page
    of the other Casters (Spellbook, Chapter, face-down) drawn from the whole pool, so they hold other Chapters
    and play other Spellbook lists, and the game's generator moved on."""
    hidden = hidden_from(st, seat)
    own = [c for c in hidden if st.owner[c] == seat]
    others = [c for c in hidden if st.owner[c] != seat]
    return relabel_twin(MZ, st, own, others, sorted(card_pool()), rng)


@pytest.mark.parametrize("seats, seeds, options", [(2, (1, 2), None), (3, (1,), None), (4, (1,), None),
                                                   (2, (2,), DECLARED)], ids=["2", "3", "4", "2-declared"])
def test_MZ_CORE_08_a_sample_gives_the_caster_the_view_it_has(seats, seeds, options):
    """MZ-CORE-08, MZ-TRAP-11, MZ-WALL-04: ``view(sample(state, seat), seat) == view(state, seat)`` for every
    Caster at positions along seeded games (2 to 4 Casters; the 4th Wall answered by the Casters in declared
    mode), and sampling leaves the real state as it was."""
    assert check_same_view(MZ, seeds=seeds, every=5, seats=seats, options=options) > 80


def test_a_sample_redraws_every_hidden_page_and_keeps_the_rest():
    """The sample changes Page ids only where ``seat`` cannot see (its own Spellbook among itself; the others'
    Spellbooks, Chapters and face-down Pages from the prior), and over a few samples it does change them. The
    prior believes the others place real Traps face-down (a revealed bluff loses, MZ-TRAP-06): their face-down
    Pages are drawn among Pages with the Trap Trait."""
    from search_kit import positions

    pool = card_pool()
    changed = face_down = 0
    for st, n, count in positions(MZ, 2, every=20, seats=3):
        for seat in range(count):
            hidden = hidden_from(st, seat)
            det = MZ.sample(st, seat, Rng.from_seed(n + seat))
            assert [c for c in range(len(st.cards)) if det.cards[c] != st.cards[c] and c not in hidden] == []
            own = sorted(c for c in hidden if st.owner[c] == seat)
            assert sorted(det.cards[c] for c in own) == sorted(st.cards[c] for c in own)
            assert det.owner == st.owner and det.rng != st.rng
            changed += sum(det.cards[c] != st.cards[c] for c in hidden)
            down = [c for ap in st.arena if ap.controller != seat
                    for c in ([ap.card] if ap.face_down else []) + ([ap.trap] if ap.trap >= 0 else [])
                    if st.owner[c] != seat]
            assert all("trap" in pool[det.cards[c]].traits for c in down)
            face_down += len(down)
    assert changed > 100 and face_down > 3


def test_the_same_view_check_catches_a_sample_that_redraws_a_visible_page(monkeypatch):
    """A sample that also redraws the searching Caster's own Chapter fails the same-view check."""
    def redraws_chapter(state, seat, rng):
        det = ai.sample(state, seat, rng)
        for c in det.casters[seat].chapter:
            det.cards[c] = "bakeneko" if det.cards[c] != "bakeneko" else "banshee"
        det.defs = None
        return det

    monkeypatch.setattr(MZ, "sample", redraws_chapter)  # the game object: its hooks are cached
    with pytest.raises(AssertionError, match=r"^\(1, \d+, \d\)$"):
        check_same_view(MZ, seeds=(1,), every=5)


@pytest.mark.parametrize("seats", [2, 3])
def test_the_metazoo_search_is_blind_to_hidden_pages_and_spellbook_lists(seats):
    """Blindness (tests/search_kit.py): a twin with the other Casters' Chapters, face-down Pages and Spellbook
    lists replaced and the searching Caster's Spellbook reordered gives the same samples and the same search
    choice (with the same visits) under the same seed."""
    differ, searched = check_blind(MZ, zoo_twin, seeds=(3,), every=9, budget=12, seats=seats, limit=300)
    assert differ > 20 and searched >= 4


def _copy_back(state, det, instances):
    for c in instances:
        det.cards[c] = state.cards[c]
    det.defs = None


LEAKS = {
    "copies the real hidden Pages": lambda state, det, seat: _copy_back(state, det, range(len(state.cards))),
    "copies the other Chapters": lambda state, det, seat: _copy_back(
        state, det, [c for p, cs in enumerate(state.casters) if p != seat for c in cs.chapter]),
    "copies the other face-down Pages": lambda state, det, seat: _copy_back(
        state, det, [c for ap in state.arena if ap.controller != seat for c in ([ap.card] if ap.face_down else [])
                     + ([ap.trap] if ap.trap >= 0 else [])]),
    "keeps the real generator": lambda state, det, seat: setattr(det, "rng", state.rng),
}


@pytest.mark.parametrize("leak", sorted(LEAKS))
def test_the_blindness_check_catches_a_planted_leak(monkeypatch, leak):
    """A sample that copies real hidden Pages back (all of them, only the other Casters' Chapters, only their
    face-down Pages), or that does not reseed the game's generator, fails the blindness check: the samples of
    the real state and of its twin differ."""

    def leaky(state, seat, rng):
        det = ai.sample(state, seat, rng)
        LEAKS[leak](state, det, seat)
        return det

    monkeypatch.setattr(MZ, "sample", leaky)  # the game object: its hooks are cached
    with pytest.raises(AssertionError, match=r"^\(3, \d+, \d\)$"):
        check_blind(MZ, zoo_twin, seeds=(3,), every=9, budget=12, limit=300)


def test_the_metazoo_search_answers_with_an_offered_option():
    """The search's choice is one of the deciding Caster's options; the state it searched is unchanged."""
    assert check_answers(MZ, every=29, budget=10, limit=400) > 5


def test_evaluate_is_a_chance_per_caster_that_favours_more_lp():
    """The cut-off estimate gives every Caster a number in [0, 1], summing to 1, and more to the Caster with
    more LP (MZ-WIN-01); a Caster who left scores 0 (MZ-GAP-12)."""
    from search_kit import positions

    st, _, _ = next(positions(MZ, 1, every=1, seats=3))
    st.casters[1].damage = 600
    est = ai.evaluate(st)
    assert set(est) == {0, 1, 2} and abs(sum(est.values()) - 1) < 1e-9 and est[0] > est[1] < est[2]
    st.out.append(2)
    assert ai.evaluate(st)[2] == 0.0


def test_evaluate_plays_on_to_a_turn_counted_from_the_searchs_root(monkeypatch):
    """The cut-off estimate scores every line of one search at the same point: the heuristic plays a sample on to
    the start of turn ``root + PLAY_ON_TURNS``, ``root`` being the turn of the state the sample was drawn from,
    even when the search's tree has already moved the sample into the next turn (an option that ends the turn
    must not be scored a turn later than one that does not). A state that is not a sample (here a copy of
    one) counts from its own turn."""
    from search_kit import positions

    from games.core.serial import cloner
    from games.metazoo.state import State

    scored: list[int] = []
    estimate = ai.estimate
    monkeypatch.setattr(ai, "estimate", lambda st: scored.append(st.turn) or estimate(st))
    checked = 0
    for st, n, _ in positions(MZ, 4, every=1, limit=400):
        d = MZ.decisions(st)[0]
        if d.kind != "actions" or st.turn < 3 or n % 3:
            continue
        root = st.turn
        det = MZ.sample(st, d.seat, Rng.from_seed(n))
        bot = MZ.computer(n)
        while det.turn == root and det.result is None:  # the tree's line: on into the next turn
            e = MZ.decisions(det)[0]
            MZ.apply(det, e.seat, bot(e, MZ.view(det, e.seat)))
        if det.result is not None:
            continue
        scored.clear()
        ai.evaluate(cloner(State)(det))
        ai.evaluate(det)
        if len(scored) == 2:
            assert scored == [root + 1 + ai.PLAY_ON_TURNS, root + ai.PLAY_ON_TURNS], (n, scored)
            checked += 1
        if checked >= 5:
            break
    assert checked >= 5


def test_a_sample_draws_another_casters_hidden_pages_from_the_starter_its_pages_in_sight_point_at():
    """The prior of another Caster's hidden Pages is the starter Spellbook that explains its Pages in sight best
    (``ai.likely_deck``): the starters share almost no Page and each has its own Aura types, so once a Caster has
    shown a few Pages nearly every sample gives it a Chapter from its own Spellbook (drawn uniformly, six samples
    in seven gave it Pages its Aura cannot pay)."""
    from search_kit import positions

    starters = ai._starters()
    own = right = 0
    for st, n, _ in positions(MZ, 5, every=25, limit=500):
        if st.turn < 4:
            continue
        theirs = [st.cards[c] for c in range(len(st.cards)) if st.owner[c] == 1 and not st.cards[c].startswith("token:")]
        deck = next(k for k, v in starters.items() if set(theirs) <= set(v))  # seat 1 plays a starter here
        for i in range(5):
            det = MZ.sample(st, 0, Rng.from_seed(n * 5 + i))
            drawn = [det.cards[c] for c in det.casters[1].chapter]
            own += 1
            right += bool(drawn) and set(drawn) <= set(starters[deck])
    assert own >= 40 and right >= 0.9 * own, (right, own)
