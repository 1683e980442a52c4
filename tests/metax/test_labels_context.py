"""MetaX decision context and option labels, through the game contract.

* ``Game.context_text(view)``: the compact part of the board the viewer's open decision depends on —
  both sides' Characters (Ranks, Pushed, Damage), MP, VP, hand/deck sizes, the Battle Zone (attacker,
  declared Stat, Battle cards played, Links, blocker) — built only from the view, empty without a
  decision, never naming a card hidden from the viewer (MX-ZN-04, MX-ZN-09, MX-GAP-20).
* Option labels: within one decision no two options share a label (two copies of one Character are
  told apart by position and state, "Beowulf (left, 2 damage)"), and every label fits a Discord button
  (80 characters).
"""

from __future__ import annotations

import random
import re

import pytest
from test_playouts import hidden_from, ids_in, new

from games import get_game
from games.core.contract import SeatSetup
from games.core.players import RandomPlayer
from games.metax.pool import card_pool

mx = get_game("metax")
FILL = ["b-int-2"] * 5
BUTTON_LABEL = 80  # Discord's button label limit


def spec(p0: dict, p1: dict, *, phase: str = "attack", turn: int = 3, first: int = 0) -> dict:
    return {"first": first, "turn": turn, "phase": phase,
            "players": [{"deck": list(FILL), **p0}, {"deck": list(FILL), **p1}]}


def at(sp: dict, seed: int = 0):
    return mx.position(sp, [SeatSetup("Ana"), SeatSetup("Ben")], seed)


def decision(st, seat):
    return mx.decision_for(st, seat)


def labels(st, seat) -> list[str]:
    return [o.label for o in decision(st, seat).options]


def context(st, seat) -> str:
    return mx.context_text(mx.view(st, seat))


def check_labels(d) -> None:
    """Option labels: labels are distinct within the decision and fit a Discord button."""
    seen = [o.label for o in d.options]
    assert len(set(seen)) == len(seen), f"{d.kind} has identical labels: {seen}"
    assert all(0 < len(label) <= BUTTON_LABEL for label in seen), [x for x in seen if len(x) > BUTTON_LABEL]


def check_context(st, viewer) -> str:
    """The context of ``viewer``: present exactly when it has a decision, naming every Character in play
    and every attack, and no card hidden from it (by name, title or card id) that the public board does
    not show anyway."""
    v = mx.view(st, viewer)
    text = mx.context_text(v)
    if not v.decisions:
        assert text == ""
        return text
    assert text.strip(), f"empty context for {v.decisions[0].kind}"
    pool = card_pool()
    visible = {st.cards[c] for c in ids_in(v.board)}
    hidden = {st.cards[c] for c in hidden_from(st, viewer)} - visible
    words = set(re.findall(r"[\w'’-]+", text))
    for cid in hidden:
        name = pool[cid].name
        title = name.split(" — ")[0]
        assert cid not in text, f"hidden card id {cid} in context:\n{text}"
        if set(re.findall(r"[\w'’-]+", title)) <= words:  # cheap filter before the exact search
            assert not re.search(rf"(?<![\w'])({re.escape(title)})(?![\w'])", text), f"hidden {name}:\n{text}"
    for pl in v.board["players"]:
        for ch in pl["in_play"]:
            assert ch["name"].split(" — ")[0] in text
    for a in v.board["battle"]:
        assert f"Attack {a['attack']}: " in text
    return text


# -- labels ---------------------------------------------------------------------------------------


def test_two_copies_of_one_character_attacking_are_labelled_by_position_and_state():
    """MX-ATK-01: two Beowulfs in play, one with 3 Damage, one new and one old — the
    attack options name each by position and Damage, never identically."""
    st = at(spec({"in_play": [{"card": "beowulf", "damage": ["b-str-3"]}, "beowulf"],
                  "hand": ["b-str-1", "b-str-2"]},
                 {"in_play": ["grendel"]}))
    got = labels(st, 0)
    assert got == ["Attack with Beowulf (left, 3 damage)", "Attack with Beowulf (right)", "Done declaring attacks"]
    check_labels(decision(st, 0))
    mx.apply(st, 0, decision(st, 0).options[1].id)
    assert decision(st, 0).prompt.startswith("Attack with Beowulf (right)")


