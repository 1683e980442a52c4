"""Card data files (:func:`games.core.carddata.load_yaml`): parsed strictly, and a broken file's error names
the file, the line and column, and what was expected (PyYAML's own words)."""

from __future__ import annotations

import pytest

from games.core.carddata import CardDataError, load_yaml


def test_a_card_file_parses_to_its_data(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - id: a001\n    stats: {strength: 3, speed: 5}\n    tags: [x, 'y']\n", encoding="utf-8")
    assert load_yaml(path) == {"cards": [{"id": "a001", "stats": {"strength": 3, "speed": 5}, "tags": ["x", "y"]}]}


@pytest.mark.parametrize(("text", "message"), [
    pytest.param("stats: {strength: 3, strength: 5}\n",
                 r"cards\.yaml: the key 'strength' is repeated in one mapping\n"
                 r"  in \".*cards\.yaml\", line 1, column 22$", id="a key repeated in one mapping"),
    pytest.param("cards:\n  - id: [a001\n    name: x\n",
                 r"(?s)cards\.yaml: while parsing a flow sequence\n.*line 2, column 9\n"
                 r"expected ',' or '\]', but got ':'\n.*line 3, column 9$", id="a broken flow sequence"),
])
def test_a_refused_file_names_itself_its_line_and_what_is_wrong(tmp_path, text, message):
    """A key repeated in one mapping and a broken file are refused with the file, the line and column, and
    what was expected (PyYAML's words), whichever parser read the file first."""
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError, match=message):
        load_yaml(path)
