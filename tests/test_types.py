"""The type check (`make types`, part of `make check` and `make test`) bites: a wrong call into
a game's interface fails it, and every `# type: ignore` left in generator/ names its error
and says why."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "generator"

# Calls into a game's interface (generator/games/__init__.py) as the core makes them: the
# right ones, then wrong ones, each marked with the error mypy must report on its line (a
# game of either kind has no rounds until it is known to be a scheduled one).
CALLS = """
from pathlib import Path

from generator.games import Capabilities, RenderOptions, ScheduledGame, Scope, rules_for
from generator.pack.load import Pack
from generator.plan.model import PlanHeader


def right(pack: Pack, header: PlanHeader) -> int:
    rules = rules_for(pack)
    content = rules.load(pack)
    rules.outputs(content, None, Scope("round", 2), RenderOptions(papers=("a4",)))
    if isinstance(rules, ScheduledGame):
        rules.make_plan(content, header, None, options={"crew": 4})
        return rules.round_count(content)
    return 0


def wrong(pack: Pack, header: PlanHeader) -> None:
    rules = rules_for(pack)
    content = rules.load(pack)
    rules.outputs(content, None, "game", RenderOptions())  # E: arg-type
    rules.outputs(content, None, Scope("deck"), RenderOptions())  # E: arg-type
    rules.outputs(content, None, Scope("game"))  # E: call-arg
    RenderOptions(papers="a4")  # E: arg-type
    rules.capabilities.no_such_power  # E: attr-defined
    rules.round_count(content)  # E: attr-defined
    if isinstance(rules, ScheduledGame):
        rules.round_count()  # E: call-arg
        rules.make_plan(content, header, "2026-12-07")  # E: arg-type


def untyped(pack):  # E: no-untyped-def
    return rules_for(pack)


def sheet_score(content: object, plan: object, sheet: Path) -> str:
    return "Score: 1"


def wrong_score(content: object, sheet: Path) -> str:
    return "Score: 1"


Capabilities(score=sheet_score)
Capabilities(score=wrong_score)  # E: arg-type
"""


@pytest.mark.slow  # mypy reads the whole package: seconds of CPU with a cold cache
def test_a_wrong_call_into_a_game_fails_the_type_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mypy import api

    calls = tmp_path / "calls.py"
    calls.write_text(textwrap.dedent(CALLS))
    expected = {
        (number, code)
        for number, line in enumerate(calls.read_text().splitlines(), 1)
        for code in re.findall(r"# E: ([a-z-]+)", line)
    }
    monkeypatch.chdir(ROOT)  # generator/ found as the checked project finds it
    out, err, status = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--no-error-summary",
            str(calls),
        ]
    )
    found = {
        (int(number), code)
        for number, code in re.findall(r"calls\.py:(\d+): error: .*\[([a-z-]+)\]$", out, re.M)
    }
    assert err == ""
    assert found == expected, out
    assert status == 1


def test_every_type_ignore_names_its_error_and_says_why() -> None:
    # `# type: ignore[code]  # why`: mypy checks the code (ignore-without-code, and
    # warn_unused_ignores drops a stale one); the reason is for the next reader.
    ignore = re.compile(r"#\s*type:\s*ignore\b(?P<code>\[[^\]]+\])?(?P<rest>.*)")
    unexplained = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(GENERATOR.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if (found := ignore.search(line))
        and not (found["code"] and re.match(r"\s*#\s*\S", found["rest"]))
    ]
    assert unexplained == []
