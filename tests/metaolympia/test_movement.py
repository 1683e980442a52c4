"""Meta Olympia turn order, game structure, movement on the stage tracks and the post-Tournament reset:
MO-ORD-01..05, MO-STR-01..03, MO-MOV-01..07, MO-RST-01..02 and the gaps MO-GAP-01, -03, -06, -07, -08, -18,
-21 (layout) and -24 (movement and spots), through the game contract (``GAME.position`` for set positions with
loaded dice, seeded ``GAME.new_game`` otherwise)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.contract import NotYourDecision, SeatSetup, StaleChoice
from games.metaolympia import GAME
from games.metaolympia.game import DEFAULT_TEAMS

# Fundraise, Strategize, Scrimmage (white, grey, black): with the position's empty decks, landing gives 3 credits,
# nothing, nothing, without a decision (MO-GAP-19), so the movement tests only see move and spot decisions.
QUIET = ["tharsis-fundraiser-gala", "noctis-war-room", "valles-proving-grounds"]
TRACKS = [QUIET] * 4


def seats(n: int) -> list[SeatSetup]:
    return [SeatSetup(f"P{i}") for i in range(n)]


def position(n: int, players=None, **spec):
    spec.setdefault("tracks", TRACKS)
    if players is not None:
        spec["players"] = players
    return GAME.position(spec, seats(n), 7)


def decision(st):
    ds = GAME.decisions(st)
    assert len(ds) == 1
    return ds[0]


def ids(d) -> list[str]:
    return [o.id for o in d.options]


def go(st, seat: int, choice: str):
    d = decision(st)
    assert d.seat == seat, f"expected seat {seat} to decide, {d.seat} does ({d.kind})"
    return GAME.apply(st, seat, choice)


def board(st):
    return GAME.view(st, None).board


def first_option(st) -> None:
    d = decision(st)
    GAME.apply(st, d.seat, GAME.timeout_choice(st, d))


def roll_lines(st) -> list[list[tuple[str, str]]]:
    """The posted start rolls: for each round, (team, face) in the order posted."""
    out = []
    for e in GAME.intro(st):
        if e.text.startswith("Start roll: "):
            body = e.text[len("Start roll: "):].rstrip(".")
            out.append([tuple(part.rsplit(" ", 1)) if not part.endswith("-Boost") and "Special" not in part
                        else _split_face(part) for part in body.split(", ")])
    return out


def _split_face(part: str) -> tuple[str, str]:
    for face in ("4-Boost", "8-Boost", "Special Ability"):
        if part.endswith(" " + face):
            return part[: -len(face) - 1], face
    raise AssertionError(part)


# ---------------------------------------------------------------- 3. Turn order

def test_MO_ORD_01_MO_ORD_02_MO_ORD_04_the_one_goal_goes_first_then_clockwise():
    """MO-ORD-01, MO-ORD-02, MO-ORD-04: each team rolls one die (posted); the one GOAL goes first and the order
    runs on clockwise (seat order) from it."""
    st = position(4, start_roll=True, dice=["counter", "injury", "goal", "boost4"])
    assert roll_lines(st) == [[(DEFAULT_TEAMS[0], "Counter"), (DEFAULT_TEAMS[1], "Injury"),
                               (DEFAULT_TEAMS[2], "Goal"), (DEFAULT_TEAMS[3], "4-Boost")]]
    assert board(st)["order"] == [2, 3, 0, 1]
    d = decision(st)
    assert d.seat == 2 and d.kind == "move"


def test_MO_ORD_03_several_goals_roll_off_among_themselves_only():
    """MO-ORD-03: seats 0, 2 and 3 roll GOAL: only they roll again; then 1 and 3 of them... until exactly one
    GOAL; a roll-off round without a GOAL is rolled again by the same teams only."""
    st = position(4, start_roll=True, dice=["goal", "counter", "goal", "goal",  # round 1: 0, 2, 3 roll off
                                            "goal", "special", "goal",  # round 2: 0 and 3 roll off
                                            "counter", "injury",  # round 3: no GOAL: 0 and 3 again
                                            "boost8", "goal"])  # round 4: seat 3 goes first
    rounds = roll_lines(st)
    teams = [[t for t, _ in r] for r in rounds]
    t = DEFAULT_TEAMS
    assert teams == [[t[0], t[1], t[2], t[3]], [t[0], t[2], t[3]], [t[0], t[3]], [t[0], t[3]], ][:len(teams)]
    assert len(rounds) == 4 and rounds[3] == [(t[0], "8-Boost"), (t[3], "Goal")]
    assert board(st)["order"] == [3, 0, 1, 2]
    assert decision(st).seat == 3


def test_MO_GAP_06_no_goal_at_all_everyone_rolls_again():
    """MO-GAP-06: nobody rolls GOAL: everyone rolls again."""
    st = position(3, start_roll=True, dice=["counter", "injury", "special", "counter", "counter", "goal"])
    rounds = roll_lines(st)
    assert [len(r) for r in rounds] == [3, 3]
    assert any("No GOAL: everyone rolls again." == e.text for e in GAME.intro(st))
    assert board(st)["order"] == [2, 0, 1]


def test_MO_ORD_01_MO_ORD_03_MO_GAP_06_seeded_start_rolls_are_posted_and_consistent():
    """MO-ORD-01..04, MO-GAP-06 over 200 seeded new games of 3 and 4 teams: every round of the start roll is
    posted; the first round is everyone's; after several GOALs only those teams roll; after none the same
    teams roll again; the last round has exactly one GOAL, whose team goes first, the rest clockwise. The same
    seed gives the same rolls; seeds differ."""
    seen_rolloff = seen_none = 0
    intros = set()
    for seed in range(200):
        n = 3 + seed % 2
        st = GAME.new_game(seats(n), None, seed)
        rounds = roll_lines(st)
        names = [p["team"] for p in board(st)["players"]]
        assert [t for t, _ in rounds[0]] == names
        for prev, cur in zip(rounds, rounds[1:], strict=False):
            goals = [t for t, f in prev if f == "Goal"]
            assert len(goals) != 1
            if goals:
                seen_rolloff += 1
                assert [t for t, _ in cur] == goals
            else:
                seen_none += 1
                assert [t for t, _ in cur] == [t for t, _ in prev]
        last_goals = [t for t, f in rounds[-1] if f == "Goal"]
        assert len(last_goals) == 1
        first = names.index(last_goals[0])
        assert board(st)["order"] == [(first + i) % n for i in range(n)]
        assert decision(st).seat == first
        again = GAME.new_game(seats(n), None, seed)
        assert [e.text for e in GAME.intro(again)] == [e.text for e in GAME.intro(st)]
        intros.add(tuple(e.text for e in GAME.intro(st)))
    assert seen_rolloff > 10 and seen_none > 10 and len(intros) > 150


def test_MO_GAP_01_MO_CMP_03_die_faces_of_the_posted_rolls():
    """MO-GAP-01, MO-CMP-03, MO-DIE-01: the posted start rolls of 400 seeded games show the six faces in the
    proportions of the face table: Goal 3, Counter 3, 4-Boost 2, 8-Boost 2, Special Ability 1, Injury 1 of 12."""
    faces: Counter = Counter()
    for seed in range(400):
        st = GAME.new_game(seats(4), None, seed)
        faces.update(f for r in roll_lines(st) for _, f in r)
    total = sum(faces.values())
    assert set(faces) == {"Goal", "Counter", "4-Boost", "8-Boost", "Special Ability", "Injury"}
    want = {"Goal": 3, "Counter": 3, "4-Boost": 2, "8-Boost": 2, "Special Ability": 1, "Injury": 1}
    for f, k in want.items():
        assert abs(faces[f] / total - k / 12) < 0.025, (f, faces[f], total)


def test_MO_ORD_05_stage_1_moves_start_in_turn_order():
    """MO-ORD-05, MO-GAP-08: at the start line of Stage 1 the teams move in turn order (each goes straight to
    the end here, so the next at the start line moves next)."""
    st = position(4, start_roll=True, dice=["counter", "goal", "counter", "injury"])
    assert board(st)["order"] == [1, 2, 3, 0]
    movers = []
    while decision(st).kind in ("move", "spot"):
        d = decision(st)
        if d.kind == "move":
            movers.append(d.seat)
            GAME.apply(st, d.seat, "end")
        else:
            GAME.apply(st, d.seat, d.options[0].id)
    assert movers == [1, 2, 3, 0]
    assert [p["arrival"] for p in board(st)["players"]] == [3, 0, 1, 2]


# ---------------------------------------------------------------- 4. Game structure, 14. Reset

def _phases(n: int, seed: int, options=None):
    st = GAME.new_game(seats(n), options, seed)
    seq = [(0, "preseason")]
    log = [e.text for e in GAME.intro(st)]
    while GAME.result(st) is None:
        d = decision(st)
        log += [e.text for e in GAME.apply(st, d.seat, GAME.timeout_choice(st, d))]
        b = board(st)
        if (b["stage"], b["phase"]) != seq[-1]:
            seq.append((b["stage"], b["phase"]))
    return st, seq, log


@pytest.mark.parametrize("n", [2, 3, 4])
def test_MO_STR_01_MO_STR_02_MO_STR_03_MO_RST_02_four_stages_then_final_scoring(n):
    """MO-STR-01, MO-STR-02, MO-STR-03, MO-RST-02: four stages, each a Pre-Season then a Tournament; Stages 1-3 end with a regular
    Tournament, Stage 4 with the Final Championship; then final scoring names the winner."""
    st, seq, log = _phases(n, 3)
    assert seq == [(0, "preseason"), (0, "tournament"), (1, "preseason"), (1, "tournament"), (2, "preseason"),
                   (2, "tournament"), (3, "preseason"), (3, "tournament"), (3, "over")]
    starts = [t for t in log if t.startswith(("Tournament: ", "Final Championship"))]
    assert len(starts) == 4 and all(t.startswith("Tournament: ") for t in starts[:3])
    assert starts[3].startswith("Final Championship")
    if n == 4:
        assert all(t.count("(Home) v") == 2 for t in starts[:3])
        assert "round robin of 6 matches" in starts[3]
    if n == 3:
        assert "round robin of 3 matches" in starts[3]
    if n == 2:
        assert all("best of 3" in t for t in starts[:3]) and "best of 5" in starts[3]
    res = GAME.result(st)
    assert res is not None and res.reason == "prestige" and res.winners
    b = board(st)
    assert b["scores"] is not None and set(map(int, b["scores"])) == set(range(n))
    assert decision_count(st) == 0


def decision_count(st) -> int:
    return len(GAME.decisions(st))


def test_MO_STR_01_MO_OPT_03_fewer_stages_two_tournaments():
    """MO-STR-01, MO-STR-02 with MO-OPT-03: with fewer stages the game has two stages, Stage 2 ending with the Final
    Championship."""
    st, seq, log = _phases(3, 5, {"short": True})
    assert seq == [(0, "preseason"), (0, "tournament"), (1, "preseason"), (1, "tournament"), (1, "over")]
    starts = [t for t in log if t.startswith(("Tournament: ", "Final Championship"))]
    assert len(starts) == 2 and starts[1].startswith("Final Championship")


def _all_to_end(st, spots=None) -> list[int]:
    """Everyone goes straight to the end; spots from ``spots`` (seat -> spot) or the first free. Returns the movers."""
    movers = []
    while decision(st).kind in ("move", "spot"):
        d = decision(st)
        if d.kind == "move":
            movers.append(d.seat)
            GAME.apply(st, d.seat, "end")
        else:
            GAME.apply(st, d.seat, f"spot:{spots[d.seat]}" if spots else d.options[0].id)
    return movers


def _play_to_next_stage(st) -> None:
    stage = board(st)["stage"]
    while board(st)["stage"] == stage:
        first_option(st)


def test_MO_RST_01_MO_GAP_08_next_stage_starts_in_reverse_order_of_arrival():
    """MO-RST-01, MO-GAP-08: the arrivals at the end of Stage 1 are seats 1, 2, 0, 3; Stage 2 starts with the
    last to arrive: 3, then 0, 2, 1 — and Stage 3 reverses Stage 2's arrivals again."""
    st = position(4)
    go(st, 0, "tile:0")
    go(st, 1, "end")
    go(st, 1, "spot:0")
    go(st, 2, "end")
    go(st, 2, "spot:1")
    go(st, 3, "tile:0")
    go(st, 0, "end")
    go(st, 0, "spot:2")
    go(st, 3, "end")  # the last free spot is taken without asking
    assert [p["arrival"] for p in board(st)["players"]] == [2, 0, 1, 3]
    assert [p["spot"] for p in board(st)["players"]] == [2, 0, 1, 3]
    _play_to_next_stage(st)
    b = board(st)
    assert b["stage"] == 1 and b["phase"] == "preseason" and all(p["pos"] == -1 for p in b["players"])
    assert _all_to_end(st) == [3, 0, 2, 1]
    _play_to_next_stage(st)
    assert _all_to_end(st) == [1, 2, 0, 3]


