"""The MetaZoo board picture, through the game contract: over seeded games (random and
computer players) sampled every few decisions, the layout stays on the canvas, shows every Caster's LP and
every face-up Arena Page, never names a Chapter or face-down Page (MZ-CORE-08, MZ-TRAP-11) unless that
name is public on the board anyway, and paints to a PNG of the layout's size within 300 KB."""

from __future__ import annotations

import functools
import io
import json

import pytest
from PIL import Image
from test_mz_playouts import new

from bot.picture import board_png
from games.core.layout import Layout
from games.core.players import RandomPlayer
from games.metazoo import GAME as MZ
from games.metazoo.rules import pages

SEEDS = range(10)
EVERY = 9
LIMIT = 600
MAX_PNG_BYTES = 300 * 1024


def positions(seed: int):
    """``(state, spectator view)`` every ``EVERY`` decisions of seeded game ``seed`` (random players for
    even seeds, the computer against itself for odd ones: against random it wins too fast to show Statuses),
    up to ``LIMIT`` decisions, plus the end."""
    st = new(seed)
    players = ([RandomPlayer(seed * 7), RandomPlayer(seed * 7 + 1)] if seed % 2 == 0
               else [MZ.computer(seed), MZ.computer(seed + 1)])
    n = 0
    while n < LIMIT:
        if n % EVERY == 0:
            yield st, MZ.view(st, None)
        open_ = MZ.decisions(st)
        if not open_:
            break
        (d,) = open_
        MZ.apply(st, d.seat, players[d.seat](d, MZ.view(st, d.seat)))
        n += 1
    yield st, MZ.view(st, None)


def hidden_names(st) -> set[str]:
    """Names of Pages no spectator may see: every Chapter, every face-down Arena Page and face-down Page
    under another (MZ-CORE-08, MZ-TRAP-11)."""
    defs = pages.defs_of(st)
    ids = [c for caster in st.casters for c in caster.chapter]
    for ap in st.arena:
        if ap.face_down:
            ids.append(ap.card)
        if ap.trap >= 0:
            ids.append(ap.trap)
    return {defs[c].name for c in ids if defs[c].name}


@functools.cache
def sampled(seed: int) -> tuple[tuple[frozenset[str], object, Layout], ...]:
    """``(hidden names, spectator view, its layout)`` at each position of :func:`positions` for ``seed``: the
    seeded games are played and laid out once per process and shared by the tests below, which only read them."""
    return tuple((frozenset(hidden_names(st)), view, MZ.layout(view)) for st, view in positions(seed))


def of(lay: Layout, src: str) -> list[str]:
    """Texts of the labels showing view element ``src`` or a part of it (``src.lp``), not ``src`` + digits."""
    return [e.text for e in lay.labels(src) if e.source == src or e.source.startswith(src + ".")]


def test_layout_is_a_layout_800_wide():
    """MetaZoo has a board layout on the shared 800 px canvas."""
    lay = MZ.layout(MZ.view(new(1), None))
    assert isinstance(lay, Layout)
    assert lay.width == 800 and lay.height > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_board_picture_shows_public_and_hides_private(seed):
    """MZ-CORE-08, MZ-TRAP-11: nothing off the canvas; every Caster's LP and every face-up
    Arena Page and Terra name in a label; no hidden name in any label unless it is public on the board."""
    hidden_seen = faceup_seen = 0
    for hidden, view, lay in sampled(seed):
        assert lay.outside() == []
        texts = lay.texts()
        shown = "\n".join(texts)
        b = view.board
        for s, c in enumerate(b["casters"]):
            assert f"{c['lp']} LP" in of(lay, f"p{s}.lp"), f"{c['name']}'s LP is not shown"
            assert c["name"] in shown
        for p in b["arena"]:
            if p["face_down"]:
                continue
            faceup_seen += 1
            own = " ".join(of(lay, f"page.{p['uid']}"))
            assert p["name"] in own, f"face-up Page {p['name']} is not in the picture"
            if p["type"] in ("beastie", "artifact"):
                assert f"{p['lp']}/{p['max_lp']} LP" in own
        for i, t in enumerate(b["terra"]):
            if t and not t["face_down"]:
                assert any(t["name"] in e for e in of(lay, f"terra.{i}"))
        board = json.dumps(b, ensure_ascii=False)
        for name in hidden:
            hidden_seen += 1
            if name not in board:
                assert name not in shown, f"hidden Page {name} reached the picture"
    assert hidden_seen > 0 and faceup_seen > 0, "the sampled positions never exercised the checks"


def test_every_chain_entry_and_status_is_in_the_layout():
    """Each open chain entry, each Status Indicator with its Counters and each Equipment
    name of a face-up Page has a label (over seeded games, checked wherever they occur)."""
    chains = statuses = 0
    for seed in SEEDS:
        for _hidden, view, lay in sampled(seed):
            b = view.board
            for k, it in enumerate(b["chain"]):
                chains += 1
                assert it["name"] in " ".join(of(lay, f"chain.{k}"))
            for p in b["arena"]:
                if p["face_down"]:
                    continue
                text = " ".join(of(lay, f"page.{p['uid']}"))
                for i in p["indicators"]:
                    statuses += 1
                    assert i["status"].capitalize() in text
                    if i["counters"]:
                        assert f"({i['counters']})" in text
                for e in p["equipment"]:
                    assert e["name"].split()[0] in text
    assert statuses > 0 and chains > 0


