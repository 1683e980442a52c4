"""Memesis text rendering (``games/memesis/render.py``) on boards built by hand in the shape the engine's
``view`` produces: everything public is shown, no face-down card's identity reaches the board, the private
text shows the viewer's hand, face-down cards and Ammunition, the context has one line per item. The boards here are
also used by ``test_picture.py``."""

from __future__ import annotations

import copy
import json
from typing import Any

from games.core.values import Decision, Option, Result, View
from games.memesis.render import board_text, context_text, end_lines, private_text

SECRETS = ("Hidden Basilisk", "Veiled Sphinx", "Masked Rune of Stars", "Cloaked Fragment", "Buried Golem")
"""Identities of face-down cards: only their owners' private views may name them."""

NAMES = ("Ana", "Ben", "Cleo", "Dev")


def face(card: str, name: str) -> dict[str, Any]:
    return {"card": card, "name": name}


DOWN = {"face_down": True}


def creature(uid: int, seat: int, cell: str, name: str, attack: int, life: int, max_life: int, armor: int = 0,
             **more: Any) -> dict[str, Any]:
    piece = {"uid": uid, "controller": seat, "owner": seat, "cell": cell, "face_down": False,
             "cards": [face(name.lower().replace(" ", "-"), name)], "fusion": None, "partials": [], "rune": None,
             "sourced": False, "target": None, "kind": "creature", "attack": attack, "life": life,
             "max_life": max_life, "armor": armor, "line": f"{name}: a creature of {attack} Attack."}
    piece.update(more)
    return piece


def hidden(uid: int, seat: int, cell: str, **more: Any) -> dict[str, Any]:
    piece = {"uid": uid, "controller": seat, "owner": seat, "cell": cell, "face_down": True, "cards": [DOWN],
             "fusion": None, "partials": [], "rune": None, "sourced": False, "target": None}
    piece.update(more)
    return piece


def player(name: str, team: int, life: int, **more: Any) -> dict[str, Any]:
    pl = {"name": name, "team": team, "life": life, "source": 3, "brain": 21, "hand": 4, "out": False,
          "turns": 3, "dead": [], "ammo": 0, "ammo_used": 0, "incubation": None}
    pl.update(more)
    return pl


def four_board() -> dict[str, Any]:
    """A 2v2 board late in a game: every kind of piece, fusion, Rune, fragment, incubation, a combat with
    blocks, a response window, an out player and the stall count."""
    players = [
        player("Ana", 0, 17, ammo=3, ammo_used=1, dead=[face("spark", "Spark of Reason"), face("owl", "Clockwork Owl")],
               incubation={"uid": 40, "face_down": True, "cards": [DOWN], "elapsed": 1, "needed": None}),
        player("Ben", 1, 9, source=0, hand=1, brain=0,
               incubation={"uid": 41, "face_down": False, "cards": [face("egg", "Thunder Egg"), DOWN],
                           "elapsed": 2, "needed": None, "rune": {**face("rune", "Spiritual Rune"), "owner": 1},
                           "partials": [{**face("relic", "Holy Relic"), "marking": "spiritual"}]}),
        player("Cleo", 0, 23, source=7, hand=6, brain=18, ammo=5),
        player("Dev", 1, -2, out=True, hand=0, brain=12, dead=[face("wyrm", "Ash Wyrm")] * 7),
    ]
    pieces = [
        creature(1, 0, "attack", "Iron Minotaur", 5, 3, 6, armor=1, target=1),
        creature(2, 0, "attack", "Lantern Fox", 2, 2, 2, target=3,
                 rune=face("rune-spirit", "Spiritual Rune") | {"owner": 0},
                 partials=[face("frag", "Quartz Splinter") | {"marking": "spiritual"}, DOWN]),
        hidden(3, 0, "defend", rune={"face_down": True, "owner": 0}),
        creature(4, 0, "main", "Salt Golem", 1, 7, 7, armor=3, sourced=True),
        {"uid": 5, "controller": 0, "owner": 0, "cell": "main", "face_down": False,
         "cards": [face("law", "Law of Echoes")], "fusion": None, "partials": [], "rune": None, "sourced": True,
         "target": None, "kind": "cause", "attack": 0, "life": 0, "max_life": 0, "armor": 0,
         "line": "Whenever an Effect card is used, its user gains 1 source."},
        creature(10, 1, "defend", "Sym Weaver", 4, 4, 9, armor=2, fusion="trans",
                 cards=[face("sym", "Sym Weaver"), face("bio", "Bio Lattice")]),
        creature(11, 1, "defend", "Twin Hydra", 6, 1, 8, fusion="true",
                 cards=[face("hydra-a", "Hydra Head"), DOWN], owner=3),
        hidden(12, 1, "main", sourced=True, cards=[DOWN, face("moth", "Paper Moth")], fusion="true"),
        creature(13, 1, "main", "Marsh Lantern", 0, 1, 1, rune=face("rune-math", "Mathematical Rune") | {"owner": 2}),
        creature(20, 2, "main", "Crystal Stag With An Extraordinarily Long Name", 3, 5, 5),
        hidden(21, 2, "attack", target=1),
        hidden(22, 2, "main"),
        creature(23, 2, "defend", "Bramble Knight", 2, 6, 6, armor=2, partials=[DOWN]),
        creature(24, 2, "main", "Glass Owl", 1, 1, 3),
        creature(25, 2, "main", "Copper Beetle", 1, 2, 2, sourced=True),
        creature(26, 2, "main", "Moon Hare", 2, 2, 2),
    ]
    return {"turn": 14, "round": 4, "active": 0, "first": 2, "phase": "combat", "stealth": True, "teams": True,
            "players": players, "pieces": pieces,
            "combat": {"attackers": [{"uid": 1, "target": 1}, {"uid": 2, "target": 3}, {"uid": 99, "target": 1}],
                       "blocks": [{"uid": 10, "attacker": 1}, {"uid": 11, "attacker": 1}], "stage": "blocks"},
            "window": {"reason": "Effect card played", "actor": 0, "asking": 1},
            "stall": 3}


