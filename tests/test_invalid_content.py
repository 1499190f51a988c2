"""One fixture per bad-input case (tests/cases/invalid/*.yaml), each with the exact errors.

A case takes a copy of the shipped pack, replaces one file (`content`) or edits it
(`replace`: pairs of old and new text), runs `sheetgen check` on the copy and expects exit
code 2, no traceback, nothing written, and exactly the listed error lines. `delete: true`
removes the file instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

CASES = sorted((Path(__file__).parent / "cases" / "invalid").glob("*.yaml"))


def apply_case(case: dict[str, Any], pack: Path) -> None:
    target = pack / case["file"]
    if case.get("delete"):
        target.unlink()
    if "content" in case:
        encoding = "latin-1" if case.get("latin1") else "utf-8"
        target.write_bytes(case["content"].encode(encoding))
    for old, new in case.get("replace", []):
        text = target.read_text(encoding="utf-8")
        assert old in text, f"case does not apply: {old!r} not in {target.name}"
        target.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("case_file", CASES, ids=[c.stem for c in CASES])
def test_invalid_pack(case_file: Path, pack_copy: Path, run: Any, update_golden: bool) -> None:
    case = yaml.safe_load(case_file.read_text(encoding="utf-8"))
    apply_case(case, pack_copy)
    before = sorted(p.name for p in pack_copy.parent.iterdir())
    result = run("check", "pack")
    lines = result.stderr.splitlines()
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in pack_copy.parent.iterdir()) == before  # nothing written
    errors = [line for line in lines if not line.endswith(" found")]
    if update_golden:
        text = case_file.read_text(encoding="utf-8")
        head = text[: text.index("errors:")]
        case_file.write_text(
            head + yaml.safe_dump({"errors": errors}, width=1000, allow_unicode=True),
            encoding="utf-8",
        )
    assert errors == case["errors"]
    assert errors, "a bad pack must produce at least one error line"
    count = len(errors)
    assert lines[-1] == f"{count} problem{'s' if count != 1 else ''} found"


def test_shipped_pack_passes(run: Any) -> None:
    result = run("check", "galaxy-trucker")
    assert result.exit_code == 0, result.output
    assert "OK" in result.stdout