def test_face_down_pages_are_anonymous_dark_cards():
    """MZ-TRAP-11: a face-down Arena Page is drawn as a dark card whose labels say only "face-down" and its
    public handle."""
    found = 0
    for seed in SEEDS:
        for _hidden, view, lay in sampled(seed):
            for p in view.board["arena"]:
                if not p["face_down"]:
                    continue
                found += 1
                texts = of(lay, f"page.{p['uid']}")
                assert texts == ["face-down", f"Page #{p['uid']}"]
    assert found > 0, "no face-down Page in the sampled games"


@pytest.mark.parametrize("seed", [0, 3, 6])
def test_board_png_opens_at_layout_size(seed):
    """The painter: the PNG opens in Pillow at the layout's size and is at most 300 KB."""
    for i, (_hidden, view, lay) in enumerate(sampled(seed)):
        if i % 4:
            continue
        data = board_png(MZ, view)
        assert data is not None and len(data) <= MAX_PNG_BYTES
        img = Image.open(io.BytesIO(data))
        assert img.format == "PNG" and img.size == (lay.width, lay.height)


def test_MZ_WALL_04_derived_sky_is_in_the_picture_and_virtual_shows_none():
    """MZ-WALL-04: a derived table's picture says the mode, the turn's instant and the place
    (what the log's basis lines refer to); a virtual table's picture has no sky line."""
    from games.core.contract import SeatSetup

    decks = MZ.starter_decks()
    seats = [SeatSetup("Ana", decks["ember-dawn"]), SeatSetup("Ben", decks["tide-shadow"])]
    oslo = {"name": "Oslo", "latitude": 59.9139, "longitude": 10.7522, "timezone": "Europe/Oslo"}
    st = MZ.new_game(seats, {"surroundings": "derived", "place": oslo, "clock": 1797883200.0}, 1)
    sky = [x.text for x in MZ.layout(MZ.view(st, None)).elements if getattr(x, "source", "") == "sky"]
    assert " ".join(sky) == "Sky (derived): 2026-12-21T20:00Z in Oslo"
    plain = MZ.new_game(seats, None, 1)
    assert not [x for x in MZ.layout(MZ.view(plain, None)).elements if getattr(x, "source", "") == "sky"]


# -- a picture that reads at a glance ------------------------------------------------------------------------


def _pos_view(p0, p1):
    from mz_helpers import pos

    return MZ.view(pos(p0, p1), None)


def test_picture_the_arena_is_labelled_apart_from_chapter_and_cemetery():
    """Each Caster's Arena has its own heading ("Ana's Arena: 2 Pages"), a separate label from
    the Chapter and Cemetery counts."""
    lay = MZ.layout(_pos_view({"arena": ["ember-imp", "kappa"], "chapter": ["kappa"]}, {}))
    arena = [lab.text for lab in lay.labels("p0.arena")]
    assert arena == ["Ana's Arena: 2 Pages"]
    assert [lab.text for lab in lay.labels("p1.arena")] == ["Ben's Arena: no Pages"]
    assert [lab.text for lab in lay.labels("p0.chapter")] == ["Chapter 1"]
    assert [lab.text for lab in lay.labels("p0.spellbook")] == ["Spellbook 10"]
    assert not any("Arena" in lab.text for lab in lay.labels("p0.chapter"))


def test_picture_lp_bars_share_one_scale_so_different_lp_looks_different():
    """LP bars scale to the higher of the starting 1000 and the highest LP on the board, so a
    Caster at 1100 LP (an Effect raised the maximum) and one at 1000 do not both show a full bar."""
    from mz_helpers import pos

    st = pos({}, {})
    st.casters[0].max_lp = 1100
    lay = MZ.layout(MZ.view(st, None))
    bars = {e.source: e for e in lay.elements if type(e).__name__ == "Bar"}
    a, b = bars["p0.lp"], bars["p1.lp"]
    assert (a.value, a.maximum) == (1100, 1100) and (b.value, b.maximum) == (1000, 1100)
    st = pos({}, {"lp": 400})
    bars = {e.source: e for e in MZ.layout(MZ.view(st, None)).elements if type(e).__name__ == "Bar"}
    assert bars["p0.lp"].maximum == bars["p1.lp"].maximum == 1000


def test_picture_the_legend_says_what_is_drawn_and_the_footer_names_steps_in_words():
    """A legend describes the bars, cards and slots; "Waiting for" names the step in words."""
    lay = MZ.layout(_pos_view({"arena": ["ember-imp"]}, {}))
    legend = " ".join(lab.text for lab in lay.labels("legend"))
    assert "LP out of 1000" in legend and "face-down" in legend and "Fatigued" in legend
    assert [lab.text for lab in lay.labels("waiting")] == ["Waiting for Ana (taking Actions)"]
    from tests.player_texts import internal_hits

    assert not [h for text in lay.texts() for h in internal_hits(text)]
    assert not [t for t in lay.texts() if " mat" in t.lower() or "(out)" in t]