def test_MO_RST_02_every_stage_starts_with_a_pre_season_at_the_start_line():
    """MO-RST-02: after each of the first three Tournaments the teams stand at the start line of the next
    stage's track, spots and arrivals cleared; after the fourth the game is over."""
    st = position(3)
    for stage in range(4):
        b = board(st)
        assert b["stage"] == stage and b["phase"] == "preseason"
        assert [(p["pos"], p["spot"], p["arrival"]) for p in b["players"]] == [(-1, -1, -1)] * 3
        _all_to_end(st)
        assert board(st)["phase"] == "tournament"
        while GAME.result(st) is None and board(st)["stage"] == stage:
            first_option(st)
    assert GAME.result(st) is not None


# ---------------------------------------------------------------- 5. Movement

def test_MO_MOV_01_MO_MOV_07_forward_only_any_later_tile_or_the_end():
    """MO-MOV-01, MO-MOV-07: from the start line every tile and the end are listed; from tile 2 (index 1)
    only tile 3 and the end: never the tile itself or one behind; skipping is allowed."""
    st = position(3, players=[{"pos": 1}, {"pos": 1, "stamp": 5}, {}])
    d = decision(st)
    assert d.seat == 2 and d.kind == "move" and ids(d) == ["tile:0", "tile:2", "end"]  # tile 1 is full
    go(st, 2, "tile:2")
    d = decision(st)
    assert d.seat == 0 and ids(d) == ["tile:2", "end"]
    assert [o.label for o in d.options] == ["Valles Proving Grounds — Scrimmage", "Go to the end of the stage "
                                                                                  "(Match Up)"]


