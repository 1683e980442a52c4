"""MetaX refusals name the rule that forbids the move (MX-HST-02).

Each case builds a position (``Game.position``), plays the listed choices to reach a decision, then
sends a crafted option id that is NOT offered, built from real card ids and Character instance ids
of that position. The refusal must name the specific checklist rule (e.g. MX-DEF-02 for a Pushed
defender, not the generic MX-HST-02), say in words what was wrong, and change nothing (``to_json``
identical). Only an id that means nothing now keeps the generic MX-HST-02.
"""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

import pytest
from metax_helpers import FILLER

from games.core.contract import RulesError, SeatSetup
from games.core.players import RandomPlayer
from games.metax.pool import card_pool

# -- positions (seat 0 is Ana, seat 1 is Ben; "{name}" in an option id is that Character's instance)

PLANNING = {"turn": 3, "players": [
    {"deck": FILLER, "hand": ["hercules", "ev-golden-fleece", "ev-poisoned-apple", "b-str-1"],
     "in_play": ["scheherazade", "merlin", {"card": "moriarty", "entered": 3}]},
    {"deck": FILLER, "hand": ["grendel", "ev-golden-fleece"], "in_play": ["medusa"]}]}

PLAYED = {"turn": 3, "players": [
    {"deck": FILLER, "hand": ["hercules"], "played_character": True,
     "in_play": [{"card": "scheherazade", "pushed": True}]},
    {"deck": FILLER, "hand": ["grendel"]}]}

ATTACK = {"turn": 3, "phase": "attack", "players": [
    {"deck": FILLER, "mp": 2,
     "hand": ["b-str-1", "b-str-7", "b-int-2", "b-vapours-of-delphi", "ev-golden-fleece", "mulan"],
     "in_play": ["hercules", {"card": "gilgamesh", "pushed": True}, {"card": "frankenstein-creature", "entered": 3}]},
    {"deck": FILLER, "hand": ["b-int-1"], "in_play": ["merlin"]}]}

NO_CARD = {"turn": 3, "phase": "attack", "players": [
    {"deck": FILLER, "hand": ["b-str-1", "b-str-2"], "in_play": ["merlin", "hercules", "gilgamesh"]},
    {"deck": FILLER, "hand": ["b-int-1"], "in_play": ["sherlock-holmes"]}]}

LINK = {"turn": 3, "phase": "attack", "players": [
    {"deck": FILLER, "mp": 4, "hand": ["b-str-3", "b-str-1"],
     "in_play": ["hercules", "beowulf", {"card": "gilgamesh", "pushed": True}]},
    {"deck": FILLER, "hand": ["b-str-1"], "in_play": ["frankenstein-creature"]}]}

LINK_STAT = {"turn": 3, "phase": "attack", "players": [
    {"deck": FILLER, "mp": 4, "hand": ["b-str-3"],
     "in_play": ["hercules", "beowulf", "merlin"]},
    {"deck": FILLER, "hand": ["b-str-1"], "in_play": ["frankenstein-creature"]}]}

LINK_NEW = {"turn": 3, "phase": "attack", "players": [
    {"deck": FILLER, "mp": 4, "hand": ["b-str-3"],
     "in_play": ["hercules", "beowulf", {"card": "gilgamesh", "entered": 3}]},
    {"deck": FILLER, "hand": ["b-str-1"], "in_play": ["frankenstein-creature"]}]}

DEFEND = {"turn": 3, "phase": "attack", "players": [
    {"deck": FILLER, "hand": ["b-str-1", "b-str-2", "b-str-3"], "in_play": ["hercules", "beowulf", "gilgamesh"]},
    {"deck": FILLER, "hand": ["b-int-1", "b-int-2"],
     "in_play": [{"card": "frankenstein-creature", "pushed": True}, "merlin", "sherlock-holmes", "grendel"]}]}
DECLARE = ["0 attack:{hercules}", "0 card:b-str-1:strength", "0 attack:{beowulf}", "0 card:b-str-2:strength",
           "0 attack:{gilgamesh}", "0 card:b-str-3:strength"]  # no attacker left: Ben defends

EFFECTS = {"turn": 3, "players": [
    {"deck": ["b-int-3", "b-str-4"] + FILLER, "mp": 6,
     "hand": ["ev-poisoned-apple", "ev-excaliburs-call", "ev-song-of-the-sirens", "ev-trojan-horse", "b-str-1",
              "hercules"],
     "in_play": ["joan-of-arc"]},
    {"deck": FILLER, "hand": ["b-spe-6", "grendel"],
     "in_play": ["mulan", "beowulf", {"card": "gilgamesh", "pushed": True}]}]}

