"""Meta Olympia hidden and public information through the game's views: MO-INF-01..03 — tactic cards,
minor sponsors and drawn cards only in their owner's private view, face-down discards in nobody's view, the
public board showing what the rules make public."""

from __future__ import annotations

import json

from games.core.contract import SeatSetup
from games.metaolympia import GAME

TRACK = ["tharsis-fundraiser-gala", "noctis-war-room", "valles-proving-grounds"]  # Fundraise, Strategize, Scrimmage


def seats(n: int) -> list[SeatSetup]:
    return [SeatSetup(f"P{i}") for i in range(n)]


def view_json(st, viewer) -> str:
    v = GAME.view(st, viewer)
    decs = [[d.kind, d.prompt, [[o.id, o.label, list(o.cards)] for o in d.options]] for d in v.decisions]
    return json.dumps([v.board, v.private, decs], ensure_ascii=False)


def absent(st, viewers, *pairs) -> None:
    for v in viewers:
        text = view_json(st, v)
        for cid, name in pairs:
            assert cid not in text and name not in text, f"viewer {v} sees {name}"


def test_MO_INF_01_tactics_and_minor_sponsors_only_in_their_owners_view():
    """MO-INF-01: seat 0's tactic cards and minor sponsor are in its private view; the other seats and a
    spectator see only how many it holds; athletes in hand are in their owner's view, counts for others."""
    st = GAME.position({"tracks": [TRACK] * 4, "players": [
        {"tactics": ["hard-tackle", "sandstorm-delay"], "minors": ["arcadia-ironworks"],
         "athletes": ["hellas-deep", "dust-warden", "regolith-stopper", "crater-keeper", "red-runner",
                      "canal-striker"]}, {}, {}]}, seats(3), 2)
    mine = GAME.view(st, 0).private
    assert [t["card"] for t in mine["tactics"]] == ["hard-tackle", "sandstorm-delay"]
    assert all(t["line"] for t in mine["tactics"])
    assert [m["card"] for m in mine["minors"]] == ["arcadia-ironworks"]
    assert "hellas-deep" in [a["card"] for a in mine["athletes"]]
    b = GAME.view(st, None).board
    assert (b["players"][0]["tactics"], b["players"][0]["minors"], b["players"][0]["athletes"]) == (2, 1, 6)
    assert GAME.view(st, None).private is None
    absent(st, [1, 2, None], ("hard-tackle", "Hard Tackle"), ("sandstorm-delay", "Sandstorm Delay"),
           ("arcadia-ironworks", "Arcadia Ironworks"), ("hellas-deep", "Hellas Deep"))
    assert GAME.view(st, 1).private["tactics"] == [] and GAME.view(st, 1).private["minors"] == []


def test_MO_INF_01_drawn_tactic_cards_only_in_the_drawers_view_and_the_unkept_one_buried():
    """MO-INF-01, MO-INF-03: the two tactic cards drawn on Strategize are in the drawer's private view and
    decision only; the kept one stays in its hand, the other is discarded face down: after that nobody's view
    names it, not even the drawer's, and the board counts one buried tactic card."""
    st = GAME.position({"tracks": [TRACK] * 4, "land": {"seat": 1, "tile": 1},
                        "tactic_deck": ["crowd-roar", "solar-flare"]}, seats(3), 4)
    d = GAME.decisions(st)[0]
    assert d.seat == 1 and d.kind == "tactic_pick"
    assert sorted(c["card"] for c in GAME.view(st, 1).private["pending"]) == ["crowd-roar", "solar-flare"]
    assert {o.cards[0] for o in d.options} == {"crowd-roar", "solar-flare"}
    absent(st, [0, 2, None], ("crowd-roar", "Crowd Roar"), ("solar-flare", "Solar Flare"))
    assert GAME.view(st, None).board["tactic_deck"] == 0
    keep = next(o.id for o in d.options if o.cards == ("solar-flare",))
    ev = GAME.apply(st, 1, keep)
    public = " ".join(e.text for e in ev if e.audience is None)
    assert "Crowd Roar" not in public and "Solar Flare" not in public
    assert any("Solar Flare" in e.text and e.audience == (1,) for e in ev)
    assert [t["card"] for t in GAME.view(st, 1).private["tactics"]] == ["solar-flare"]
    assert GAME.view(st, None).board["tactic_buried"] == 1 and GAME.view(st, None).board["tactic_discard"] == []
    absent(st, [0, 1, 2, None], ("crowd-roar", "Crowd Roar"))
    absent(st, [0, 2, None], ("solar-flare", "Solar Flare"))


