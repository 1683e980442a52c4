"""MetaX in player words and a log people can follow.

Seeded games through the game contract: every text a player reads (board, context, hand, prompts, labels,
events, waiting steps, the picture, the result) is free of internal codes (:func:`tests.player_texts
.internal_hits`); every decision kind has a step name in words; refusals list options by label. The log
tells each fight with both Characters' Damage totals against their HP, who wins the fight and the KO kind
in words (MX-DMG-02, MX-KO-01, MX-KO-03, MX-TEAM-07), ends each turn with a one-line summary, and names
cards without their rules text (read with ``card NAME`` / ``/card``).
"""

from __future__ import annotations

import pytest
from metax_helpers import reject

from games.core.contract import RulesError
from games.metax import rules
from games.metax.cards import card_text
from games.metax.pool import card_pool
from tests.player_texts import game_texts, internal_hits

SEEDS = range(6)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_text_a_player_reads_is_free_of_internal_codes(mx, seed):
    """Player words: no card ids, step names, reprs, gap tags or bare rule IDs in any text of a seeded
    two-seat game (MetaX has only two seats, MX-WIN-01)."""
    hits = [(where, text, internal_hits(text)) for where, text in game_texts(mx, seed, 2) if internal_hits(text)]
    assert hits == []


def test_every_decision_kind_has_a_step_name_in_words(mx):
    """Player words: the board's "Waiting for Ana (…)" says what Ana does, not the decision kind."""
    seen = set()
    for seed in SEEDS:
        for where, text in game_texts(mx, seed, 2, pictures_every=10_000):
            if where == "waiting":
                seen.add(text)
    kinds = set(rules.STEP_NAMES)
    assert {"planning", "attack", "defend", "mulligan"} <= {k for k in kinds if mx.step_name(k) in seen}
    for kind in kinds:
        name = mx.step_name(kind)
        assert name not in (kind, kind.replace("_", " ")), kind
        assert internal_hits(name) == []
    assert not seen & kinds - {"attack", "defend"}  # the raw kinds never reach a player
    assert "attack" not in seen and "defend" not in seen


def test_the_picture_footer_says_the_step_in_words(mx, position):
    """Player words: the picture's "Waiting for" line uses the step name, not ``attack_card``."""
    st = position({"first": 0, "turn": 3, "phase": "attack",
                   "players": [{"deck": ["b-int-2"] * 5, "hand": ["b-str-1"], "in_play": ["hercules"]},
                               {"deck": ["b-int-2"] * 5}]})
    texts = list(mx.layout(mx.view(st, None)).texts())
    assert "Waiting for Ana (declaring attacks)" in texts


def test_MX_HST_02_a_refusal_lists_the_options_by_label(mx, position):
    """MX-HST-02: an id that means nothing now is refused with the options' labels, not
    their ids, and the step in words."""
    st = position({"first": 0, "turn": 3, "phase": "planning",
                   "players": [{"deck": ["b-int-2"] * 5, "hand": ["hercules"]}, {"deck": ["b-int-2"] * 5}]})
    with pytest.raises(RulesError) as e:
        mx.apply(st, 0, "nonsense")
    assert e.value.rule == "MX-HST-02"
    msg = e.value.args[0]
    assert "Play Hercules" in msg and "Go to the Battle Step" in msg and "in the Planning Step" in msg
    assert "char:" not in msg and "nonsense" not in msg
    assert reject(mx, st, 0, "nonsense") == "MX-HST-02"


def test_card_names_tell_same_named_cards_apart_without_ids():
    """Player words: two different cards with the same full name are numbered "#1", "#2", never by id."""
    base = card_pool()["hercules"]
    twin = base.model_copy(update={"id": "hercules-again"})
    names = rules.card_names([base, twin])
    assert names == {"hercules": f"{base.name} #1", "hercules-again": f"{base.name} #2"}


# -- the log ---------------------------------------------------------------------------------------


def _spec(p0: dict, p1: dict, phase: str = "attack") -> dict:
    return {"first": 0, "turn": 3, "phase": phase,
            "players": [{"deck": ["b-int-2"] * 5, **p0}, {"deck": ["b-int-2"] * 5, **p1}]}


def _log(events) -> list[str]:
    return [e.text for e in events if e.audience is None]


