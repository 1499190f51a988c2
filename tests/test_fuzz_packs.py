"""Issue 9: a fuzz test over mutated packs. Whatever a hand edit, a bad paste or a hostile
pack does to a file, loading ends in the content or in clear, located, one-line problems:
never a traceback. A pack that loads is planned and its posts are written, so a text that
passes `check` cannot crash `game` later.

The suite runs a small budget; HYPOTHESIS_EXPLORE=1 SHEETGEN_FUZZ_EXAMPLES=2000 runs a long,
exploring one by hand."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from generator.common.errors import ContentError, SheetgenError
from generator.games import Scope
from generator.kit.session import load_content, plan_header
from generator.pack.load import CONTENT_DIR

EXAMPLES = int(os.environ.get("SHEETGEN_FUZZ_EXAMPLES", "12"))
SEED = "fuzz-seed-0000000000000001"
LOCATED = re.compile(r"^[^:\n]+(:\d+)?: [^\n]+$")

HOSTILE_SCALARS = [
    "0042",
    "yes",
    "~",
    "12:30",
    "1_000_000",
    "2026-13-45",
    "2026-02-30",
    "9" * 5000,
    "-1",
    "0",
    "1e999",
    ".nan",
    "''",
    "[]",
    "{}",
    "[",
    "{",
    "&a [*a]",
    "*undefined",
    "!!python/object/apply:os.system ['true']",
    "!!binary AAAA",
    "'{game_id:>300000000}'",
    "'{round:>300000000}'",
    "'{0}'",
    "'{round:d}'",
    "'{round.real}'",
    "'{round[0]}'",
    "'{rounds!r}'",
    '"\\u0000"',
    "x" * 3000,
    "<<: {a: 1}",
    "? [a]\n  : 1",
    "-5",
    "[" * 200 + "]" * 200,
    "2026-01-01 10:00:00",
    "true",
    "!!str 5",
    "!!int x",
    "|\n  multi\n  line",
]

HOSTILE_DOCUMENTS = [
    "",
    "[",
    "a: &a [*a]\n",
    "- 1\n- 2\n",
    "just text",
    "a: " + "[" * 1000 + "]" * 1000 + "\n",
    "!!python/name:os.system\n",
    "\x00\x01",
    "a: 1\na: 2\n",
    "\ufeffa: 1\n",
    "x: " + "9" * 5000 + "\n",
    "root:x:0:0:root:/root:/bin/bash\n" * 50,
]


def mutate(text: str, data: st.DataObject) -> str:
    lines = text.splitlines(keepends=True) or [""]
    kind = data.draw(st.sampled_from(["scalar", "delete", "dup", "cut", "insert", "indent", "doc"]))
    at = data.draw(st.integers(0, len(lines) - 1))
    if kind == "scalar":
        value = data.draw(st.sampled_from(HOSTILE_SCALARS))
        keyed = [i for i, line in enumerate(lines) if re.search(r":\s+\S", line)]
        if keyed:
            at = keyed[data.draw(st.integers(0, len(keyed) - 1))]
            lines[at] = re.sub(r"(:\s+).*", lambda m: m.group(1) + value, lines[at], count=1)
        return "".join(lines)
    if kind == "delete":
        del lines[at]
        return "".join(lines)
    if kind == "dup":
        lines.insert(at, lines[at])
        return "".join(lines)
    if kind == "cut":
        return text[: data.draw(st.integers(0, len(text)))]
    if kind == "insert":
        where = data.draw(st.integers(0, len(text)))
        return text[:where] + data.draw(st.text(max_size=12)) + text[where:]
    if kind == "indent":
        line = lines[at]
        lines[at] = line[2:] if line.startswith("  ") else "  " + line
        return "".join(lines)
    return data.draw(st.sampled_from(HOSTILE_DOCUMENTS))


def exercise(pack_dir: Path) -> None:
    """Load the pack; if it loads, plan a game and write its posts' texts."""
    try:
        pack, rules, content = load_content(str(pack_dir))
    except ContentError as exc:
        for problem in exc.problems:
            line = str(problem)
            assert LOCATED.match(line), line
            assert len(line) < 400, line
        return
    except SheetgenError as exc:
        assert "\n" not in exc.format_message() and len(exc.format_message()) < 400
        return
    plan = rules.make_plan(content, plan_header(pack, SEED, None), None)
    turns = rules.turn_count(content)
    for turn in sorted({1, turns}):
        rules.turn_post(content, plan, turn)
    posts = getattr(rules, "posts", None)
    if posts is not None and pack.meta.game == "moon_drop":
        for post in posts(content, plan, Scope("game")):
            post.files()  # every flavour of every post


def run_mutation(pack_name: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        pack_dir = Path(scratch) / "pack"
        shutil.copytree(CONTENT_DIR / pack_name, pack_dir)
        files = sorted(p.name for p in pack_dir.glob("*.yaml"))
        for name in data.draw(
            st.lists(st.sampled_from(files), min_size=1, max_size=3, unique=True)
        ):
            target = pack_dir / name
            special = data.draw(st.sampled_from([None] * 12 + ["fifo", "dir", "link-out"]))
            target.unlink()
            if special == "fifo":
                os.mkfifo(target)
            elif special == "dir":
                target.mkdir()
            elif special == "link-out":
                target.symlink_to("/etc/passwd")
            else:
                original = (CONTENT_DIR / pack_name / name).read_text(encoding="utf-8")
                target.write_text(mutate(original, data), encoding="utf-8", errors="replace")
        exercise(pack_dir)


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
    # Each example loads a whole pack: shrinking would take minutes; the draws printed with a
    # failure already name the files and the mutations.
    phases=[Phase.explicit, Phase.generate],
)


@FUZZ
@given(data=st.data())
def test_mutated_moon_drop_pack_never_crashes(data: Any) -> None:
    run_mutation("moon-drop", data)


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_mutated_galaxy_trucker_pack_never_crashes(data: Any) -> None:
    run_mutation("galaxy-trucker", data)
