"""The Meta Olympia component pool: the original set's counts, tiers and composition (MO-CMP-01,
MO-SET-03, MO-SET-07, MO-GAP-02, MO-GAP-04, MO-ATH-01), the loader's refusals, the rules texts and the
catalog."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from games.core.carddata import CardDataError
from games.metaolympia import catalog, pool
from games.metaolympia.pool import card_name, kind_of, starters

DATA = Path(__file__).resolve().parents[2] / "data" / "metaolympia"


def test_MO_CMP_01_counts_and_tiers():
    """MO-CMP-01: 50+ athlete designs in Rookie, Pro and All-Star tiers, 30+ tactic cards (copies counted),
    24+ sponsors with majors and minors, 24 scrimmage cards."""
    p = pool.pool()
    assert len(p.athletes) >= 50
    assert {a.tier for a in p.athletes.values()} == {"rookie", "pro", "allstar"}
    tiers = Counter(a.tier for a in p.athletes.values())
    assert tiers["pro"] >= 20 and tiers["allstar"] >= 10 and tiers["rookie"] >= 18
    assert sum(t.copies for t in p.tactics.values()) >= 30 and len(p.tactics) >= 18
    assert len(p.sponsors) >= 24
    majors = [s for s in p.sponsors.values() if s.major]
    assert len(majors) == 10 and all(s.when == "end" for s in majors)
    assert {s.when for s in p.sponsors.values() if not s.major} == {"match", "scrimmage", "end"}
    assert len(p.scrimmages) == 24


def test_MO_SET_03_six_starters_three_defensive_three_offensive():
    """MO-SET-03: exactly six starting Rookie designs, 3 defensive and 3 offensive, with enough copies that
    every player gets the same six; they are Rookies of value 1 with small boosts and no special."""
    p = pool.pool()
    ids = starters()
    assert len(ids) == 6 and ids == [cid for cid, a in p.athletes.items() if a.starter]
    team = [p.athletes[cid] for cid in ids]
    assert Counter(a.type for a in team) == Counter(defensive=3, offensive=3)
    for a in team:
        assert a.tier == "rookie" and a.value == 1 and a.copies >= 4 and not a.special
        assert a.boost4, f"{a.id}: a starter has a 4-Boost"


def test_MO_SET_07_scrimmage_tiers_one_to_four_six_each():
    """MO-SET-07: scrimmage cards carry tiers 1-4, six each; the score to beat and the rewards grow with the
    tier."""
    p = pool.pool()
    by_tier = Counter(s.tier for s in p.scrimmages.values())
    assert by_tier == {1: 6, 2: 6, 3: 6, 4: 6}
    ranges = {1: (0, 1), 2: (1, 2), 3: (2, 3), 4: (3, 4)}
    for s in p.scrimmages.values():
        low, high = ranges[s.tier]
        assert low <= s.score <= high, f"{s.id}: tier {s.tier} score {s.score}"

    def worth(s):
        return s.reward.credits + s.reward.popularity + s.reward.prestige

    for t in (1, 2, 3):
        assert max(worth(s) for s in p.scrimmages.values() if s.tier == t) <= min(
            worth(s) for s in p.scrimmages.values() if s.tier == t + 1) + 1


def test_MO_GAP_02_twelve_tiles_four_per_border_kinds_as_decided():
    """MO-GAP-02: 12 Stage Tiles, 4 per border colour, with the decided kinds per border."""
    tiles = pool.pool().tiles.values()
    assert len(tiles) == 12
    kinds = {b: Counter(t.kind for t in tiles if t.border == b) for b in ("white", "grey", "black")}
    assert kinds["white"] == Counter(fundraise=2, strategize=1, recruit=1)
    assert kinds["grey"] == Counter(recruit=1, strategize=1, fundraise=1, scrimmage=1)
    assert kinds["black"] == Counter(scrimmage=2, recruit=1, freeday=1)
    assert "MO-GAP-02" in (DATA / "tiles.yaml").read_text(encoding="utf-8")


def test_MO_GAP_04_athletes_have_type_and_value_specials_only_on_pro_allstar_reroll_and_medic_exist():
    """MO-GAP-04: every athlete has a type and a value; only Pros and All-Stars have a special (MO-ATH-05);
    every type appears; combos follow their athlete's type (``any`` only on duals); Re-Roll and Medic cards
    exist; every card has a name and flavour."""
    p = pool.pool()
    for a in p.athletes.values():
        assert a.type in ("offensive", "defensive", "dual") and a.value >= 1 and a.name and a.flavor
        if a.special:
            assert a.tier in ("pro", "allstar"), a.id
        if a.combo is not None and a.type != "dual":
            assert a.combo.after == a.type, f"{a.id}: a {a.type} athlete combos after {a.combo.after}"
        if a.combo is not None and a.combo.after == "any":
            assert a.type == "dual", a.id
    assert {a.type for a in p.athletes.values()} == {"offensive", "defensive", "dual"}
    assert any(a.special for a in p.athletes.values() if a.tier == "pro")
    assert sum(bool(a.special) for a in p.athletes.values() if a.tier == "allstar") > 6
    kinds = Counter(t.kind for t in p.tactics.values() for _ in range(t.copies))
    assert kinds["reroll"] >= 3 and kinds["medic"] >= 3
    steps = {k for t in p.tactics.values() for s in t.do for k in s}
    assert steps >= {"goal", "counter", "roll", "boost", "credits", "popularity", "heal", "injure"}


def test_MO_ATH_01_values_increase_with_tier():
    """MO-ATH-01: every Pro is worth more than every Rookie, every All-Star more than every Pro."""
    p = pool.pool()
    values = {t: [a.value for a in p.athletes.values() if a.tier == t] for t in ("rookie", "pro", "allstar")}
    assert max(values["rookie"]) < min(values["pro"])
    assert max(values["pro"]) < min(values["allstar"])


def test_ids_are_unique_and_name_and_kind_lookups_cover_all_files():
    """Ids are unique across the five files; :func:`card_name` and :func:`kind_of` answer for each, and an
    unknown id is a KeyError naming it."""
    p = pool.pool()
    for stem, kind in pool.KINDS.items():
        for cid, card in getattr(p, stem).items():
            assert kind_of(cid) == kind and card_name(cid) == card.name
    with pytest.raises(KeyError, match="no-such-card"):
        card_name("no-such-card")


def test_rules_texts_are_written_from_data():
    """The one-line rules texts name tier, value, type and each ability; tactics, sponsors and scrimmage
    cards say their cost, goal, reward and score."""
    p = pool.pool()
    assert pool.athlete_text(p.athletes["astylos"]) == (
        "Pro · 4 credits · offensive · 4-Boost: +1 goal · 8-Boost: +2 goals · Special: +2 goals · "
        "Combo after an offensive athlete: +1 goal")
    assert "Trait: each Goal scores 1 more" in pool.athlete_text(p.athletes["olympus-mons"])
    assert "Combo after any athlete" in pool.athlete_text(p.athletes["red-horus"])
    assert pool.tactic_text(p.tactics["bicycle-over-phobos"]) == "Tactic · cost 2 credits · +2 goals"
    assert pool.tactic_text(p.tactics["second-breath"]).startswith("Re-Roll · free")
    assert pool.sponsor_text(p.sponsors["canal-street-bookmakers"]) == (
        "Minor sponsor · after a match: win a match by 2 goals or more · 1 prestige, 1 credit")
    assert "score 2: score more to win, equal ties" in pool.scrimmage_text(p.scrimmages["ice-haulers"])
    override = p.athletes["koroibos"].model_copy(update={"text": "Scores when it matters."})
    assert pool.athlete_text(override) == "Scores when it matters."


# -- bad data files ------------------------------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A ``$METAHOST_DATA`` folder holding a copy of the real ``metaolympia`` files; the pool caches are
    cleared before and after, so the real pool is reloaded for the other tests."""
    shutil.copytree(DATA, tmp_path / "metaolympia")
    monkeypatch.setenv("METAHOST_DATA", str(tmp_path))
    caches = (pool.pool, catalog.build_catalog)
    for f in caches:
        f.cache_clear()
    yield tmp_path / "metaolympia"
    monkeypatch.delenv("METAHOST_DATA")
    for f in caches:
        f.cache_clear()


