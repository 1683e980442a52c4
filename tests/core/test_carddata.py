"""Card data files (:func:`games.core.carddata.load_yaml`): parsed strictly, and a broken file's error names
the file, the line and column, and what was expected (PyYAML's own words)."""

from __future__ import annotations

import pytest

from games.core.carddata import CardDataError, load_yaml


def test_a_card_file_parses_to_its_data(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - id: a001\n    stats: {strength: 3, speed: 5}\n    tags: [x, 'y']\n", encoding="utf-8")
    assert load_yaml(path) == {"cards": [{"id": "a001", "stats": {"strength": 3, "speed": 5}, "tags": ["x", "y"]}]}


def test_a_key_repeated_in_one_mapping_is_refused_with_its_line(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("stats: {strength: 3, strength: 5}\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"cards\.yaml: the key 'strength' is repeated in one mapping\n"
                                            r"  in \".*cards\.yaml\", line 1, column 22$"):
        load_yaml(path)


def test_a_broken_file_names_itself_its_line_and_what_was_expected(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - id: [a001\n    name: x\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"(?s)cards\.yaml: while parsing a flow sequence\n.*line 2, column 9\n"
                                            r"expected ',' or '\]', but got ':'\n.*line 3, column 9$"):
        load_yaml(path)