def test_MO_MOV_07_an_illegal_destination_is_refused_and_changes_nothing():
    """MO-MOV-07: a tile behind, the own tile or another seat's turn are refused with a clear message and the
    state is unchanged."""
    st = position(3, players=[{"pos": 1}, {"pos": 2}, {"pos": 1, "stamp": 9}])
    assert ids(decision(st)) == ["tile:2", "end"]
    before = GAME.to_json(st) if hasattr(GAME, "to_json") else None
    v0 = GAME.version(st)
    for bad in ("tile:0", "tile:1", "tile:7", "spot:0"):
        with pytest.raises(StaleChoice) as err:
            GAME.apply(st, 0, bad)
        assert "tile:2" in str(err.value) and "end" in str(err.value)
    with pytest.raises(NotYourDecision):
        GAME.apply(st, 1, "end")
    assert GAME.version(st) == v0 and board(st)["players"][0]["pos"] == 1
    if before is not None:
        assert GAME.to_json(st) == before


def test_MO_MOV_02_two_teams_per_tile_in_3_and_4_team_games():
    """MO-MOV-02: with 3-4 teams a tile holds two: a tile with one team is listed, a tile with two is not."""
    st = position(4, players=[{"pos": 0}, {"pos": 0, "stamp": 3}, {"pos": 1}, {}])
    assert board(st)["capacity"] == 2
    d = decision(st)
    assert d.seat == 3 and ids(d) == ["tile:1", "tile:2", "end"]
    go(st, 3, "tile:1")
    d = decision(st)
    assert d.seat == 0 and ids(d) == ["tile:2", "end"]  # tile 1 now holds two