def test_two_copies_defending_and_targeted_are_labelled_apart():
    """MX-DEF-01, MX-EFF-03: Ben's two Grendels as defenders and as the targets of Loki's
    On-Play "return to hand" are told apart by position and state; the target names whose they are."""
    st = at(spec({"in_play": ["beowulf"], "hand": ["b-str-1", "b-str-1"]},
                 {"in_play": ["grendel", {"card": "grendel", "damage": ["b-int-1", "b-str-1"]}],
                  "hand": ["b-str-2", "b-str-2"]}))
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    mx.apply(st, 0, "card:b-str-1:strength")
    d = decision(st, 1)
    assert d.kind == "defend"
    assert [o.label for o in d.options[:2]] == ["Block attack 1 (Beowulf) with Grendel (left)",
                                                "Block attack 1 (Beowulf) with Grendel (right, 2 damage)"]
    check_labels(d)

    st = at(spec({"hand": ["loki"]}, {"in_play": [{"card": "grendel", "pushed": True}, "grendel", "beowulf"]},
                 phase="planning"))
    mx.apply(st, 0, "char:loki")
    d = decision(st, 0)
    assert d.kind == "target"
    assert [o.label for o in d.options] == ["Grendel (opponent's, left, Pushed)", "Grendel (opponent's, middle)",
                                            "Beowulf (opponent's)"]


def test_a_character_with_no_twin_keeps_its_plain_name():
    """Option labels: qualifiers are added only where needed; a lone Character is named by its title."""
    st = at(spec({"in_play": ["beowulf", "grendel"], "hand": ["b-str-1"]}, {"in_play": ["grendel"]}))
    assert labels(st, 0) == ["Attack with Beowulf", "Attack with Grendel", "Done declaring attacks"]


def test_every_card_option_label_of_the_pool_fits_a_button():
    """Option labels: the longest names of the pool (e.g. "Frankenstein's Creature — The Modern
    Prometheus") still give labels of at most 80 characters, in planning and in a search."""
    pool = card_pool()
    chars = sorted(c for c, card in pool.items() if card.kind == "character")
    events = sorted(c for c, card in pool.items() if card.kind == "event")
    st = at(spec({"hand": chars + events, "mp": 10, "deck": chars + FILL}, {}, phase="planning"))
    d = decision(st, 0)
    assert len(d.options) == len(chars) + len(events) + 1  # every card is offered once
    check_labels(d)
    assert any("Frankenstein's Creature [" in o.label for o in d.options)


# -- context --------------------------------------------------------------------------------------


def test_context_is_empty_without_a_decision():
    """Decision context: only a seat with an open decision gets a context; spectators never do."""
    st = at(spec({"in_play": ["beowulf"], "hand": ["b-str-1"]}, {"in_play": ["grendel"]}))
    assert context(st, 0)
    assert context(st, 1) == ""
    assert mx.context_text(mx.view(st, None)) == ""


def test_mulligan_context_shows_the_first_players_choice():
    """MX-SET-06: the second player decides after seeing the first player's choice, which the context
    of the second player's mulligan decision states."""
    st = new(0)
    first = st.first
    assert "not decided yet" in context(st, first)
    mx.apply(st, first, "mulligan")
    assert decision(st, first).kind == "mulligan_order"
    assert "You go first: mulliganed" in context(st, first)
    mx.apply(st, first, "rest")
    text = context(st, 1 - first)
    assert f"{st.players[first].name} goes first: mulliganed" in text
    assert "You go second" in text


def test_planning_context_shows_both_sides_characters_counters_and_damage():
    """Decision context: both sides' Characters with effective Ranks, Pushed and Damage; MP, VP, hand and
    deck sizes; the viewer's own seat named "You"."""
    st = at(spec({"in_play": ["beowulf"], "hand": ["ev-golden-fleece"], "mp": 4, "vp": ["b-str-1"] * 2},
                 {"in_play": [{"card": "grendel", "pushed": True, "damage": ["b-str-3", "b-int-1"]}],
                  "mp": 7, "hand": ["b-spe-1"] * 3}, phase="planning"))
    text = context(st, 0)
    lines = text.splitlines()
    assert "Ben: 0 VP · 7 MP · hand 3 · deck 5" in lines
    # one line per Character (this asserted a wrap for phones before text stopped being hard-wrapped)
    assert " Grendel Str6 Spe2 · Pushed · dmg 4: Str3 Int1" in lines
    assert "You: 2 VP · 4 MP · hand 1 · deck 5" in lines
    assert " Beowulf Str5 Spe2" in lines
    assert lines.index("You: 2 VP · 4 MP · hand 1 · deck 5") > lines.index("Ben: 0 VP · 7 MP · hand 3 · deck 5")


