"""Player words everywhere: every text a player reads over seeded Meta Olympia games (board,
context, private text, prompts, labels, events, unplayable reasons, pictures, result, end lines) holds no
internal code (``tests/player_texts.internal_hits``); every decision kind has a step name in player words; and
``/card`` finds every component of the game (athletes, tactics, sponsors, scrimmage cards, Stage Tiles) with
a readable text."""

from __future__ import annotations

import pytest

from games.metaolympia import GAME
from games.metaolympia.game import STEP_NAMES
from games.metaolympia.pool import pool
from tests.player_texts import INTERNAL_PATTERNS, game_texts, internal_hits

ALL_OPTIONS = {"gambling": True, "wagers": True, "trades": True, "merger": True}

LINE_LOCAL = frozenset({
    r"\b[a-z]{1,4}\d{2,4}(?:\.\d+)+\b", r"(?<![\w/#-])[a-z]{1,3}\d{3}\b", r"(?<![<\w])[a-z]+:[a-z0-9_.:-]+\b",
    r"\bversion\b", r"Engine reading", r"\b[A-Z]{2,5}-GAP-\d+",
    r"\b(?:Decision|Option|Event|View|Result|Seat|Card|Player)\(", r"\bNone\b", r"\b[a-z]+_[a-z_]+\b",
    r"(?<!/rules )(?<![\w-])(?:META|MZ|MX|MEM|MO)-[A-Z]{2,6}-\d{2}\b",
})
"""The patterns of ``INTERNAL_PATTERNS`` that never match a newline and look at most at a newline before or
after a match (a newline counts as a non-word character, as the start or end of a text does): each finds in a
text exactly what it finds in the text's lines, in the same order. The others (the Python repr ``'...'``, whose
``[^']*`` may cross lines, and any pattern added later) are run on the whole text."""


def line_hits(text: str, memo: dict[str, list[list[str]]]) -> list[str]:
    """:func:`tests.player_texts.internal_hits` of ``text``, the same hits in the same order; the line-local
    patterns run once per distinct line (``memo``: line -> its matches per pattern). A board text is some 60
    lines and a game shows about one new line per board."""
    lines = []
    for line in text.split("\n"):
        per = memo.get(line)
        if per is None:
            per = memo[line] = [[m.group(0) for m in p.finditer(line)] if p.pattern in LINE_LOCAL else []
                                for p, _ in INTERNAL_PATTERNS]
        lines.append(per)
    hits = []
    for k, (pattern, what) in enumerate(INTERNAL_PATTERNS):
        found = ([g for per in lines for g in per[k]] if pattern.pattern in LINE_LOCAL
                 else [m.group(0) for m in pattern.finditer(text)])
        hits += [f"{what}: {g!r}" for g in found]
    return hits


def _hits(seed: int, seats: int, options: dict | None = None) -> list[str]:
    out = []
    memo: dict[str, list[list[str]]] = {}
    for where, text in game_texts(GAME, seed, seats, options, pictures_every=40):
        out += [f"{where}: {h} in {text[:160]!r}" for h in line_hits(text, memo)]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_internal_codes_in_player_texts(seats: int) -> None:
    """Seeded games at 2, 3 and 4 teams: no card id, step name, rule or gap tag in anything a player reads
    (a rule ID only as a "/rules" pointer)."""
    assert _hits(seats * 11, seats) == []


@pytest.mark.slow
def test_no_internal_codes_with_every_option_and_the_mega_league() -> None:
    """Gambling, side wagers, trades and mergers at 3 teams, and a five-team Mega League (short) (MO-OPT-01..08)."""
    assert _hits(5, 3, {**ALL_OPTIONS, "short": True}) == []
    assert _hits(6, 5, {"mega": True, "short": True}) == []


def test_line_hits_finds_what_internal_hits_finds() -> None:
    """The per-line search of the playout tests above reports exactly what ``internal_hits`` does: hits at a
    line's start and end, across lines (the Python repr), several per line and none."""
    texts = ["", "clean\ntext", "t011.1 at the start\nand at the end e005\nt:keep_it", "version\nNone\nMO-GAP-3",
             "('a\nb', x) spans lines\n/rules MO-MAT-05 and MO-MAT-05\nsnake_case snake_case",
             "Decision(\nEngine reading\nmz123 x/ab123\n\n", "['ok']\n<t:123:R> ok:fine-1"]
    memo: dict[str, list[list[str]]] = {}
    for text in texts + texts:
        assert line_hits(text, memo) == internal_hits(text), text
    assert sum(map(len, map(internal_hits, texts))) >= 15
    assert LINE_LOCAL < {p.pattern for p, _ in INTERNAL_PATTERNS}


def test_every_decision_kind_has_a_step_name_in_player_words() -> None:
    """The board's "Waiting for Ana (…)" never shows a raw kind such as ``tactic_pick``."""
    from games.metaolympia.rules import CARD_KINDS
    from games.metaolympia.rules.trades import TRADE_KINDS

    for kind in {*STEP_NAMES, *TRADE_KINDS, *CARD_KINDS, "move", "spot", "keep", "dice", "bet", "wager"}:
        name = GAME.step_name(kind)
        assert name != kind and name != kind.replace("_", " ") and not internal_hits(name), (kind, name)
    assert GAME.step_name("tactic_pick") == "keeping a tactic card"
    assert GAME.step_name("trade_discard") == "discarding athletes"


def test_waiting_kinds_over_a_playout_have_step_names() -> None:
    """Every kind a seeded four-team game waits for (options on) has its own step name."""
    seen = set()
    for where, text in game_texts(GAME, 3, 4, ALL_OPTIONS, pictures_every=10_000):
        if where == "waiting":
            seen.add(text)
    assert seen and seen <= set(STEP_NAMES.values())


def test_card_catalog_holds_every_component_with_readable_texts() -> None:
    """``/card`` finds Meta Olympia's athletes, tactics, sponsors, scrimmage cards and Stage
    Tiles, by name, each with a rules text free of internal codes."""
    cat = GAME.card_catalog()
    p = pool()
    groups = {"Athlete": p.athletes, "Tactic": p.tactics, "Sponsor": p.sponsors, "Scrimmage": p.scrimmages,
              "Stage Tile": p.tiles}
    for type_, cards in groups.items():
        assert cards
        for cid, card in cards.items():
            info = cat.lookup(card.name)
            assert info.type == type_ and info.name == card.name, (cid, info)
            assert info.text
            for text in (info.text, info.limit, info.label, *(v for _, v in info.fields)):
                assert internal_hits(text) == [], (cid, text)
    assert len(cat) == sum(len(c) for c in groups.values())
    assert cat.lookup("Argyre Rest Dome").type == "Stage Tile"
