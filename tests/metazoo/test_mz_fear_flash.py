"""Fear and Flash (MZ-FEAR-01, MZ-FLASH-01, MZ-GAP-58, MZ-GAP-46) through the contract; each flip is checked
against the logged result over several seeds, and both outcomes must occur."""

from __future__ import annotations

from mz_helpers import decision, go, ids, names, page, pos, public, uid_of


def both(run):
    seen = set()
    for seed in range(40):
        seen.add(run(seed))
        if len(seen) == 2:
            return
    raise AssertionError("the flip never came up both ways")


def test_MZ_FEAR_01_heads_returns_the_target():
    """MZ-FEAR-01, MZ-GAP-58: the optional Fear target is chosen on Contracting; after the Beastie enters, a flip:
    heads, the target returns to its owner's Chapter. No target is also allowed."""
    def run(seed):
        st = pos({"chapter": ["bogeyman"], "aura": {"dark": 1, "flame": 1}}, {"arena": ["woodwose"]}, seed=seed)
        w = uid_of(st, "woodwose")
        go(st, 0, "play:bogeyman")
        assert set(ids(st, 0)) == {f"target:u{w}", "target:none", "back"}
        go(st, 0, f"target:u{w}")
        text = public(go(st, 1, "pass"))
        heads = "heads" in text.split("Fear on")[1][:40]
        assert (names(st, st.casters[1].chapter) == ["woodwose"]) == heads
        assert page(st, uid_of(st, "bogeyman")) is not None
        return heads
    both(run)
    st = pos({"chapter": ["bogeyman"], "aura": {"dark": 2}}, {"arena": ["woodwose"]})
    go(st, 0, "play:bogeyman", "target:none")
    assert "Fear on" not in public(go(st, 1, "pass"))


def test_MZ_FLASH_01_target_cannot_attack_until_end_of_its_next_turn():
    """MZ-FLASH-01, MZ-GAP-46: heads, the target's controller cannot declare Attacks with it until the end of
    their next turn."""
    def run(seed):
        st = pos({"chapter": ["firebird"], "aura": {"flame": 2}}, {"arena": ["woodwose"]}, seed=seed)
        w = uid_of(st, "woodwose")
        go(st, 0, "play:firebird", f"target:u{w}")
        text = public(go(st, 1, "pass"))
        heads = "heads" in text.split("Flash on")[1][:40]
        go(st, 0, "end", "pass")
        go(st, 1, "pass")
        go(st, 1, "pass")
        go(st, 0, "pass")
        assert decision(st, 1).kind == "actions"
        assert (f"attack:{w}:0" in ids(st, 1)) != heads
        go(st, 1, "end", "pass")
        go(st, 0, "pass")
        assert not any(f.startswith("flashed") for f in page(st, w).flags)
        return heads
    both(run)