def test_defend_context_names_the_attacker_the_declared_stat_and_the_battle_cards():
    """MX-DEF-01, MX-TEAM-07: in the defend and defender's-card decisions the context
    names each attack's attacker, its declared Stat, its Battle card and Rank, its Links and the Team
    Attack comparison once blocked; the defender's own Characters are listed with their Ranks."""
    st = at(spec({"in_play": ["hercules", "mulan", "beowulf"], "hand": ["b-str-3", "b-spe-2"], "mp": 10},
                 {"in_play": ["grendel", "medusa"], "hand": ["b-str-4", "b-spe-1"]}))
    ana = [ch.card for ch in st.players[0].in_play]
    mx.apply(st, 0, f"attack:{ana[0]}")
    mx.apply(st, 0, "card:b-str-3:strength")
    mx.apply(st, 0, f"link:{ana[1]}")
    mx.apply(st, 0, "nolink")
    mx.apply(st, 0, f"attack:{ana[2]}")
    mx.apply(st, 0, "card:b-spe-2:special")  # nobody is left to attack: the declarations end (MX-ATK-05)
    d = decision(st, 1)
    assert d.kind == "defend"
    text = check_context(st, 1)
    for part in ("Attack 1: Hercules · Strength", "Iron Knuckles (Str 3)", "+ Mulan (Str4)",
                 "Attack 2: Beowulf · Special", "not blocked", " Grendel Str6 Spe2", "You: "):
        assert part in text, (part, text)
    grendel = st.players[1].in_play[0].card
    mx.apply(st, 1, f"defend:0:{grendel}")
    assert decision(st, 1).kind == "defend_card"
    assert "Hercules" in check_context(st, 1) and "Strength" in decision(st, 1).prompt
    mx.apply(st, 1, "card:b-str-4:strength")
    text = check_context(st, 1)
    assert "blocked by Grendel · Anvil Blow (4)" in text and "Team Attack 7 vs 10" in text


def test_damage_order_context_shows_both_blocked_attacks():
    """MX-DMG-03: the attacking player orders defended attacks; the context shows each attack with its
    blocker and both Battle cards."""
    st = at(spec({"in_play": ["hercules", "beowulf"], "hand": ["b-str-3", "b-str-2"]},
                 {"in_play": ["grendel", "mr-hyde"], "hand": ["b-str-4", "b-str-1"]}))
    ana = [ch.card for ch in st.players[0].in_play]
    ben = [ch.card for ch in st.players[1].in_play]
    for k, c in enumerate(("b-str-3", "b-str-2")):
        mx.apply(st, 0, f"attack:{ana[k]}")
        mx.apply(st, 0, f"card:{c}:strength")
    for k, d in enumerate(("b-str-4", "b-str-1")):
        mx.apply(st, 1, f"defend:{k}:{ben[k]}")
        mx.apply(st, 1, f"card:{d}:strength")
    assert decision(st, 0).kind == "damage_order"
    text = check_context(st, 0)
    assert text.count("blocked by") == 2 and "Grendel" in text and "Mr Hyde" in text


def test_effect_choice_context_shows_the_event_being_used_and_the_targets():
    """MX-EFF-03/04: a target choice of an Event shows the Event being used and every Character it may
    target; a discard forced on the opponent is their decision, with their own context."""
    st = at(spec({"hand": ["ev-twenty-year-slumber"], "mp": 10, "in_play": ["beowulf"]},
                 {"in_play": ["grendel", "grendel"]}, phase="planning"))
    mx.apply(st, 0, "event:ev-twenty-year-slumber")
    assert decision(st, 0).kind == "target"
    text = check_context(st, 0)
    assert "Using: Twenty-Year Slumber" in text
    assert " left Grendel Str6 Spe2" in text and " right Grendel Str6 Spe2" in text

    st = at(spec({"hand": ["ev-pandoras-box"], "mp": 10}, {"hand": ["b-str-1", "b-int-1", "b-spe-1"]},
                 phase="planning"))
    mx.apply(st, 0, "event:ev-pandoras-box")
    assert decision(st, 1).kind == "discard"
    assert context(st, 0) == ""
    text = check_context(st, 1)
    assert "Using: Pandora's Box" in text and "You: 0 VP · 0 MP · hand 3" in text


def test_context_never_names_a_card_of_the_opponents_hand():
    """MX-ZN-04: the context of a defend decision names nothing of the attacker's hand (cards that
    appear nowhere else), though it names the Battle card already played."""
    st = at(spec({"in_play": ["hercules"], "hand": ["b-str-3", "ev-ragnarok", "loki", "b-spe-5"]},
                 {"in_play": ["grendel"], "hand": ["b-str-4"]}))
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    mx.apply(st, 0, "card:b-str-3:strength")
    assert decision(st, 1).kind == "defend"
    text = check_context(st, 1)
    pool = card_pool()
    for cid in ("ev-ragnarok", "loki", "b-spe-5"):
        assert pool[cid].name.split(" — ")[0] not in text and cid not in text
    assert "Iron Knuckles" in text