# (case id, position, choices before the refusal "seat option", seat, crafted option, rule, words)
CASES = [
    # Planning Step (MX-PLN, MX-CHR, MX-EVT, MX-ZN-04)
    ("fourth-character", PLANNING, [], 0, "char:hercules", "MX-CHR-03", "no fourth"),
    ("character-not-in-hand", PLANNING, [], 0, "char:grendel", "MX-ZN-04", "not in your hand"),
    ("battle-card-as-character", PLANNING, [], 0, "char:b-str-1", "MX-BTL-02", "Battle Step"),
    ("event-as-character", PLANNING, [], 0, "char:ev-golden-fleece", "MX-EVT-03", "Event card"),
    ("event-too-expensive", PLANNING, [], 0, "event:ev-poisoned-apple", "MX-EVT-04", "costs 1 MP"),
    ("event-not-in-hand", PLANNING, [], 0, "event:ev-ragnarok", "MX-ZN-04", "not in your hand"),
    ("character-as-event", PLANNING, [], 0, "event:hercules", "MX-PLN-02", "Character card"),
    ("push-without-push-effect", PLANNING, [], 0, "push:{merlin}", "MX-CHR-07", "no Push effect"),
    ("push-entered-this-turn", PLANNING, [], 0, "push:{moriarty}", "MX-CHR-07", "came into play this turn"),
    ("push-opponents-character", PLANNING, [], 0, "push:{medusa}", "MX-CHR-07", "Ben's Character"),
    ("attack-in-planning", PLANNING, [], 0, "attack:{scheherazade}", "MX-ATK-01", "Battle Step"),
    ("battle-card-in-planning", PLANNING, [], 0, "card:b-str-1:strength", "MX-BTL-02", "Battle Step"),
    ("defend-in-planning", PLANNING, [], 0, "defend:0:{merlin}", "MX-DEF-01", "defending player"),
    ("link-in-planning", PLANNING, [], 0, "link:{merlin}", "MX-TEAM-01", "Linked"),
    ("resolve-in-planning", PLANNING, [], 0, "resolve:0", "MX-DMG-03", "order"),
    ("second-mulligan", PLANNING, [], 0, "mulligan", "MX-SET-05", "once per game"),
    ("bottom-without-mulligan", PLANNING, [], 0, "bottom:hercules", "MX-SET-04", "mulliganed"),
    ("discard-to-make-room", PLANNING, [], 0, "discard:{merlin}", "MX-GAP-19", "make room"),
    ("opponent-event", PLANNING, [], 1, "event:ev-golden-fleece", "MX-EVT-02", "own Planning Step"),
    ("opponent-push", PLANNING, [], 1, "push:{medusa}", "MX-CHR-07", "own Planning Step"),
    ("opponent-character", PLANNING, [], 1, "char:grendel", "MX-PLN-01", "own Planning Step"),
    ("opponent-goes-to-battle", PLANNING, [], 1, "battle", "MX-PLN-01", "Ana's decision"),
    ("second-character", PLAYED, [], 0, "char:hercules", "MX-PLN-04", "one per turn"),
    ("push-pushed-character", PLAYED, [], 0, "push:{scheherazade}", "MX-CHR-07", "is Pushed"),
    # Declaring attacks (MX-ATK, MX-PLN-03, MX-BTL)
    ("pushed-attacker", ATTACK, [], 0, "attack:{gilgamesh}", "MX-ATK-02", "is Pushed"),
    ("new-attacker", ATTACK, [], 0, "attack:{frankenstein-creature}", "MX-PLN-03", "came into play this turn"),
    ("attack-with-opponents-character", ATTACK, [], 0, "attack:{merlin}", "MX-ATK-01", "Ben's Character"),
    ("card-before-attacker", ATTACK, [], 0, "card:b-str-1:strength", "MX-ATK-03", "attacking Character first"),
    ("event-in-battle-step", ATTACK, [], 0, "event:ev-golden-fleece", "MX-EVT-02", "own Planning Step"),
    ("character-in-battle-step", ATTACK, [], 0, "char:mulan", "MX-PLN-01", "own Planning Step"),
    ("back-to-planning", ATTACK, [], 0, "battle", "MX-TRN-01", "Planning Step"),
    ("defend-too-early", ATTACK, [], 1, "defend:0:{merlin}", "MX-DEF-01", "after all attacks are declared"),
    ("opponent-done", ATTACK, [], 1, "done", "MX-ATK-01", "active player declares attacks"),
    ("unaffordable-battle-card", ATTACK, ["0 attack:{hercules}"], 0, "card:b-str-7:strength", "MX-BTL-08",
     "costs 3 MP and you have 2 MP"),
    ("multi-stat-rank-too-high", ATTACK, ["0 attack:{hercules}"], 0, "card:b-vapours-of-delphi:special",
     "MX-BTL-05", "needs Special Rank 5; Hercules — Son of Thunder has 3"),
    ("stat-rank-too-high", ATTACK, ["0 attack:{hercules}"], 0, "card:b-int-2:intelligence", "MX-BTL-03",
     "needs Intelligence Rank 2; Hercules — Son of Thunder has 0"),
    ("card-as-wrong-stat", ATTACK, ["0 attack:{hercules}"], 0, "card:b-str-1:intelligence", "MX-BTL-03",
     "Strength card, not Intelligence"),
    ("battle-card-not-in-hand", ATTACK, ["0 attack:{hercules}"], 0, "card:b-str-2:strength", "MX-ATK-03",
     "not in your hand"),
    ("event-as-battle-card", ATTACK, ["0 attack:{hercules}"], 0, "card:ev-golden-fleece:strength", "MX-EVT-03",
     "Event card"),
    ("attacker-without-card", NO_CARD, [], 0, "attack:{merlin}", "MX-ATK-04", "no usable Battle card"),
    ("attack-twice", NO_CARD, ["0 attack:{hercules}", "0 card:b-str-1:strength"], 0, "attack:{hercules}",
     "MX-ATK-07", "already attacked"),
    # Team Attacks (MX-TEAM)
    ("link-pushed", LINK, ["0 attack:{hercules}", "0 card:b-str-3:strength"], 0, "link:{gilgamesh}",
     "MX-TEAM-03", "is Pushed"),
    ("link-the-lead", LINK, ["0 attack:{hercules}", "0 card:b-str-3:strength"], 0, "link:{hercules}",
     "MX-TEAM-04", "leads this attack"),
    ("link-opponents-character", LINK, ["0 attack:{hercules}", "0 card:b-str-3:strength"], 0,
     "link:{frankenstein-creature}", "MX-TEAM-01", "Ben's Character"),
    ("linked-attacks", LINK, ["0 attack:{hercules}", "0 card:b-str-3:strength", "0 link:{beowulf}"], 0,
     "attack:{beowulf}", "MX-TEAM-09", "Linked this turn"),
    ("link-after-declaring", LINK, ["0 attack:{hercules}", "0 card:b-str-3:strength", "0 link:{beowulf}"], 0,
     "link:{beowulf}", "MX-TEAM-01", "right after declaring an attack"),
    ("link-without-stat", LINK_STAT, ["0 attack:{hercules}", "0 card:b-str-3:strength"], 0, "link:{merlin}",
     "MX-TEAM-02", "lacks Strength"),
    ("link-entered-this-turn", LINK_NEW, ["0 attack:{hercules}", "0 card:b-str-3:strength"], 0,
     "link:{gilgamesh}", "MX-TEAM-03", "came into play this turn"),
    # Defenders and Damage (MX-DEF, MX-GAP-06, MX-DMG)
    ("pushed-defender", DEFEND, DECLARE, 1, "defend:0:{frankenstein-creature}", "MX-DEF-02", "is Pushed"),
    ("defender-without-card", DEFEND, DECLARE, 1, "defend:0:{grendel}", "MX-DEF-06", "no usable Battle card"),
    ("defend-with-attacker", DEFEND, DECLARE, 1, "defend:0:{hercules}", "MX-DEF-03", "Ana's Character"),
    ("card-before-defender", DEFEND, DECLARE, 1, "card:b-int-1:intelligence", "MX-DEF-03", "defending Character"),
    ("attacker-assigns-defender", DEFEND, DECLARE, 0, "defend:0:{merlin}", "MX-DEF-01", "defending player"),
    ("attacker-resolves-too-early", DEFEND, DECLARE, 0, "resolve:0", "MX-DMG-03", "once defenders are assigned"),
    ("defend-card-not-in-hand", DEFEND, DECLARE + ["1 defend:0:{merlin}"], 1, "card:b-int-3:intelligence",
     "MX-DEF-03", "not in your hand"),
    ("defend-two-attacks", DEFEND, DECLARE + ["1 defend:0:{merlin}", "1 card:b-int-1:intelligence"], 1,
     "defend:1:{merlin}", "MX-GAP-06", "already defends"),
    ("second-defender", DEFEND, DECLARE + ["1 defend:0:{merlin}", "1 card:b-int-1:intelligence"], 1,
     "defend:0:{sherlock-holmes}", "MX-DEF-05", "already has a defender"),
    ("resolve-undefended", DEFEND, DECLARE + ["1 defend:0:{merlin}", "1 card:b-int-1:intelligence",
                                              "1 defend:1:{sherlock-holmes}", "1 card:b-int-2:intelligence"],
     0, "resolve:2", "MX-DMG-01", "undefended"),
    ("defender-orders-damage", DEFEND, DECLARE + ["1 defend:0:{merlin}", "1 card:b-int-1:intelligence",
                                                  "1 defend:1:{sherlock-holmes}", "1 card:b-int-2:intelligence"],
     1, "resolve:1", "MX-DMG-03", "attacking player"),
    # Effect choices (MX-EFF-03/04, MX-ZN-04, MX-DMG-05)
    ("discard-for-the-opponent", EFFECTS, ["0 event:ev-poisoned-apple"], 0, "discard:b-spe-6", "MX-EFF-04",
     "player who discards"),
    ("discard-not-in-hand", EFFECTS, ["0 event:ev-poisoned-apple"], 1, "discard:hercules", "MX-ZN-04",
     "not in your hand"),
    ("search-wrong-kind", EFFECTS, ["0 event:ev-excaliburs-call"], 0, "take:b-int-3", "MX-EFF-03",
     "not what this search looks for"),
    ("search-not-in-deck", EFFECTS, ["0 event:ev-excaliburs-call"], 0, "take:b-str-7", "MX-EFF-03",
     "no Mountain-Splitter in your deck"),
    ("search-for-the-opponent", EFFECTS, ["0 event:ev-excaliburs-call"], 1, "take:b-str-4", "MX-EFF-04",
     "effect's player"),
    ("target-pushed", EFFECTS, ["0 event:ev-song-of-the-sirens"], 0, "target:{gilgamesh}", "MX-EFF-03",
     "not a legal target"),
    ("target-own", EFFECTS, ["0 event:ev-song-of-the-sirens"], 0, "target:{joan-of-arc}", "MX-EFF-03",
     "not a legal target"),
    ("attach-not-in-hand", EFFECTS, ["0 event:ev-trojan-horse", "0 target:{mulan}"], 0,
     "attach:b-str-7:strength", "MX-EFF-03", "from your hand"),
    ("attach-as-wrong-stat", EFFECTS, ["0 event:ev-trojan-horse", "0 target:{mulan}"], 0,
     "attach:b-str-1:intelligence", "MX-DMG-05", "only as Strength"),
    ("attach-an-event", EFFECTS, ["0 event:ev-trojan-horse", "0 target:{mulan}"], 0,
     "attach:ev-golden-fleece:strength", "MX-EFF-03", "from your hand"),
    # Ids that mean nothing now: the generic refusal, listing the options
    ("unknown-option", PLANNING, [], 0, "no-such-option", "MX-HST-02", "choose one of"),
    ("unknown-character", PLANNING, [], 0, "push:999", "MX-HST-02", "choose one of"),
    ("unknown-attack", DEFEND, DECLARE, 1, "defend:7:{merlin}", "MX-HST-02", "choose one of"),
]


