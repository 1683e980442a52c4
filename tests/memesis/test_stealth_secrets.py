"""Memesis: a face-down card says nothing to anyone but its owner (MEM-STL-03, MEM-GAP-20, MEM-GAP-24).
Each test plays the same position twice with a different hidden card and checks that what another
seat and a spectator see (board, decisions, public log) is the same in both; the owner sees the truth."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.memesis import GAME
from games.memesis.pool import card_pool
from games.memesis.render import board_text, private_text
from games.memesis.rules.actions import thing_actions

from .kit import (
    act,
    dec,
    draft_options,
    end_turn,
    hand_ref,
    pass_windows,
    play,
    pos,
    public,
    seats,
    uid,
    view,
)


def _seen(st, viewer) -> str:
    """Everything ``viewer`` (``None``: a spectator) sees of the game now, as one text."""
    v = view(st, viewer)
    return json.dumps({"board": v.board, "private": v.private, "waiting": [list(w) for w in v.waiting],
                       "decisions": [[d.seat, d.kind, d.prompt, [(o.id, o.label, o.cards) for o in d.options]]
                                     for d in v.decisions]})


def _two_v_two(ana: dict, cid: dict, active: int = 0, **each: Any):
    """A 2v2 position (Ana and Cid against Ben and Dee, seed 1): ``ana`` and ``cid`` are their seat specs
    (:meth:`games.memesis.game.MemesisGame.position`); every seat also gets five Pilgrims in its Brain Cell and
    ``each`` (e.g. ``hand=[...]``) unless its spec sets it."""
    specs = [ana, {}, cid, {}]
    players = [{"brain": ["pilgrim-of-the-way"] * 5, **each, **spec} for spec in specs]
    return GAME.position({"active": active, "teams": [0, 1, 0, 1], "players": players}, seats(4), 1)


def _fuse_down(hidden: str):
    """Ana fuses ``hidden`` (a Tic creature) face down onto her Epicurean Host (Bio, 2/3): a Transfusion."""
    st = pos({"hand": [hidden], "source": 1, "pieces": ["epicurean-host"]},
             {"hand": ["exile-to-elba"], "source": 3})
    u = uid(st, "epicurean-host")
    ev = act(st, 0, hand_ref(st, 0, hidden), "fuse", f"p{u}", "trans", "down")
    return st, u, ev


def test_MEM_GAP_20_MEM_FUS_10_a_face_down_fused_card_shows_no_stats():
    """MEM-GAP-20, MEM-FUS-10, MEM-STL-03: Möbius Serpent (3/2) or Maxwell's Demon (2/3) fused face down onto the
    Epicurean Host (2/3): Ben and a spectator see the same board, the Host's own 2/3 marked as partial and no
    kind of fusion, and the same public log; Ana reads the group's true stats in her private view."""
    (a, u, ev_a), (b, _, ev_b) = _fuse_down("mobius-serpent"), _fuse_down("maxwells-demon")
    assert public(ev_a) == public(ev_b) and "Serpent" not in public(ev_a)
    for viewer in (1, None):
        assert _seen(a, viewer) == _seen(b, viewer)
    bp = next(p for p in view(a, 1).board["pieces"] if p["uid"] == u)
    assert (bp["attack"], bp["life"], bp["max_life"], bp["fusion"], bp.get("hidden_stats")) == (2, 3, 3, "fused", True)
    assert "face-down card's stats unseen" in board_text(view(a, 1))
    assert view(a, 0).private["stats"] == [{"uid": u, "attack": 5, "life": 5, "max_life": 5, "armor": 0}]
    assert view(b, 0).private["stats"] == [{"uid": u, "attack": 4, "life": 6, "max_life": 6, "armor": 0}]
    assert f"#{u} in truth: Attack 5 · Life 5/5" in private_text(view(a, 0))


def test_MEM_GAP_20_combat_applies_the_true_stats_and_names_no_hidden_card():
    """MEM-GAP-20, MEM-CBT-10: the group with a face-down Möbius Serpent attacks with its true 5 Attack; the
    declaration shows the face-up stats only, the damage line the true damage, neither names the hidden card."""
    st, u, _ = _fuse_down("mobius-serpent")
    pass_windows(st)
    act(st, 0, f"p{u}", "move", "attack:s1")
    ev = end_turn(st)
    assert f"Ana attacks: #{u} Epicurean Host + face-down card (2/3 + a face-down card) at Ben." in public(ev)
    assert f"#{u} Epicurean Host + face-down card deals 5 damage to Ben (Life 15)." in public(ev)
    assert "Serpent" not in public(ev)