def test_MO_MOV_02_one_team_per_tile_in_2_team_games():
    """MO-MOV-02: with 2 teams a tile holds one: the opponent's tile is not listed."""
    st = position(2, players=[{}, {"pos": 1}])
    assert board(st)["capacity"] == 1
    d = decision(st)
    assert d.seat == 0 and ids(d) == ["tile:0", "tile:2", "end"]
    go(st, 0, "tile:0")
    go(st, 0, "tile:2")  # still the one furthest back
    d = decision(st)
    assert d.seat == 1 and ids(d) == ["end"]  # tile 2 is taken


def test_MO_MOV_03_a_tile_resolves_at_once_on_landing():
    """MO-MOV-03: landing on Fundraise asks the lander at once (before anyone else moves); with no sponsor left
    the 3 credits are paid in the landing itself."""
    st = position(3, sponsor_deck=["arcadia-ironworks", "kasei-express"])
    go(st, 0, "tile:0")
    d = decision(st)
    assert d.seat == 0 and d.kind == "fundraise" and ids(d) == ["credits", "sponsor"]
    go(st, 0, "credits")
    assert board(st)["players"][0]["credits"] == 6
    st = position(3)
    ev = go(st, 0, "tile:0")
    assert board(st)["players"][0]["credits"] == 6
    assert any("raises 3 credits" in e.text for e in ev)
    assert decision(st).seat == 1 and decision(st).kind == "move"