def fill(st, text: str) -> str:
    """``text`` with each ``{card-id}`` replaced by the instance id of the one in-play Character of that card."""
    def inst(m):
        (iid,) = [ch.card for pl in st.players for ch in pl.in_play if st.cards[ch.card] == m.group(1)]
        return str(iid)
    return re.sub(r"\{([a-z-]+)\}", inst, text)


def refusal(mx, st, seat, oid):
    """Send ``oid`` for ``seat``: it must not be offered, must be refused, and must change nothing."""
    assert all(o.id != oid for d in mx.decisions(st) if d.seat == seat for o in d.options), f"{oid} is offered"
    before = mx.to_json(st)
    with pytest.raises(RulesError) as exc:
        mx.apply(st, seat, oid)
    assert mx.to_json(st) == before, "a refused choice changed the state"
    return exc.value


@pytest.mark.parametrize(("pos", "before", "seat", "oid", "rule", "words"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_MX_HST_02_refusal_names_the_rule_that_forbids_it(mx, position, pos, before, seat, oid, rule, words):
    """MX-HST-02: a crafted choice is refused under the specific rule that forbids it,
    with a readable message, and the state (to_json) is unchanged."""
    st = position(pos)
    for step in before:
        s, choice = step.split(" ", 1)
        mx.apply(st, int(s), fill(st, choice))
    err = refusal(mx, st, seat, fill(st, oid))
    assert err.rule == rule, f"{err.rule}: {err.message}"
    assert words in err.message, err.message
    assert str(err) == f"{err.message} [{rule}]"
    assert err.message[0].isupper() and err.message.endswith(".") and "None" not in err.message


def test_MX_SET_04_05_06_mulligan_refusals_name_their_rules(mx):
    """MX-SET-04/05/06: in a new game the second player cannot decide before the first
    (MX-SET-06); cards go to the bottom only after a mulligan and only from the old hand (MX-SET-04);
    a player who mulliganed cannot mulligan or keep again (MX-SET-05); nothing changes on refusal."""
    decks = mx.starter_decks()
    names = sorted(decks)
    st = mx.new_game([SeatSetup("Ana", decks[names[0]]), SeatSetup("Ben", decks[names[1]])], None, 4)
    f, s = st.first, 1 - st.first
    in_hand = st.cards[st.players[f].hand[0]]
    assert refusal(mx, st, s, "keep").rule == "MX-SET-06"
    assert refusal(mx, st, f, f"bottom:{in_hand}").rule == "MX-SET-04"
    mx.apply(st, f, "mulligan")
    missing = next(c for c in sorted(mx.starter_decks()[names[0]] + mx.starter_decks()[names[1]])
                   if all(st.cards[h] != c for h in st.players[f].hand))
    err = refusal(mx, st, f, f"bottom:{missing}")
    assert (err.rule, err.message) == ("MX-SET-04", f"{card_pool()[missing].name} is not in your old hand.")
    err = refusal(mx, st, f, "keep")
    assert err.rule == "MX-SET-05" and "already mulliganed" in err.message


CHECKLIST = Path(__file__).resolve().parents[2] / "data" / "rules" / "metax.md"  # the checklist, copied verbatim


@functools.cache
def known_rule(rule: str) -> bool:
    """Whether ``rule`` is a MetaX checklist ID: of the form ``MX-XXX-NN`` and present in the checklist."""
    if not re.fullmatch(r"MX-[A-Z]+-\d\d", rule):
        return False
    text = CHECKLIST.read_text(encoding="utf-8")
    return f"**{rule}**" in text or f"`{rule}`" in text  # rules are bold, open gaps in backticks


def crafted_ids(st, rng: random.Random) -> list[str]:
    """Option ids a hostile client could send: every kind of id, built from the position's own card
    ids and instance numbers (in play or not), attack numbers and Stats."""
    cards = sorted(set(st.cards))
    insts = list(range(len(st.cards))) + [-1, 10_000]
    stats = ["strength", "intelligence", "special", "x"]
    out = ["keep", "mulligan", "rest", "battle", "done", "back", "nolink", "none", "", ":", "card:", "defend:0"]
    for _ in range(12):
        c, i, k, s = rng.choice(cards), rng.choice(insts), rng.randint(-1, 3), rng.choice(stats)
        out += [f"bottom:{c}", f"char:{c}", f"event:{c}", f"push:{i}", f"attack:{i}", f"card:{c}:{s}",
                f"card:{c}", f"link:{i}", f"defend:{k}:{i}", f"resolve:{k}", f"discard:{c}", f"take:{c}",
                f"target:{i}", f"attach:{c}:{s}", f"push:{c}", f"defend:{c}"]
    return out


def test_MX_HST_02_crafted_ids_in_random_games_are_refused_under_checklist_rules(mx):
    """MX-HST-02: in seeded random games, hundreds of crafted ids per sampled decision,
    sent by either seat, are each either an offered option or refused with a RulesError whose rule is
    a real checklist ID and whose message is readable; nothing else is raised and nothing changes."""
    decks = mx.starter_decks()
    names = sorted(decks)
    seen: set[str] = set()
    for seed in range(4):
        st = mx.new_game([SeatSetup("Ana", decks[names[seed % len(names)]]),
                          SeatSetup("Ben", decks[names[(seed + 1) % len(names)]])], None, seed)
        rng = random.Random(seed)
        players = [RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)]
        n = 0
        while mx.decisions(st):
            if n % 9 == 0:
                before = mx.to_json(st)
                offered = {(d.seat, o.id) for d in mx.decisions(st) for o in d.options}
                for oid in crafted_ids(st, rng):
                    for seat in (0, 1):
                        if (seat, oid) in offered:
                            continue
                        with pytest.raises(RulesError) as exc:
                            mx.apply(st, seat, oid)
                        err = exc.value
                        assert known_rule(err.rule), err
                        assert err.message[:1].isupper() and err.message.endswith("."), err
                        seen.add(err.rule)
                assert mx.to_json(st) == before
            d = mx.decisions(st)[0]
            mx.apply(st, d.seat, players[d.seat](d))
            n += 1
    assert len(seen) >= 20  # the crafted ids reach many different rules, not one generic refusal