def test_MEM_STL_03_bouncing_a_group_names_no_face_down_member():
    """MEM-STL-03: Ben bounces the group in his response window (Exile to Elba): the public line names the
    Epicurean Host and "face-down card", never the hidden card, whichever it is."""
    logs = []
    for hidden in ("mobius-serpent", "maxwells-demon"):
        st, u, _ = _fuse_down(hidden)
        ev = act(st, 1, hand_ref(st, 1, "exile-to-elba"), "play", f"p{u}", "plain")
        logs.append(public(ev))
    assert logs[0] == logs[1]
    assert "Epicurean Host + face-down card returns to its owner's hand." in logs[0]


def test_MEM_FUS_13_MEM_STL_03_a_face_down_partial_fusion_shows_no_marking():
    """MEM-FUS-13, MEM-STL-03: Golden Ratio (a Mathematical fragment) or Holy Relic (a Spiritual one) fused face
    down onto the Pythagorean Acolyte: the public log and board say "Partial Fusion" with no marking; Ana is told
    hers."""
    runs = []
    for card, marking in (("golden-ratio", "mathematical"), ("holy-relic", "spiritual")):
        st = pos({"hand": [card], "source": 1, "pieces": ["pythagorean-acolyte"]})
        u = uid(st, "pythagorean-acolyte")
        ev = act(st, 0, hand_ref(st, 0, card), "fuse", f"p{u}", f"frag:{marking}", "down")
        assert f"{marking.title()} fragment" in " ".join(e.text for e in ev if e.audience == (0,))
        runs.append((public(ev), _seen(st, 1), _seen(st, None)))
    assert runs[0] == runs[1]
    assert "Partial Fusion" in runs[0][0] and "Mathematical" not in runs[0][0]


def test_MEM_INC_02_MEM_STL_02_a_face_down_incubating_card_shows_turns_elapsed_only():
    """MEM-INC-02, MEM-STL-02, MEM-GAP-20: Hoplite Phalanx (cost 4: 8 turns) or Roman Legionary (cost 3: 6 turns)
    incubated face down: others see the turns elapsed ("0 turns elapsed"), not the total, in the board and the
    log; Ana sees the total."""
    runs = []
    for card, needed in (("hoplite-phalanx", 8), ("roman-legionary", 6)):
        st = pos({"hand": [card], "source": 0})
        ev = act(st, 0, hand_ref(st, 0, card), "incubate", "s0", "down")
        assert view(st, 0).private["incubation"]["needed"] == needed
        assert f"{needed} turns" in " ".join(e.text for e in ev if e.audience == (0,))
        runs.append((public(ev), _seen(st, 1), _seen(st, None), board_text(view(st, 1))))
    assert runs[0] == runs[1]
    assert "0 turns elapsed" in runs[0][3] and "/8" not in runs[0][3]


def test_MEM_INC_07_MEM_RUN_01_the_incubation_entry_shows_its_rune_and_fragments():
    """MEM-INC-07, MEM-RUN-01, MEM-FUS-13: a Rune placed face up on the incubating Acolyte and a fragment fused
    face up onto it are public: the board's Incubation Cell entry shows both, and the board text says so."""
    st = pos({"hand": ["mathematical-rune", "golden-ratio"], "source": 1,
              "incubation": {"card": "pythagorean-acolyte", "elapsed": 1}})
    u = next(p.uid for p in st.pieces if p.cell == "incubation")
    act(st, 0, hand_ref(st, 0, "mathematical-rune"), "rune", f"p{u}")
    pass_windows(st)
    act(st, 0, hand_ref(st, 0, "golden-ratio"), "fuse", f"p{u}", "frag:mathematical", "up")
    inc = view(st, None).board["players"][0]["incubation"]
    assert inc["rune"] == {"card": "mathematical-rune", "name": "Mathematical Rune", "owner": 0}
    assert [(f["card"], f["marking"]) for f in inc["partials"]] == [("golden-ratio", "mathematical")]
    text = board_text(view(st, 1))
    assert "Rune: Mathematical Rune (Ana's)" in text and "Partial Fusion: Golden Ratio (mathematical)" in text


def test_MEM_GAP_24_an_allys_face_down_card_in_your_cell_tells_you_nothing():
    """MEM-GAP-24, MEM-ALY-02, MEM-STL-03: Cid plays Pollux or Euclid's Surveyor (both cost 3) face down into his ally Ana's
    Main Cell; in her turn Ana's decisions (Castor in hand: may it fuse with that card?) are the same."""
    seen = []
    for hidden in ("pollux", "euclids-surveyor"):
        st = _two_v_two({"hand": ["castor"], "source": 0}, {"hand": [hidden], "source": 4}, active=2)
        act(st, 2, hand_ref(st, 2, hidden), "play", "main@0", "down")
        end_turn(st)
        end_turn(st)
        assert st.active == 0
        seen.append((_seen(st, 0), draft_options(st, 0, hand_ref(st, 0, "castor"))))
    assert seen[0] == seen[1]