def test_MO_MOV_04_the_team_furthest_back_moves_next():
    """MO-MOV-04: the team in the last position moves; after it moves past others, the next one furthest back."""
    st = position(4, players=[{"pos": 1}, {"pos": 0}, {"pos": 2}, {}])
    order = []
    for _ in range(4):
        d = decision(st)
        order.append((d.seat, board(st)["players"][d.seat]["pos"]))
        GAME.apply(st, d.seat, "end")
        if decision(st).kind == "spot":
            first_option(st)
    assert order == [(3, -1), (1, 0), (0, 1), (2, 2)]


def test_MO_GAP_08_on_one_tile_the_earlier_arrival_moves_first():
    """MO-GAP-08: two teams on one tile: the one that arrived there first moves first (here seat 2, which
    landed before seat 0)."""
    st = position(3)
    go(st, 0, "tile:2")
    go(st, 1, "tile:0")
    go(st, 2, "tile:0")  # seats 1 and 2 on tile 0, seat 1 first
    assert decision(st).seat == 1
    go(st, 1, "tile:1")
    go(st, 2, "tile:1")  # tile 1: seat 1 then seat 2
    assert decision(st).seat == 1
    st = position(3, players=[{"pos": 1, "stamp": 9}, {"pos": 2}, {"pos": 1, "stamp": 4}])
    assert decision(st).seat == 2