def two_board() -> dict[str, Any]:
    """A quiet 1v1 board at the start of a game: no pieces, nothing open."""
    return {"turn": 1, "round": 1, "active": 1, "first": 1, "phase": "main", "stealth": False, "teams": False,
            "players": [player("Ana", 0, 20, turns=0, brain=33, hand=7), player("Ben", 1, 20, turns=1, brain=32)],
            "pieces": [], "combat": None, "window": None, "stall": None}


def private_ana() -> dict[str, Any]:
    """Seat 0's private view on :func:`four_board`: its face-down cards' identities are secrets."""
    return {"hand": [{"card": "bolt", "name": "Static Bolt", "line": "Effect, 2 source: deal 3 damage."},
                     {"card": "newt", "name": "Fire Newt", "line": "Fire Newt [creature, 1 source, 1/1]"}],
            "face_down": [{"uid": 3, "card": "basilisk", "name": SECRETS[0]},
                          {"uid": 40, "card": "sphinx", "name": SECRETS[1]}],
            "ammo": [{"card": "a", "name": "Rusty Nail", "used": False},
                     {"card": "b", "name": "Old Coin", "used": True},
                     {"card": "c", "name": SECRETS[4], "used": False}],
            "incubation": {"card": "sphinx", "name": SECRETS[1], "elapsed": 1, "needed": 6}}


def view_of(board: dict[str, Any], viewer: int | None = None, private: dict[str, Any] | None = None,
            decisions: tuple[Decision, ...] = (), result: Result | None = None) -> View:
    waiting = tuple((d.seat, d.kind) for d in decisions) or ((1, "respond"),)
    return View("memesis", viewer, board, private, decisions, waiting, result)


DECISION = Decision(0, "respond", "Respond to the Effect card?", (Option("pass", "Pass"),), window=True)


def norm(text: str) -> str:
    """``text`` with line breaks and " · " separators as single spaces (wrapping drops a separator)."""
    return " ".join(text.replace("·", " ").split())


