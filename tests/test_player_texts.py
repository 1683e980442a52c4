"""The internal-code check of the player-words tests (:func:`tests.player_texts.internal_hits`) finds each
kind of internal code, also with the quick pre-checks that skip texts which cannot hold one."""

from __future__ import annotations

import pytest

from tests.player_texts import _NEEDS, INTERNAL_PATTERNS, _may_match, internal_hits

# one text per pattern of INTERNAL_PATTERNS, in order
EXAMPLES = ("You drew t011.1.", "Card abc123 is in play.", "Pick mh:l:x now", "The version is 2.",
            "Engine reading: 3", "See MEM-GAP-28.", "Decision(seat=1)", "['a']", "seat None", "a snake_case name",
            "bare MZ-TURN-10 here")


@pytest.mark.parametrize("i", range(len(INTERNAL_PATTERNS)))
def test_each_internal_code_is_found_past_its_quick_check(i):
    pattern, what = INTERNAL_PATTERNS[i]
    text = EXAMPLES[i]
    assert pattern.search(text), (what, text)
    assert _may_match(_NEEDS[i], text), (what, text)
    assert any(hit.startswith(f"{what}: ") for hit in internal_hits(text)), (what, text)


def test_a_clean_text_has_no_hits():
    assert internal_hits("Ana plays Lucky Cat: +2 life. See /rules MZ-TURN-10.") == []