def test_MO_MOV_05_MO_GAP_07_skip_to_the_end_then_wait():
    """MO-MOV-05, MO-GAP-07: a team may go from the start line straight to the end; once there it gets no more
    moves while the others finish; the end has no capacity (all teams, even with a 2-team game's capacity of
    1); the Tournament starts when the last one is in."""
    for n in (2, 4):
        st = position(n)
        go(st, 0, "end")
        go(st, 0, "spot:0")
        movers = []
        while board(st)["phase"] == "preseason":
            d = decision(st)
            assert d.seat != 0
            if d.kind == "move":
                movers.append(d.seat)
                assert "end" in ids(d)
                GAME.apply(st, d.seat, d.options[0].id)  # the nearest tile: everyone else walks every tile
            else:
                GAME.apply(st, d.seat, d.options[0].id)
        assert len(movers) >= 3 * (n - 1) and all(p["pos"] == 3 for p in board(st)["players"])
        assert board(st)["phase"] == "tournament"


def test_MO_MOV_06_MO_GAP_03_first_arrival_chooses_from_every_spot():
    """MO-MOV-06, MO-GAP-03: one Match Up spot per team; the first to arrive chooses among all, the next among
    those left, the last takes the last spot without a choice; spots 1-2 and 3-4 are brackets and the lower
    spot is Home."""
    st = position(4)
    go(st, 0, "end")
    d = decision(st)
    assert d.kind == "spot" and d.seat == 0 and ids(d) == ["spot:0", "spot:1", "spot:2", "spot:3"]
    assert [o.label for o in d.options] == ["Spot 1 (Home, bracket 1)", "Spot 2 (Away, bracket 1)",
                                            "Spot 3 (Home, bracket 2)", "Spot 4 (Away, bracket 2)"]
    go(st, 0, "spot:2")
    go(st, 1, "end")
    assert ids(decision(st)) == ["spot:0", "spot:1", "spot:3"]
    go(st, 1, "spot:3")
    go(st, 2, "end")
    assert ids(decision(st)) == ["spot:0", "spot:1"]
    go(st, 2, "spot:1")
    ev = go(st, 3, "end")
    assert any("takes Match Up spot 1" in e.text for e in ev)
    b = board(st)
    assert [p["spot"] for p in b["players"]] == [2, 3, 1, 0]
    assert [(m["home"], m["away"]) for m in b["bracket"]] == [(3, 2), (0, 1)]
    assert b["contest"] is not None and b["contest"]["home"] == 3 and b["contest"]["away"] == 2


def test_MO_GAP_03_three_teams_two_play_the_third_waits():
    """MO-GAP-03: three spots for three teams; spots 1-2 are a bracket (spot 1 Home), spot 3 waits for the loser
    of the first match."""
    st = position(3)
    go(st, 0, "end")
    d = decision(st)
    assert [o.label for o in d.options] == ["Spot 1 (Home, bracket 1)", "Spot 2 (Away, bracket 1)",
                                            "Spot 3 (Away, waits for the loser of the first match)"]
    go(st, 0, "spot:2")
    go(st, 1, "end")
    go(st, 1, "spot:1")
    go(st, 2, "end")
    b = board(st)
    assert [(m["home"], m["away"]) for m in b["bracket"]] == [(2, 1), (-1, 0)]


