"""Memesis information and host (checklist section 17, MEM-INF-01..04) through the game contract's views and
events. (The seeded random playouts of ``test_playouts.py`` check the same hiding over 900 games.)"""

from __future__ import annotations

from games.core.contract import SeatSetup
from games.core.playout import starter_seats
from games.memesis import GAME

from .kit import (
    act,
    dec,
    hand_ref,
    piece,
    player,
    pos,
    public,
    settle,
    uid,
)


def test_MEM_INF_01_hand_only_in_its_owners_private_view():
    """MEM-INF-01: Ana's hand is in her private view only; Ben and a spectator see its size."""
    st = pos({"hand": ["castor", "eureka", "spiritual-rune"]}, {"hand": ["pollux"]})
    assert [h["card"] for h in GAME.view(st, 0).private["hand"]] == ["castor", "eureka", "spiritual-rune"]
    assert [h["card"] for h in GAME.view(st, 1).private["hand"]] == ["pollux"]
    assert GAME.view(st, None).private is None
    for viewer in (1, None):
        v = GAME.view(st, viewer)
        assert v.board["players"][0]["hand"] == 3
        assert "castor" not in repr(v.board) and "eureka" not in repr(v.board)


def test_MEM_INF_01_ally_sees_no_hand_either():
    """MEM-INF-01 with MEM-GAP-24: an ally sees the size of Ana's hand, not the cards."""
    st = pos({"hand": ["castor"]}, {}, {}, {}, teams=[0, 1, 0, 1])
    v = GAME.view(st, 2)
    assert v.board["players"][0]["hand"] == 1 and "castor" not in repr(v.board) + repr(v.private)


def test_MEM_INF_02_public_board_shows_play_dead_source_life_and_states():
    """MEM-INF-02: face-up cards in play, Dead Cells, source and Life totals, and each card's sourced,
    attacking (Cell and target) and defending state are on every viewer's board."""
    st = pos({"source": 4, "life": 17, "dead": ["eureka"],
              "pieces": [{"card": "castor", "cell": "attack", "target": 1}, {"card": "pollux", "sourced": True},
                         {"card": "lichen-mat", "cell": "defend"}]},
             {"life": 12})
    for viewer in (0, 1, None):
        b = GAME.view(st, viewer).board
        assert (b["players"][0]["life"], b["players"][0]["source"], b["players"][1]["life"]) == (17, 4, 12)
        assert [d["card"] for d in b["players"][0]["dead"]] == ["eureka"]
        by = {p["cards"][0]["card"]: p for p in b["pieces"]}
        assert by["castor"]["cell"] == "attack" and by["castor"]["target"] == 1
        assert by["pollux"]["sourced"] is True and by["castor"]["sourced"] is False
        assert by["lichen-mat"]["cell"] == "defend"
        assert (by["castor"]["attack"], by["castor"]["life"]) == (3, 3)


def test_MEM_INF_02_sourcing_and_consuming_show_on_the_board():
    """MEM-INF-02: sourcing a card shows it sourced and the new total; consuming one shows it in the Dead Cell
    and the new Life total, on the spectator's board."""
    st = pos({"pieces": ["castor", "pollux"]}, {})
    act(st, 0, f"p{uid(st, 'castor')}", "source")
    assert piece(st, uid(st, "castor"))["sourced"] and player(st, 0)["source"] == 1
    act(st, 0, f"p{uid(st, 'pollux')}", "consume", "life")
    assert player(st, 0)["life"] == 23
    assert [d["card"] for d in player(st, 0)["dead"]] == ["pollux"]


def test_MEM_INF_03_one_time_use_card_revealed_in_the_public_log():
    """MEM-INF-03: an Effect card played is named in the public log with what it did (its full
    text is looked up with ``card NAME``, not repeated in the log); a face-down play is not named publicly, only
    in its owner's private event."""
    st = pos({"source": 9, "hand": ["catapult-stone", "castor"]}, {})
    ev = act(st, 0, hand_ref(st, 0, "catapult-stone"), "play", "s1", "plain")
    settle(st, 0)
    assert "Ana plays Catapult Stone at Ben." in public(ev) and "Catapult Stone deals 2 damage to Ben" in public(ev)
    ev = act(st, 0, hand_ref(st, 0, "castor"), "play", "main", "down")
    assert "Castor" not in public(ev) and "face-down card" in public(ev)
    assert any("Castor" in e.text and e.audience == (0,) for e in ev)
    assert piece(st, st.pieces[-1].uid)["cards"] == [{"face_down": True}]


def test_MEM_INF_03_upturned_card_is_revealed():
    """MEM-INF-03 with MEM-STL-05: upturning a face-down card names it publicly and shows it on the board."""
    st = pos({"source": 2, "pieces": [{"card": "castor", "down": True}]}, {})
    u = uid(st, "castor")
    assert piece(st, u, 1)["face_down"]
    ev = act(st, 0, f"p{u}", "upturn")
    assert "Castor" in public(ev)
    assert piece(st, u, 1)["cards"][0]["card"] == "castor"


def test_MEM_INF_04_shuffles_and_first_player_from_the_seeded_rng():
    """MEM-INF-04: the same seed gives the same shuffles, hands and first player; over several seeds the
    first player and the hands differ."""
    def game(seed):
        return GAME.new_game(starter_seats(GAME, 0, 2), None, seed)

    assert GAME.to_json(game(7)) == GAME.to_json(game(7))
    firsts = {game(s).first for s in range(12)}
    hands = {tuple(game(s).players[0].hand) for s in range(12)}
    assert firsts == {0, 1} and len(hands) > 6


def test_MEM_INF_04_random_discard_uses_the_seeded_rng():
    """MEM-INF-04: a discard left to chance (timeout: at random) is the same for the same seed and differs over
    seeds."""
    def discarded(seed):
        st = pos({"source": 9, "hand": ["bonfire-of-the-vanities"]},
                 {"hand": ["castor", "pollux", "eureka", "lichen-mat", "oxpecker", "remus"]}, seed=seed)
        act(st, 0, hand_ref(st, 0, "bonfire-of-the-vanities"), "play", "s1", "plain")
        while dec(st).kind != "main":
            d = dec(st)
            GAME.apply(st, d.seat, "random" if d.kind == "discard" else d.default)
        return tuple(x["card"] for x in player(st, 1)["dead"])

    assert discarded(3) == discarded(3) and len(discarded(3)) == 2
    assert len({discarded(s) for s in range(8)}) > 1


def test_MEM_INF_04_new_game_takes_seats_in_order():
    """MEM-INF-04: the seats' names and decks are as given; only the seed decides order and shuffles."""
    seats = [SeatSetup("Ana", starter_seats(GAME, 0, 2)[0].deck), SeatSetup("Ben", starter_seats(GAME, 0, 2)[1].deck)]
    st = GAME.new_game(seats, None, 5)
    b = GAME.view(st, None).board
    assert [p["name"] for p in b["players"]] == ["Ana", "Ben"]
    assert all(p["hand"] == 7 for p in b["players"])