# -- seeded playouts ------------------------------------------------------------------------------


def duplicates_position(seed: int):
    """A seeded random mid-game position built from few distinct cards, so that Characters in play,
    hands, decks and discard piles hold many copies of the same card (twins in play, Events that
    target them, Battle cards to attach)."""
    rng = random.Random(seed)
    pool = card_pool()
    chars = ["beowulf", "grendel", "loki", "baba-yaga", "brer-rabbit", "medusa"]
    chars = rng.sample(chars, 2)
    battles = rng.sample(sorted(c for c, card in pool.items() if card.kind == "battle"), 4)
    events = rng.sample(["ev-twenty-year-slumber", "ev-pandoras-box", "ev-achilles-heel", "ev-will-o-the-wisp",
                         "ev-fountain-of-youth", "ev-council-of-the-round-table", "ev-open-sesame"], 2)
    every = chars + battles + events
    players = []
    for _ in range(2):
        in_play = [{"card": rng.choice(chars), "pushed": rng.random() < 0.3,
                    "damage": [rng.choice(["b-str-1", "b-int-1", "b-spe-1"])] * rng.randint(0, 1)}
                   for _ in range(rng.randint(1, 3))]
        players.append({
            "deck": [rng.choice(every) for _ in range(rng.randint(12, 24))],
            "hand": [rng.choice(every) for _ in range(rng.randint(3, 7))],
            "discard": [rng.choice(battles) for _ in range(rng.randint(0, 4))],
            "in_play": in_play,
            "mp": rng.randint(0, 10),
        })
    sp = {"first": rng.randint(0, 1), "turn": 3, "phase": rng.choice(["planning", "attack"]), "players": players}
    return mx.position(sp, [SeatSetup("Ana"), SeatSetup("Ben")], seed)


def run(st, seed: int, kinds: dict[str, int], twins: list[int]) -> None:
    """Random play from ``st`` checking labels and contexts of every decision (both seats' views)."""
    players = [RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)]
    for n in range(600):
        decs = mx.decisions(st)
        if not decs:
            return
        d = decs[0]
        check_context(st, d.seat)
        if n % 5 == 0:
            check_context(st, 1 - d.seat)  # no decision: empty
        check_labels(d)
        kinds[d.kind] = kinds.get(d.kind, 0) + 1
        twins[0] += any(re.search(r"\((?:yours, |opponent's, )?(?:left|middle|right)\b", o.label) for o in d.options)
        mx.apply(st, d.seat, players[d.seat](d))


@pytest.mark.slow
def test_seeded_playouts_labels_are_distinct_and_fit_and_every_decision_has_a_safe_context():
    """Decision context and option labels over seeded random games (starter decks, and positions full of
    duplicate cards): in every decision no two options share a label and each fits 80 characters; for every
    view with a decision the context is non-empty, names every Character in play and every attack,
    and no card hidden from that viewer (MX-ZN-04, MX-ZN-09, MX-GAP-20); without one it is empty."""
    kinds: dict[str, int] = {}
    twins = [0]
    for seed in range(6):
        run(new(seed), seed, kinds, twins)
    for seed in range(60):
        run(duplicates_position(seed), seed, kinds, twins)
    every_kind = {"mulligan", "mulligan_order", "planning", "attack", "attack_card", "link", "defend",
                  "defend_card", "damage_order", "discard", "search", "target", "attach"}
    assert every_kind <= set(kinds), every_kind - set(kinds)
    assert twins[0] > 100  # decisions where copies were told apart by position really occurred


def test_board_marks_copies_by_the_position_the_labels_use():
    """Option labels: the public board marks two copies of one Character with the same position words as
    the option labels, so "Beowulf (right)" can be found on the board too."""
    st = at(spec({"in_play": ["beowulf", "grendel", "beowulf"], "hand": ["b-str-1"]}, {"in_play": ["grendel"]}))
    text = mx.board_text(mx.view(st, None))
    assert "Beowulf — Bane of Grendel (left) (Str5 Spe2)" in text
    assert "Beowulf — Bane of Grendel (right) (Str5 Spe2)" in text
    assert "Grendel — Terror of the Mead-Hall (Str6 Spe2)" in text  # no copy: no position
    assert "Attack with Beowulf (right)" in labels(st, 0)