def public_names(board: dict[str, Any]) -> list[str]:
    """Every face-up card name anywhere on the board."""
    found: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if "name" in x and "card" in x:
                found.append(x["name"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(board["pieces"])
    walk([pl["dead"] for pl in board["players"]])
    walk([pl["incubation"] for pl in board["players"]])
    return found


def test_board_text_shows_every_player_and_count():
    """MEM-INF-02, MEM-CEL-03, MEM-INF-01: names, Life, source, hand, Brain Cell and Ammunition counts,
    turns begun, team letters when allied, out."""
    b = four_board()
    text = board_text(view_of(b))
    assert "Turn 14" in text and "round 4" in text and "Combat" in text and "Cleo went first" in text
    assert "Stealth allowed" in text and "teams" in text
    for s, pl in enumerate(b["players"]):
        at = next(k for k, ln in enumerate(text.splitlines()) if ln[2:].startswith(pl["name"] + " ["))
        line = norm(" ".join(text.splitlines()[at:at + 2]))
        for part in (f"{pl['life']} Life", f"source {pl['source']}", f"hand {pl['hand']}", f"Brain {pl['brain']}",
                     f"Ammo {pl['ammo']}", f"turns {pl['turns']}", f"[{'AB'[pl['team']]}]"):
            assert part in line, (part, line)
        assert ("OUT" in line) == pl["out"]
        assert line.startswith("▶") == (s == b["active"])
    assert "(1 used)" in text


def test_board_text_shows_every_piece_and_face_up_card():
    """MEM-INF-02: every piece by its uid in its Cell, every face-up card name (pieces, fragments, Runes,
    Dead Cells, incubation), stats, sourced, targets, fusions, owners, rules text; the combat, the window,
    the stall count."""
    b = four_board()
    text = board_text(view_of(b))
    flat = norm(text)
    for name in public_names(b):
        assert norm(name) in flat, name
    for p in b["pieces"]:
        assert f"#{p['uid']} " in text
        if not p["face_down"]:
            assert norm(p["line"]) in flat
            if p["kind"] == "creature":
                assert f"Life {p['life']}/{p['max_life']}" in text
    for word in ("Main Cell", "Attack Cell", "Defend Cell", "Incubation Cell", "Dead Cell 7", "True Fusion",
                 "Transfusion", "Partial Fusion", "Rune: face-down card (Ana's)", "(Cleo's)", "sourced",
                 "owner Dev", "Armor 3", "→ Ben", "→ Dev", "#40 face-down card (Stealth) · 1 turn elapsed",
                 "#41 Thunder Egg + face-down card · 2 turns elapsed · Rune: Spiritual Rune (Ben's) · Partial Fusion: "
                 "Holy Relic (spiritual)",
                 "Thunder Egg + face-down card", "Combat · blocks", "#1 Iron Minotaur attacks Ben",
                 "#10 Sym Weaver + Bio Lattice blocks #1 Iron Minotaur", "#99 attacks Ben",
                 "Response window: Effect card played · by Ana · asking Ben", "3 rounds left"):
        assert norm(word) in flat, word


def test_a_face_down_identity_never_reaches_the_board():
    """MEM-STL-03, MEM-AMM-08: the board (the spectator's or the owner's) says "face-down card" and never
    the card's name; only the owner's private text names it."""
    b = four_board()
    for view in (view_of(b), view_of(b, 0, private_ana(), (DECISION,))):
        for text in (board_text(view), context_text(view)):
            for secret in SECRETS:
                assert secret not in text
    assert "face-down card" in board_text(view_of(b))
    mine = private_text(view_of(b, 0, private_ana()))
    assert SECRETS[0] in mine and SECRETS[1] in mine and SECRETS[4] in mine


def test_private_text_shows_hand_face_down_cards_ammunition_and_incubation():
    """MEM-INF-01, MEM-STL-03, MEM-AMM-02/08: the hand with rules text, each face-down card by uid, the
    Ammunition pile bottom first with the top last and used cards marked, the incubating card."""
    text = private_text(view_of(four_board(), 0, private_ana()))
    assert "Your hand (2):" in text
    assert "Static Bolt — Effect, 2 source: deal 3 damage." in text
    assert "Fire Newt [creature" in text and "Fire Newt — Fire Newt" not in text
    assert f"#3: {SECRETS[0]}" in text and f"#40: {SECRETS[1]}" in text
    lines = text.splitlines()
    ammo = lines.index("Your Ammunition Cell (3, top last):")
    assert lines[ammo + 1:ammo + 4] == ["  · Rusty Nail", "  · Old Coin (used)", f"  · {SECRETS[4]} (top)"]
    assert f"Incubating: {SECRETS[1]} · 1/6 turns" in text
    assert private_text(view_of(four_board())) == ""


def test_context_is_empty_without_a_decision_and_has_one_line_per_item_with_one():
    """The context is never hard-wrapped (this test asserted 40-character lines before): each
    seat's summary and each piece is one whole line."""
    b = four_board()
    assert context_text(view_of(b, 0, private_ana())) == ""
    text = context_text(view_of(b, 0, private_ana(), (DECISION,)))
    assert text.splitlines()[0] == "Turn 14 · Ana's turn · Combat"
    assert "You [A]: 17 Life · source 3 · hand 4 · Brain 21 · Ammo 3 (1 used)" in text.splitlines()
    assert " #2 Lantern Fox · Attack Cell · Attack 2 · Life 2/2 · → Dev · Rune: Spiritual Rune · +2 fragments" \
        in text.splitlines()
    flat = norm(text)
    assert norm("You [A]: 17 Life · source 3 · hand 4 · Brain 21") in flat
    for pl in b["players"][1:3]:
        assert norm(f"{pl['name']} [{'AB'[pl['team']]}]: {pl['life']} Life · source {pl['source']} · "
                    f"hand {pl['hand']} · Brain {pl['brain']}") in flat
    assert "Dev [B]: out" in flat
    for p in b["pieces"]:
        assert f"#{p['uid']} " in text
    assert norm("#1 Iron Minotaur · Attack Cell · Attack 5 · Life 3/6 · Armor 1 · → Ben") in flat
    assert "Combat · blocks" in text and "asking Ben" in flat


def test_quiet_board_and_end_lines():
    """A board with no pieces, combat or window; a finished game shows its result; end lines per seat."""
    b = two_board()
    text = board_text(view_of(b))
    assert "free-for-all" in text and "no Stealth" in text and "[A]" not in text and "Combat" not in text
    over = copy.deepcopy(four_board())
    over["phase"] = "over"
    res = Result((0, 2), (1, 3), "life", "Ana and Cleo win: Ben and Dev are out of Life.")
    text = board_text(view_of(over, result=res))
    assert res.text in text and "Game over" in text and "▶" not in text
    lines = end_lines(view_of(over))
    assert lines == {0: "17 Life · Brain 21 · hand 4", 1: "9 Life · Brain 0 · hand 1",
                     2: "23 Life · Brain 18 · hand 6", 3: "-2 Life · Brain 12 · hand 0 · out"}


def test_boards_are_json():
    """The fixtures are plain JSON, as a view's board must be."""
    assert json.loads(json.dumps(four_board())) == four_board()