def test_MO_GAP_24_timeouts_take_the_nearest_tile_and_the_first_free_spot():
    """MO-GAP-24: a move times out to the nearest tile (the first destination listed), a spot to the first free
    one, a Fundraise to the credits."""
    st = position(3, players=[{}, {"pos": 0}, {"pos": 0, "stamp": 9}],
                 sponsor_deck=["arcadia-ironworks", "kasei-express"])
    d = decision(st)
    assert d.seat == 0 and GAME.timeout_choice(st, d) == "tile:1"  # tile 0 is full
    GAME.apply(st, 0, "end")
    d = decision(st)
    assert d.kind == "spot" and GAME.timeout_choice(st, d) == "spot:0"
    GAME.apply(st, 0, "spot:0")
    d = decision(st)
    assert d.seat == 1 and GAME.timeout_choice(st, d) == "tile:1"
    GAME.apply(st, 1, "end")
    d = decision(st)
    assert d.kind == "spot" and GAME.timeout_choice(st, d) == "spot:1"
    GAME.apply(st, 1, "spot:1")
    GAME.apply(st, 2, "tile:2")
    assert decision(st).kind == "move"  # no sponsor tile on this track; a Fundraise from a position:
    st = position(3, land={"seat": 0, "tile": 0}, sponsor_deck=["arcadia-ironworks", "kasei-express"])
    d = decision(st)
    assert d.kind == "fundraise" and GAME.timeout_choice(st, d) == "credits"


# ---------------------------------------------------------------- supply and layout gaps

def test_MO_GAP_18_MO_CMP_04_a_gain_stops_when_the_supply_is_empty():
    """MO-GAP-18, MO-CMP-04: 40 credits in all: with 38 held, a Fundraise pays 2 of 3 and the log says the
    supply is out; in the Mega League (80) it pays all 3."""
    players = [{"credits": 12}, {"credits": 12}, {"credits": 12}, {"credits": 2, "stamp": -9}]
    st = position(4, players=players)
    assert board(st)["supply"]["credits"] == 2
    ev = go(st, 3, "tile:0")
    assert board(st)["players"][3]["credits"] == 4 and board(st)["supply"]["credits"] == 0
    assert any("credits supply is out" in e.text and "gets 2 of 3" in e.text for e in ev)
    st = position(4, players=players, options={"mega": True})
    go(st, 3, "tile:0")
    assert board(st)["players"][3]["credits"] == 5 and board(st)["supply"]["credits"] == 80 - 41


def test_MO_GAP_18_supply_at_set_up_and_doubled_in_the_mega_league():
    """MO-GAP-18, MO-CMP-04: the supply left after set-up is 40/24/24 minus what the teams received (3 credits
    and 1 popularity each); doubled in the Mega League."""
    b = board(GAME.new_game(seats(4), None, 1))
    assert b["supply"] == {"credits": 40 - 12, "popularity": 24 - 4, "prestige": 24}
    b = board(GAME.new_game(seats(6), {"mega": True}, 1))
    assert b["supply"] == {"credits": 80 - 18, "popularity": 48 - 6, "prestige": 48}


def _borders(track) -> Counter:
    return Counter(t["border"] for t in track)


@pytest.mark.parametrize(("n", "options", "stages", "per"), [
    (3, {"short": True}, 2, 2), (5, {"mega": True}, 4, 2), (6, {"mega": True, "short": True}, 2, 4)])
def test_MO_GAP_21_fewer_stages_and_mega_league_layouts(n, options, stages, per):
    """MO-GAP-21 (layout), MO-OPT-03, MO-OPT-05: fewer stages: two tracks of six tiles, two of each border;
    Mega League: four tracks of six (two of each); both: two tracks of twelve (four of each); every tile of the
    set(s) used once."""
    for seed in range(5):
        b = board(GAME.new_game(seats(n), options, seed))
        assert b["stages"] == stages == len(b["tracks"])
        for tr in b["tracks"]:
            assert _borders(tr) == {"white": per, "grey": per, "black": per}
        used = Counter(t["id"] for tr in b["tracks"] for t in tr)
        sets = 2 if options.get("mega") else 1
        assert len(used) == 12 and set(used.values()) == {sets}


def test_MO_MOV_01_a_team_on_the_last_tile_can_only_go_to_the_end():
    """MO-MOV-01: no staying: from the last tile the only move is to the end."""
    st = position(3, players=[{"pos": 2}, {"pos": 2, "stamp": 5}, {"pos": 1}])
    d = decision(st)
    assert d.seat == 2 and ids(d) == ["end"]