def test_MEM_GAP_24_an_allys_face_down_card_in_your_incubation_cell_keeps_its_turns_secret():
    """MEM-GAP-24, MEM-STL-02: Cid incubates Hoplite Phalanx (8 turns face down) or Roman Legionary (6) in his ally
    Ana's Incubation Cell: Ana sees a face-down card and its turns elapsed, not the total; Cid is told it."""
    seen = []
    for hidden, needed in (("hoplite-phalanx", 8), ("roman-legionary", 6)):
        st = GAME.position({"active": 2, "teams": [0, 1, 0, 1], "players": [
            {}, {}, {"hand": [hidden], "source": 0}, {}]}, seats(4), 1)
        ev = act(st, 2, hand_ref(st, 2, hidden), "incubate", "s0", "down")
        assert f"{needed} turns" in " ".join(e.text for e in ev if e.audience == (2,))
        mine = view(st, 0).private["incubation"]
        assert (mine["name"], mine["card"], mine["needed"]) == ("face-down card", None, None)
        seen.append((_seen(st, 0), public(ev)))
    assert seen[0] == seen[1]


@pytest.mark.parametrize("other", ["castor", "scarab-of-khepri"])
def test_MEM_RUN_11_MEM_STL_07_a_hatching_face_down_rune_stays_in_stealth_whatever_the_face_down_cards_bear(other):
    """MEM-RUN-11, MEM-INC-06, MEM-STL-07, MEM-STL-03: Ana's face-down Spiritual Rune hatches
    while she has a face-down card in play: a Scarab of Khepri (it bears the Spiritual marking) or Castor (it
    does not). It comes into her Main Cell still face down and unattached, like any face-down card, so she is
    not asked anything (that would show it is a Rune): the public log and the others' views alike. Then she
    may attach it, for free, only to a card that bears its marking (her options are the true ones).
    This replaces the earlier ruling, where a hatching face-down Rune asked its owner where to go."""
    def run(card: str):
        st = pos({"pieces": [{"card": card, "down": True}],
                  "incubation": {"card": "spiritual-rune", "down": True, "elapsed": 1, "needed": 2}},
                 {}, active=1)
        ev = end_turn(st)
        return st, public(ev), _seen(st, 1), _seen(st, None), [(d.seat, d.kind) for d in GAME.decisions(st)]

    st, *shown = run(other)
    _, *scarab = run("scarab-of-khepri")
    assert shown == scarab and shown[-1] == [(0, "main")]
    rune = next(p for p in view(st, 1).board["pieces"] if p["face_down"] and p["uid"] != uid(st, other))
    assert rune["cell"] == "main"
    attach = {a[1] for a, _ in thing_actions(st, 0, f"p{rune['uid']}", False) if a[0] == "attach"}
    assert attach == ({f"p{uid(st, other)}"} if other == "scarab-of-khepri" else set())


# ---------------------------------------------------------------- who is asked to block or intercept (MEM-GAP-20)

def _with_sets(monkeypatch, sets: dict[str, str]) -> None:
    """Give Cause cards a Trans Fusion set, as card data may (MEM-FUS-02, MEM-GAP-25/26). In today's data every
    set card is a creature and the one non-creature partner's partner is a creature, so no face-down member can
    change a face-up group's kind; these tests plant a card that could."""
    pool = card_pool()
    for cid, fs in sets.items():
        monkeypatch.setitem(pool, cid, pool[cid].model_copy(update={"set": fs}))


def _asked(st) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in GAME.decisions(st)]


def test_MEM_GAP_20_MEM_TRN_03_asked_to_intercept_whatever_the_face_down_member(monkeypatch):
    """MEM-GAP-20, MEM-TRN-03, MEM-CBT-01: Ana's Sacred Grove (a Bio Cause card, planted) has a Tic card fused face
    down: Möbius Serpent (a creature) or Magna Carta (a Cause card, planted Tic). In the window that follows,
    Ben's Infinite Series deals 3 damage to Ana: she is asked to intercept either way, so Ben and a spectator
    see the same decisions, views and public log; only with the Serpent may the group really intercept (her
    options are the true ones)."""
    _with_sets(monkeypatch, {"sacred-grove": "bio", "magna-carta": "tic"})
    runs = []
    for hidden in ("mobius-serpent", "magna-carta"):
        st = pos({"hand": [hidden, "pilgrim-of-the-way"], "source": 1, "pieces": ["sacred-grove"]},
                 {"hand": ["infinite-series"], "source": 3})
        u = uid(st, "sacred-grove")
        ev = act(st, 0, hand_ref(st, 0, hidden), "fuse", f"p{u}", "trans", "down")
        ev += play(st, 1, "infinite-series", "s0")  # in the response window (MEM-TRN-07)
        asked = _asked(st)
        opts = [o.id for o in dec(st, 0).options]
        seen = (_seen(st, 1), _seen(st, None))
        ev += GAME.apply(st, 0, "absorb")
        ev += pass_windows(st)
        runs.append((asked, public(ev), seen, _seen(st, 1), _seen(st, None)))
        assert opts == (["absorb", f"p{u}"] if hidden == "mobius-serpent" else ["absorb"])
    assert runs[0][0] == [(0, "intercept")]
    assert runs[0] == runs[1]