def test_MX_DMG_02_MX_KO_03_a_fight_line_gives_both_totals_the_winner_and_the_KO_in_words(mx, position):
    """MX-DMG-02, MX-KO-03, MX-KO-05: Sherlock (Int 6) attacks with Quick Wit 2 against
    Merlin (Int5 Spe4, 3 Damage) blocking with Quick Wit 1: one line gives what each takes, its total
    against its HP, the HP KO in words and who wins the fight."""
    st = position(_spec({"hand": ["b-int-2"], "in_play": ["sherlock-holmes"]},
                        {"hand": ["b-int-1"], "in_play": [{"card": "merlin", "damage": ["b-int-3"]}]}))
    (sherlock,) = [c["id"] for c in mx.view(st, None).board["players"][0]["in_play"]]
    (merlin,) = [c["id"] for c in mx.view(st, None).board["players"][1]["in_play"]]
    mx.apply(st, 0, f"attack:{sherlock}")
    mx.apply(st, 0, "card:b-int-2:intelligence")  # no card left: declaring ends by itself (MX-GAP-24)
    mx.apply(st, 1, f"defend:0:{merlin}")
    log = _log(mx.apply(st, 1, "card:b-int-1:intelligence"))
    assert ("Attack 1, Sherlock Holmes against Merlin: Merlin takes Intelligence 2 Damage (5 in all, HP 5) and "
            "Sherlock Holmes takes Intelligence 1 Damage (1 in all, HP 6). Merlin is KO'd by HP KO (5 Damage "
            "against HP 5); Sherlock Holmes stays in play: Ana wins the fight.") in log
    assert not any(t.startswith("Merlin — Prophet of Camelot is KO'd") for t in log)  # told once


def test_MX_KO_01_a_fight_without_a_KO_says_so(mx, position):
    """MX-KO-01/03: two-Stat Gilgamesh takes one colour, less than his HP: "No KO"."""
    st = position(_spec({"hand": ["b-int-1"], "in_play": ["merlin"]},
                        {"hand": ["b-str-1"], "in_play": ["gilgamesh"]}))
    (merlin,) = [c["id"] for c in mx.view(st, None).board["players"][0]["in_play"]]
    (gil,) = [c["id"] for c in mx.view(st, None).board["players"][1]["in_play"]]
    for seat, oid in ((0, f"attack:{merlin}"), (0, "card:b-int-1:intelligence"), (1, f"defend:0:{gil}")):
        mx.apply(st, seat, oid)
    log = _log(mx.apply(st, 1, "card:b-str-1:strength"))
    line = next(t for t in log if t.startswith("Attack 1"))
    assert line.endswith("No KO: both stay in play.")
    assert "Gilgamesh takes Intelligence 1 Damage (1 in all, HP 6)" in line


def test_MX_TEAM_07_a_team_attack_line_shows_both_sums_and_who_wins(mx, position):
    """MX-TEAM-07: the comparison shows each part of both totals and who wins it."""
    st = position(_spec({"hand": ["b-str-3"], "in_play": ["hercules", "gilgamesh"], "mp": 5},
                        {"hand": ["b-str-2"], "in_play": ["frankenstein-creature"], "mp": 1}))
    herc, gil = [c["id"] for c in mx.view(st, None).board["players"][0]["in_play"]]
    (frank,) = [c["id"] for c in mx.view(st, None).board["players"][1]["in_play"]]
    for seat, oid in ((0, f"attack:{herc}"), (0, "card:b-str-3:strength"), (0, f"link:{gil}"),
                      (1, f"defend:0:{frank}")):
        mx.apply(st, seat, oid)
    log = _log(mx.apply(st, 1, "card:b-str-2:strength"))
    assert ("Team Attack 1: 9 against 8 (Iron Knuckles 3 + Gilgamesh 6 against Shoulder Charge 2 + "
            "Frankenstein's Creature 6): Ana wins the Team Attack.") in log
    assert "Ana gains a Victory Point (1 VP)." in log


def test_the_turn_ends_with_a_one_line_summary(mx, position):
    """The log: the end of a turn is summed up in one line: attacks made and blocked, then each seat's
    VP, MP and Characters (the active seat first)."""
    st = position(_spec({"hand": ["b-str-1"], "in_play": ["hercules"], "mp": 2}, {"mp": 1}))
    (herc,) = [c["id"] for c in mx.view(st, None).board["players"][0]["in_play"]]
    mx.apply(st, 0, f"attack:{herc}")
    log = _log(mx.apply(st, 0, "card:b-str-1:strength"))  # Ben has no card: no defenders, the turn ends
    assert "Hercules is not blocked." in log
    assert ("End of turn 3 (Ana): 1 attack, 0 blocked · Ana 1 VP, 4 MP, 1 Character · "
            "Ben 0 VP, 1 MP, 0 Characters.") in log
    summary = log.index("End of turn 3 (Ana): 1 attack, 0 blocked · Ana 1 VP, 4 MP, 1 Character · "
                        "Ben 0 VP, 1 MP, 0 Characters.")
    assert log[summary + 1] == "Turn 4: Ben."


def test_a_play_line_is_short_and_carries_no_card_text(mx):
    """The log: one short line per play; a card's rules text is never in the log (players read it
    with ``card NAME``)."""
    texts = [card_text(c) for c in card_pool().values() if card_text(c)]
    for seed in range(3):
        for where, text in game_texts(mx, seed, 2, pictures_every=10_000):
            if where == "event":
                assert not any(t in text for t in texts), text
                assert "[" not in text, text  # no card summary brackets ("[Battle Str 3, +1 MP]")
