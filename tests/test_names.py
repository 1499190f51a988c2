"""Player names: what is refused, and which names are the same person."""

import pytest

from generator.host.names import clashes, name_key, name_problem


@pytest.mark.parametrize(
    "name", ["Ada", "José", "Łukasz", "שרה", "علي", "Ζωή", "Юлия", "李雷", "O'Neil"]
)
def test_names_as_typed_in_any_script_are_accepted(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "phrase"),
    [
        ("Ada\n", "control character U+000A"),
        ("Ada\x85", "control character U+0085"),
        ("Ev\x9be", "control character U+009B"),
        ("Bob\u202e12", "bidi control character U+202E"),
        ("\u2067Bob", "bidi control character U+2067"),
        ("a\u2028b", "control character U+2028"),
        ("   ", "empty name"),
        (" Ada", "spaces before or after"),
        ("x" * 61, "61 characters"),
    ],
)
def test_names_that_would_change_how_a_line_reads_are_refused(name: str, phrase: str) -> None:
    problem = name_problem(name)
    assert problem is not None and phrase in problem


def test_names_differing_only_in_case_or_width_are_the_same_person() -> None:
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Ada") == name_key("ADA") == name_key("Ａｄａ")
    assert clashes(["Ada", "Bob", "ADA", "Straße", "STRASSE"]) == [(0, 2), (3, 4)]
    assert clashes(["Ada", "Adam"]) == []