def test_MO_INF_03_unkept_sponsor_discarded_face_down_kept_minor_stays_secret():
    """MO-INF-03, MO-INF-01: of two sponsors drawn on Fundraise the kept minor sponsor is secret (its owner sees
    it), the other is buried face down: no view names it; the board counts one buried sponsor."""
    st = GAME.position({"tracks": [TRACK] * 4, "land": {"seat": 0, "tile": 0},
                        "sponsor_deck": ["kasei-express", "noctis-night-shift"]}, seats(2), 4)
    GAME.apply(st, 0, "sponsor")
    d = GAME.decisions(st)[0]
    assert d.kind == "sponsor_pick" and {o.cards[0] for o in d.options} == {"kasei-express", "noctis-night-shift"}
    absent(st, [1, None], ("kasei-express", "Kasei Express"), ("noctis-night-shift", "Noctis Night Shift"))
    GAME.apply(st, 0, next(o.id for o in d.options if o.cards == ("noctis-night-shift",)))
    b = GAME.view(st, None).board
    assert b["sponsor_buried"] == 1 and b["players"][0]["minors"] == 1 and len(b["majors"]) == 0
    assert [m["card"] for m in GAME.view(st, 0).private["minors"]] == ["noctis-night-shift"]
    absent(st, [0, 1, None], ("kasei-express", "Kasei Express"))
    absent(st, [1, None], ("noctis-night-shift", "Noctis Night Shift"))


def test_MO_INF_01_drawn_athletes_are_private_until_one_is_recruited():
    """MO-INF-01: two athletes drawn on Recruit are in the drawer's view only; the one not taken goes face up to
    the athlete discard pile, public."""
    track = ["arcadia-open-trials", "noctis-war-room", "valles-proving-grounds"]
    st = GAME.position({"tracks": [track] * 4, "land": {"seat": 0, "tile": 0},
                        "athlete_deck": ["hellas-deep", "syrtis-lookout"],
                        "players": [{"credits": 9}, {}, {}]}, seats(3), 4)
    GAME.apply(st, 0, "draw")
    assert sorted(c["card"] for c in GAME.view(st, 0).private["pending"]) == ["hellas-deep", "syrtis-lookout"]
    absent(st, [1, 2, None], ("hellas-deep", "Hellas Deep"), ("syrtis-lookout", "Syrtis Lookout"))
    d = GAME.decisions(st)[0]
    GAME.apply(st, 0, next(o.id for o in d.options if o.cards == ("hellas-deep",)))
    d = GAME.decisions(st)[0]
    assert d.kind == "return"
    GAME.apply(st, 0, d.options[0].id)
    b = GAME.view(st, None).board
    assert [a["card"] for a in b["athlete_discard"]][0] == "syrtis-lookout"
    assert "hellas-deep" in [a["card"] for a in GAME.view(st, 0).private["athletes"]]


def test_MO_INF_02_the_public_board():
    """MO-INF-02: revealed major sponsors, the market, the athlete discard pile, kept scrimmage cards and
    revealed minor sponsors, token counts, positions, the athlete on the mat, the roll and the live score are on
    the board every viewer gets (the same board for every seat and a spectator)."""
    st = GAME.position({
        "tracks": [TRACK] * 4, "majors": ["phobos-think-tank"], "market": ["hellas-deep", "syrtis-lookout"],
        "athlete_discard": ["theagenes"],
        "players": [{"credits": 5, "popularity": 3, "prestige": 2, "pos": 1, "scrims": ["miners-eleven"],
                     "shown": ["kasei-express"]}, {"pos": 0}],
        "match": [0, 1], "dice": ["goal"]}, seats(2), 4)
    b = GAME.view(st, None).board
    assert [m["name"] for m in b["majors"]] == ["Phobos Think Tank"]
    assert [m["card"] for m in b["market"]] == ["hellas-deep", "syrtis-lookout"]
    assert [a["card"] for a in b["athlete_discard"]] == ["theagenes"]
    p0 = b["players"][0]
    assert (p0["credits"], p0["popularity"], p0["prestige"], p0["pos"]) == (5, 3, 2, 1)
    assert [x["card"] for x in p0["scrims"]] == ["miners-eleven"] and p0["shown"][0]["name"] == "Kasei Express"
    assert b["players"][1]["pos"] == 0
    for v in (0, 1):
        assert GAME.view(st, v).board == b
    # the live score: the Away team (seat 1) reveals and scores a loaded Goal
    while not (b["contest"] and b["contest"]["score"] != [0, 0]):
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, GAME.timeout_choice(st, d))
        b = GAME.view(st, None).board
    assert b["contest"]["score"] == [1, 0] and b["contest"]["away"] == 1 and b["contest"]["home"] == 0
    assert b["contest"]["mat"][0]["card"] and b["last_roll"]["faces"] == ["goal"]