def test_MEM_GAP_20_MEM_CBT_05_asked_to_block_whatever_the_face_down_member():
    """MEM-GAP-20, MEM-CBT-05: Ben's Defend Cell holds a face-up Sacred Grove with a card fused face down:
    Möbius Serpent (then the group is a creature and may block) or Magna Carta (a Cause card: then it may not). The rules let
    no group without a creature into the Defend Cell, so this shape is built directly: even so, Ben is asked
    the same (offered "Do not block" only when it cannot), and the public log and views are the same."""
    runs = []
    for hidden in ("mobius-serpent", "magna-carta"):
        st = pos({"pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]},
                 {"hand": ["pilgrim-of-the-way"],
                  "pieces": [{"cards": ["sacred-grove", hidden], "cell": "defend"}]})
        g = uid(st, "sacred-grove")
        grp = next(pc for pc in st.pieces if pc.uid == g)
        grp.hidden = [grp.cards[1]]
        ev = GAME.apply(st, 0, "end")
        ev += pass_windows(st)
        asked = _asked(st)
        opts = [o.id for o in dec(st, 1).options]
        seen = (_seen(st, 0), _seen(st, None))
        ev += GAME.apply(st, 1, "none")
        ev += pass_windows(st)
        runs.append((asked, public(ev), seen, _seen(st, 0), _seen(st, None)))
        h = uid(st, "cro-magnon-hunter")
        assert opts == ([f"p{h}", "none"] if hidden == "mobius-serpent" else ["none"])
    assert runs[0][0] == [(1, "block")]
    assert runs[0] == runs[1]


def test_MEM_GAP_20_a_creature_target_is_offered_whatever_the_face_down_member(monkeypatch):
    """MEM-GAP-20, MEM-CE-01: Ana's Sacred Grove (a Bio Cause card, planted) has Möbius Serpent or Magna Carta
    (planted Tic) fused face down. Ben, in the window that follows, may play Occam's Razor (3 damage to an
    opposing creature) at the group either way: the same options, views and seats asked. It resolves against the
    true cards: the group holding the Serpent takes the damage and dies; the other is not a creature, and the
    Razor has no effect on it."""
    _with_sets(monkeypatch, {"sacred-grove": "bio", "magna-carta": "tic"})
    runs, logs = [], []
    for hidden in ("mobius-serpent", "magna-carta"):
        st = pos({"hand": [hidden, "pilgrim-of-the-way"], "source": 1, "pieces": ["sacred-grove"]},
                 {"hand": ["occams-razor"], "source": 2})
        u = uid(st, "sacred-grove")
        ev = act(st, 0, hand_ref(st, 0, hidden), "fuse", f"p{u}", "trans", "down")
        razor = hand_ref(st, 1, "occams-razor")
        runs.append((_asked(st), draft_options(st, 1, razor), draft_options(st, 1, razor, "play"), public(ev),
                     _seen(st, 1), _seen(st, None)))
        played = public(play(st, 1, "occams-razor", f"p{u}"))  # it resolves at once, then a window opens
        assert played.startswith(f"Ben plays Occam's Razor at #{u} Sacred Grove + face-down card")
        logs.append(played)
    assert runs[0][:3] == ([(1, "window")], ["play", "ammo", "consume", "back"], ["<done>"])  # its one target
    assert runs[0] == runs[1]
    assert "deals 3 damage to" in logs[0] and "dies" in logs[0]
    # the Life left of a group with a face-down card is not public (the log gives it for other groups)
    assert f"Occam's Razor deals 3 damage to #{u} Sacred Grove + face-down card. |" in logs[0]
    assert f"Occam's Razor has no effect on #{u} Sacred Grove + face-down card: it holds no creature" in logs[1]


def test_MEM_CE_11_MEM_GAP_20_asked_to_fuse_a_fragment_whatever_the_face_down_card():
    """MEM-CE-11, MEM-GAP-20: Ana plays Golden Ratio (a Mathematical fragment) at her Epicurean Host (no
    markings); her only other card is face down: Pythagorean Acolyte (Mathematical) or Leech Doctor (no
    markings), both cost 2. She is asked whether to fuse the used card as a fragment either way, so Ben and a
    spectator see the same; only onto the Acolyte may she really fuse it."""
    runs = []
    for hidden in ("pythagorean-acolyte", "leech-doctor"):
        st = pos({"hand": ["golden-ratio"], "source": 1,
                  "pieces": ["epicurean-host", {"card": hidden, "down": True}]}, {"hand": ["pilgrim-of-the-way"]})
        ev = play(st, 0, "golden-ratio", f"p{uid(st, 'epicurean-host')}")
        asked = _asked(st)
        opts = [o.id for o in dec(st, 0).options]
        seen = (_seen(st, 1), _seen(st, None))
        ev += GAME.apply(st, 0, "dead")
        ev += pass_windows(st)
        runs.append((asked, public(ev), seen, _seen(st, 1), _seen(st, None)))
        assert opts == ([f"p{uid(st, hidden)}", "dead"] if hidden == "pythagorean-acolyte" else ["dead"])
    assert runs[0][0] == [(0, "fragment")]
    assert runs[0] == runs[1]


def test_MEM_GAP_24_MEM_CE_11_no_fragment_onto_an_allys_face_down_card():
    """MEM-GAP-24, MEM-CE-11, MEM-STL-03: Cid plays Pythagorean Acolyte (Mathematical) or Leech Doctor (no
    markings), both cost 2, face down into his ally Ana's Main Cell. In her turn Ana plays Golden Ratio (a
    Mathematical fragment) at her Epicurean Host: she is not asked to fuse it onto Cid's card, whose markings
    only Cid may know, whichever it is; everyone sees the same."""
    runs = []
    for hidden in ("pythagorean-acolyte", "leech-doctor"):
        st = _two_v_two({"hand": ["golden-ratio"], "source": 0, "pieces": ["epicurean-host"]},
                        {"hand": [hidden], "source": 3}, active=2)
        act(st, 2, hand_ref(st, 2, hidden), "play", "main@0", "down")
        end_turn(st)
        end_turn(st)
        assert st.active == 0
        ev = play(st, 0, "golden-ratio", f"p{uid(st, 'epicurean-host')}")
        runs.append((_asked(st), public(ev), _seen(st, 0), _seen(st, 1), _seen(st, None)))
    assert runs[0][0] == [(2, "window")]  # Cid, who owns a face-down card in play (MEM-GAP-28)
    assert runs[0] == runs[1]


def test_MEM_STL_03_the_boards_count_of_choices_does_not_count_the_steps_of_a_face_down_play():
    """MEM-STL-03, MEM-GAP-20: Ana plays Pilgrim of the Way or Fire Arrow (both cost 1) face down;
    the steps of building the action depend on the card, but the board's count of this turn's choices, like
    the rest of what Ben and a spectator see, is the same."""
    seen, steps = [], set()
    for card in ("pilgrim-of-the-way", "fire-arrow"):
        st = pos({"hand": [card], "source": 2}, {})
        before = GAME.version(st)
        ev = act(st, 0, hand_ref(st, 0, card), "play", "down") if card == "fire-arrow" else act(
            st, 0, hand_ref(st, 0, card), "play", "main", "down")
        steps.add(GAME.version(st) - before)
        seen.append((public(ev), _seen(st, 1), _seen(st, None)))
    assert len(steps) == 2  # the two plays took different numbers of steps
    assert seen[0] == seen[1]


def test_MEM_ALY_01_MEM_GAP_24_a_face_down_play_into_the_main_cell_may_be_granted_whatever_the_card():
    """MEM-ALY-01, MEM-GAP-24, MEM-STL-03: in 2v2, Ana plays Pilgrim of the Way or Fire Arrow face
    down into her Main Cell for 2 source: either way she may grant her ally Cid the 2 source spent, so the grant
    (public when made) tells nothing of which card it was."""
    offers = []
    for card in ("pilgrim-of-the-way", "fire-arrow"):
        st = _two_v_two({"hand": [card], "source": 4}, {})
        if card == "fire-arrow":
            act(st, 0, hand_ref(st, 0, card), "play", "down", "main")
        else:
            act(st, 0, hand_ref(st, 0, card), "play", "main", "down")
        pass_windows(st)
        offers.append([o.id for o in dec(st, 0).options if o.id.startswith("grant:")])
    assert offers == [["grant:2"], ["grant:2"]]


def _face_down_plays(card: str) -> list[tuple[str, tuple[str, ...], str, tuple[tuple[int, str], ...]]]:
    """Every way Ana (9 source, a Roman Legionary in play; Ben holds a card) can put ``card`` from her hand
    face down into a Cell, found by walking every path of its action menu: ``(cell, public log, Ben's board,
    seats asked)`` after each."""
    st = pos({"hand": [card], "source": 9, "pieces": ["roman-legionary"]},
             {"hand": ["pilgrim-of-the-way"], "pieces": ["pilgrim-of-the-way"]})
    GAME.apply(st, 0, hand_ref(st, 0, card))
    out = []

    def walk(s, path):
        for o in GAME.decisions(s)[0].options:
            if o.id == "back":
                continue
            t = GAME.from_json(GAME.to_json(s))
            ev = GAME.apply(t, 0, o.id)
            d = GAME.decisions(t)[0]
            if (d.seat, d.kind) == (0, "act"):
                walk(t, path + (o.id,))
                continue
            down = [p for p in view(t, 1).board["pieces"] if p["controller"] == 0 and p["face_down"]]
            if down and "down" in path + (o.id,):
                out.append((down[0]["cell"], tuple(public(ev).split(" | ")), json.dumps(view(t, 1).board, sort_keys=True),
                            tuple((x.seat, x.kind) for x in GAME.decisions(t))))

    walk(st, ())
    return out


def test_MEM_STL_03_MEM_GAP_20_every_face_down_play_of_a_cost_into_a_cell_reads_the_same():
    """MEM-STL-03, MEM-STL-02, MEM-GAP-20: over the whole card pool, every way of playing a card
    face down gives, for the same source paid and the same Cell, the same public log, the same board for Ben
    and the same seats asked, whatever the card (creature, Cause, Effect or Rune)."""
    from games.memesis.pool import card_pool

    shapes: dict[tuple[int, str], set] = {}
    for cid, c in card_pool().items():
        for cell, *shape in _face_down_plays(cid):
            shapes.setdefault((c.cost, cell), set()).add(tuple(shape))
    assert {cell for _, cell in shapes} >= {"main", "attack", "defend"}
    assert len(shapes) > 10
    for key, seen in shapes.items():
        assert len(seen) == 1, f"face-down plays of cost {key[0]} into {key[1]} differ: {sorted(seen)[:2]}"


# ------------------------------------------------- every other face-down action, over the whole pool (MEM-GAP-20)
#
# What is public of a face-down action (MEM-GAP-20, MEM-STL-01/02/03): its kind as the table sees it (a play, a
# fusion whole or Partial, an incubation, a Rune attached), the source paid, where the card goes (the Cell and
# whose, the host piece) and, for a play, when it is made (a creature or Cause card only in its owner's turn,
# MEM-STL-10). A group of actions alike in all that must read the same to everyone else, whatever the card.


def _others(st, chooser: int) -> tuple:
    """What every seat but ``chooser`` and a spectator see now, and the seats asked."""
    return (tuple(_seen(st, v) for v in [s for s in range(len(st.players)) if s != chooser] + [None]),
            tuple((d.seat, d.kind) for d in GAME.decisions(st)))


def _walk(st, seat: int, ref: str, verbs: tuple[str, ...], down: bool = False
          ) -> list[tuple[tuple[str, ...], object, str, tuple]]:
    """Every action of ``seat`` with ``ref`` whose first component is one of ``verbs`` (and, with ``down``,
    which is face down), found by walking every path of its menu that leads to one: ``(path, state after,
    public log, what the others see)`` for each."""
    out = []

    def walk(s, path):
        for o in GAME.decisions(s)[0].options:
            prefix = tuple((GAME.view(s, seat).private.get("draft") or {}).get("path", [])) + (o.id,)
            ways = {a for a, _ in actions if a[:len(prefix)] == prefix and a[0] in verbs and (not down or "down" in a)}
            if o.id == "back" or not ways:
                continue
            t = GAME.from_json(GAME.to_json(s))
            ev = GAME.apply(t, seat, o.id)
            d = GAME.decisions(t)
            if d and (d[0].seat, d[0].kind) == (seat, "act") and GAME.view(t, seat).private.get("draft"):
                walk(t, path + (o.id,))
                continue
            (full,) = ways  # carried out: the one action left
            out.append((full, t, public(ev), _others(t, seat)))

    actions = thing_actions(st, seat, ref, False)
    GAME.apply(st, seat, ref)
    walk(st, ())
    return out


def _groups(found: dict, what: str) -> None:
    """Every group of ``found`` (public key -> set of what the others saw) reads the same."""
    assert len(found) > 3, found.keys()
    for key, seen in found.items():
        assert len(seen) == 1, f"{what} {key} differ: {[s[0] for s in sorted(seen, key=str)[:2]]}"


def _fusion_table(card: str):
    """Ana (9 source) holds ``card`` and controls hosts of every set and marking: a Coral Polyp (Bio, Spiritual)
    with a Zen Garden fragment and her Spiritual Rune, Epicurean Host + Leech Doctor (Bio + Tic: a Sym card
    completes a True Fusion), Castor, a Pythagorean Acolyte (Sym, Mathematical and Spiritual), a Lichen Mat
    (Bio, Practical), a Keeper of Zero (Philosophical), a face-down Möbius Serpent, and Mycelium Network (Bio)
    incubating face up. Ben holds a card."""
    return pos({"hand": [card], "source": 9, "pieces": [
        {"card": "coral-polyp", "partials": [["zen-garden", "spiritual"]], "rune": "spiritual-rune"},
        {"cards": ["epicurean-host", "leech-doctor"]}, "castor", "pythagorean-acolyte", "lichen-mat",
        "keeper-of-zero", {"card": "mobius-serpent", "down": True}],
        "incubation": {"card": "mycelium-network", "elapsed": 1}},
        {"hand": ["pilgrim-of-the-way"], "pieces": ["pilgrim-of-the-way"]})


def test_MEM_STL_09_MEM_GAP_20_every_face_down_fusion_onto_a_piece_reads_the_same():
    """MEM-STL-09, MEM-FUS-13, MEM-INC-07, MEM-GAP-20: over the whole pool, every face-down fusion
    of a hand card onto one host, whole (Trans or True) or Partial, gives the same public log, views for Ben and
    a spectator and seats asked, whatever the card."""
    found: dict = {}
    for cid in card_pool():
        st = _fusion_table(cid)
        for path, _t, log, others in _walk(st, 0, hand_ref(st, 0, cid), ("fuse",), down=True):
            if path[-1] == "down":
                key = (path[1], "partial" if path[2].startswith("frag:") else "whole")
                found.setdefault(key, set()).add((log, others))
    assert {k[1] for k in found} == {"partial", "whole"}
    _groups(found, "face-down fusions onto")


def _ally_table(card: str):
    """2v2: Ana (9 source) holds ``card``, Pythagorean Acolyte incubates face up in her Incubation Cell and her
    ally Cid's is empty; everyone has cards in hand."""
    return _two_v_two({"hand": [card], "source": 9, "pieces": ["roman-legionary"],
                       "incubation": {"card": "pythagorean-acolyte", "elapsed": 1}}, {},
                      hand=["pilgrim-of-the-way"])


def test_MEM_ALY_02_MEM_STL_02_MEM_GAP_20_every_face_down_play_or_incubation_for_an_ally_reads_the_same():
    """MEM-ALY-02, MEM-STL-01/02, MEM-GAP-20, MEM-GAP-24: in 2v2, over the whole pool, every
    face-down play of a cost into a Cell (Ana's own or her ally Cid's) and every face-down incubation (into
    her Incubation Cell, replacing the card there, or into Cid's) gives the same public log, the same views
    for Ben, Cid, Dee and a spectator and the same seats asked, whatever the card; in Cid's Cells, Cid may do
    the same with it (nothing), whatever it is."""
    found: dict = {}
    for cid in card_pool():
        st = _ally_table(cid)
        mains = set()
        for path, t, log, others in _walk(st, 0, hand_ref(st, 0, cid), ("play", "incubate"), down=True):
            if "down" not in path:
                continue
            new = max(t.pieces, key=lambda p: p.uid)
            key = (path[0], new.cell, new.controller, new.target, 9 - t.players[0].source)  # the source paid
            cids = tuple(tuple(thing_actions(t, 2, f"p{new.uid}", w)) for w in (True, False))  # Cid's card?
            found.setdefault(key, set()).add((log, others, cids if new.controller == 2 else ()))
            mains |= {new.controller} if key[:2] == ("play", "main") else set()
        # any card may go face down into an ally's Main Cell (MEM-ALY-02): were only creatures and Cause cards
        # let in, that play would show the card was one
        assert mains == {0, 2}, (cid, mains)
    assert ("play", "main", 2, -1, 4) in found and ("incubate", "incubation", 2, -1, 0) in found
    _groups(found, "face-down plays or incubations")


def _piece_table(card: str):
    """Ana (9 source) has ``card`` face down in her Main Cell and face-up hosts of every set and marking, none
    upgraded: Coral Polyp (Bio, Spiritual), Epicurean Host + Leech Doctor (Bio + Tic), Castor, Pythagorean
    Acolyte (Sym, Mathematical and Spiritual), Lichen Mat (Bio, Practical), Keeper of Zero (Philosophical),
    and face down a Möbius Serpent (Tic) in play and a Mycelium Network (Bio) incubating; Ben holds a card and
    has a Pilgrim of the Way in play."""
    return pos({"source": 9, "pieces": [
        {"card": card, "down": True}, "coral-polyp", {"cards": ["epicurean-host", "leech-doctor"]}, "castor",
        "pythagorean-acolyte", "lichen-mat", "keeper-of-zero", {"card": "mobius-serpent", "down": True}],
        "incubation": {"card": "mycelium-network", "down": True, "elapsed": 1}},
        {"hand": ["pilgrim-of-the-way"], "pieces": ["pilgrim-of-the-way"]})


def test_MEM_STL_05_MEM_STL_07_MEM_GAP_20_every_action_of_a_face_down_piece_reads_the_same():
    """MEM-STL-05/07/09, MEM-GAP-20: over the whole pool, a face-down card in play fused onto
    one host (whole or Partial) or attached as a Rune to one host reads the same to Ben and a spectator
    whatever it is (log, views, seats asked); upturned, the public log names the card and says nothing before
    that differs, and a creature's or Cause card's upturning reads the same but for its name."""
    from games.memesis.pool import card_pool as pool

    found: dict = {}
    for cid, c in pool().items():
        st = _piece_table(cid)
        u = uid(st, cid)
        for path, _t, log, others in _walk(st, 0, f"p{u}", ("fuse", "attach", "upturn")):
            if path[0] == "upturn":
                named = log.replace(c.name, "X")
                assert named.startswith(f"Ana upturns X (#{u})."), named
                if c.kind in ("creature", "cause"):
                    window = json.dumps(json.loads(others[0][0])["board"]["window"])  # its reason, who is asked
                    found.setdefault(("upturn", c.kind), set()).add((named, window, others[1]))
                continue
            key = (path[0], path[1], "partial" if path[2:3] and path[2].startswith("frag:") else "whole")
            found.setdefault(key, set()).add((log, others))
    assert {k[0] for k in found} == {"fuse", "attach", "upturn"}
    _groups(found, "actions of a face-down piece")


def test_MEM_INC_06_MEM_STL_07_MEM_GAP_20_every_face_down_card_hatches_the_same():
    """MEM-INC-06, MEM-RUN-11, MEM-STL-07, MEM-GAP-20: over the whole pool, a face-down card that
    has incubated its turns (twice its cost, two for a Rune) hatches the same for Ben and a spectator: the same
    public log, views and seats asked for every card needing as many turns. A face-down Rune stays in Stealth,
    unattached in the Main Cell, like any other card (were its owner asked where to place it, everyone would
    know it was a Rune)."""
    found: dict = {}
    for cid in card_pool():
        st = pos({"pieces": ["pythagorean-acolyte", "coral-polyp", "lichen-mat", "keeper-of-zero"],
                  "incubation": {"card": cid, "down": True, "elapsed": 0}}, {"hand": ["pilgrim-of-the-way"]},
                 active=1)
        inc = next(p for p in st.pieces if p.cell == "incubation")
        inc.elapsed = inc.needed - 1
        ev = end_turn(st)
        found.setdefault(inc.needed, set()).add((public(ev), _others(st, 0)))
    assert 2 in found
    _groups(found, "face-down hatchings after")


def test_MEM_FUS_07_MEM_TRN_07_MEM_GAP_20_every_face_down_play_or_fusion_in_a_window_reads_the_same():
    """MEM-FUS-07, MEM-TRN-07, MEM-STL-10, MEM-GAP-20: in Ben's turn, in the window after his play,
    over the whole pool Ana plays a card face down (only an Effect or Rune card may be, then) or fuses one face
    down (only an Effect card): every play for the same source, and every fusion onto the same host, reads
    the same to Ben and a spectator (log, views, seats asked), whatever the card."""
    found: dict = {}
    for cid in card_pool():
        st = pos({"hand": [cid], "source": 9,
                  "pieces": ["coral-polyp", "pythagorean-acolyte", {"card": "mobius-serpent", "down": True}]},
                 {"hand": ["pilgrim-of-the-way"] * 2, "source": 2}, active=1)
        act(st, 1, hand_ref(st, 1, "pilgrim-of-the-way"), "play", "main", "up")
        assert _asked(st) == [(0, "window")]
        for path, t, log, others in _walk(st, 0, hand_ref(st, 0, cid), ("play", "fuse"), down=True):
            key = (path[0], path[1] if path[0] == "fuse" else "", 9 - t.players[0].source)
            found.setdefault(key, set()).add((log, others))
    assert {k[0] for k in found} == {"play", "fuse"}
    _groups(found, "face-down plays or fusions in a window")


def test_MEM_GAP_20_a_group_whose_damage_passes_its_face_up_life_shows_0_not_less():
    """MEM-GAP-20: the Epicurean Host (2/3) with Möbius Serpent fused face down (true Life 5) has taken 4 damage
    and lives; Ben sees the face-up cards' Life less the damage, never below 0, and Ana the true 1."""
    st = pos({"pieces": [{"cards": ["epicurean-host", "mobius-serpent"], "damage": 4}]}, {})
    grp = next(pc for pc in st.pieces if pc.cards)
    grp.hidden = [grp.cards[1]]
    seen = next(p for p in view(st, 1).board["pieces"] if p["uid"] == grp.uid)
    assert (seen["life"], seen["max_life"]) == (0, 3)
    assert view(st, 0).private["stats"][0]["life"] == 1