def test_MO_GAP_04_a_bad_entry_is_refused_naming_the_file_and_card(data_copy: Path):
    """MO-GAP-04: a Rookie with a special ability (MO-ATH-05) in a copied ``athletes.yaml`` is refused with a
    CardDataError naming the file and the card."""
    path = data_copy / "athletes.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  boost4: [{goal: 1}]\n  on_play: [{popularity: 1}]\n",
                                 "  boost4: [{goal: 1}]\n  special: [{goal: 2}]\n", 1), encoding="utf-8")
    with pytest.raises(CardDataError) as exc:
        pool.pool()
    msg = str(exc.value)
    assert str(path) in msg and "'cydonia-kid'" in msg and "MO-ATH-05" in msg


def test_MO_SET_03_a_seventh_starter_is_refused(data_copy: Path):
    """MO-SET-03: a set with a seventh starting Rookie is refused, naming the starters found."""
    path = data_copy / "athletes.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  on_play: [{popularity: 1}]\n  copies: 2\n",
                                 "  on_play: [{popularity: 1}]\n  copies: 2\n  starter: true\n", 1),
                    encoding="utf-8")
    with pytest.raises(CardDataError, match=r"exactly 6 starting Rookies.*'cydonia-kid' \(offensive\)"):
        pool.pool()


def test_MO_SET_07_a_missing_tier_and_an_id_used_in_two_files_are_refused(data_copy: Path):
    """MO-SET-07: moving a scrimmage card to another tier breaks the six-per-tier rule; an id used in two
    files is refused naming both files."""
    path = data_copy / "scrimmages.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  tier: 1\n", "  tier: 2\n", 1), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"6 scrimmage cards of each tier.*tier 1: 5, tier 2: 7"):
        pool.pool()
    path.write_text(text.replace("id: hab-yard-kickabout", "id: dust-warden"), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"scrimmages\.yaml: scrimmage 'dust-warden'.*athletes\.yaml"):
        pool.pool()


# -- catalog -------------------------------------------------------------------------------------------


def test_catalog_finds_a_card_by_name():
    """The lookup catalog holds every component in file order with its rules text; names resolve."""
    cat, p = catalog.build_catalog(), pool.pool()
    assert cat.game == "metaolympia"
    assert cat.types() == ["Athlete", "Tactic", "Sponsor", "Scrimmage", "Stage Tile"]
    everything = [c for stem in pool.KINDS for c in getattr(p, stem).values()]
    assert [c.id for c in cat] == [c.id for c in everything]
    assert all(info.label == info.name and info.text for info in cat)
    assert cat.resolve("Olympus Mons").id == "olympus-mons"
    assert cat.lookup("second breth").id == "second-breath"
    assert cat.resolve("Argyre Rest Dome").type == "Stage Tile"
    duals = {c.id for c in cat.search("kind:athlete tier:allstar type:dual", limit=None)}
    assert duals == {a.id for a in p.athletes.values() if a.tier == "allstar" and a.type == "dual"}
    assert "5 copies" in cat.get("dust-warden").limit
