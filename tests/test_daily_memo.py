"""What `today` keeps in the host's cache (generator/common/memo.py): the same output with the
cache off, cold and warm; a damaged entry is worked out again; a change of code, pack copy,
plan or arguments is never served a stale result. `turn N` and `--help` keep nothing.
(Speed is measured in benchmarks/run.py, not here.)"""

from __future__ import annotations

import hashlib
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli import main
from generator.common import memo

SEED = "daily-memo-seed-0123456789abcdef"
NOW = "2026-12-07T08:05+00:00"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The memo on (as in the `sheetgen` program), in a cache of the test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("SHEETGEN_CACHE", str(folder))
    monkeypatch.setenv("SHEETGEN_NOW", NOW)
    monkeypatch.setattr(memo, "_enabled", True)
    return folder


@pytest.fixture
def sheetgen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> Result:
        return CliRunner().invoke(main, list(args), catch_exceptions=False)

    return invoke


@pytest.fixture
def game(sheetgen: Callable[..., Result], tmp_path: Path, cache: Path) -> Path:
    """A whole Galaxy Trucker game folder (text only: `turn` draws its turn's pictures)."""
    args = ["--no-images", "--seed", SEED, "--start", "2026-12-01", "-o", "g"]
    result = sheetgen("game", *args)
    assert result.exit_code == 0, result.output
    return tmp_path / "g"


def entries(cache: Path, kind: str = "today-outline") -> list[Path]:
    """The memo's entries of one kind (`today`'s, unless told): a game also keeps its pack
    as validated, and a command the rhythm it validated (pack/kept_content.py)."""
    folder = cache / memo.FOLDER
    return sorted(folder.glob(f"{kind}.*")) if folder.is_dir() else []


def hashes(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def said(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


def test_today_is_the_same_with_the_cache_off_cold_and_warm(
    sheetgen: Callable[..., Result], game: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as off:
        off.setenv("SHEETGEN_CACHE", "off")
        expected = said(sheetgen("today", "-o", "g"))
        assert not entries(cache)
    assert expected[0] == 0 and "Post now: Day 7, morning" in expected[1]
    cold = said(sheetgen("today", "-o", "g"))
    (entry,) = entries(cache)
    warm = said(sheetgen("today", "-o", "g"))
    assert cold == expected and warm == expected
    # Other days and platforms from the same entry.
    for args in (["day", "3"], ["--platform", "bgg"], ["--at", "2026-12-13 18:00"]):
        with monkeypatch.context() as off:
            off.setenv("SHEETGEN_CACHE", "off")
            fresh = said(sheetgen("today", *args, "-o", "g"))
        assert said(sheetgen("today", *args, "-o", "g")) == fresh, args
    assert entries(cache) == [entry]


def test_a_warm_today_loads_no_pack(
    sheetgen: Callable[..., Result], game: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = said(sheetgen("today", "-o", "g"))
    import generator.kit.session as session

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the pack was loaded")

    monkeypatch.setattr(session, "load_content", refused)
    assert said(sheetgen("today", "-o", "g")) == expected


def test_a_damaged_entry_is_worked_out_again(
    sheetgen: Callable[..., Result], game: Path, cache: Path
) -> None:
    expected = said(sheetgen("today", "-o", "g"))
    (entry,) = entries(cache)
    data = entry.read_bytes()
    for damaged in (data[: len(data) // 2], data[:-1] + b"!", b"", b"sheetgen-memo 1\nxyz\n"):
        entry.write_bytes(damaged)
        assert said(sheetgen("today", "-o", "g")) == expected
        assert entry.read_bytes() == data  # kept again, whole
    assert memo.recall("nothing", ["kept"]) is None


def test_an_edited_pack_copy_is_read_again(
    sheetgen: Callable[..., Result], game: Path, cache: Path
) -> None:
    before = said(sheetgen("today", "-o", "g"))
    texts = game / "pack" / "pack.yaml"  # its title heads `today`
    edited = texts.read_text(encoding="utf-8").replace(
        "Galaxy Trucker Roll'n'Write", "Galaxy Trucker (our table)", 1
    )
    assert edited != texts.read_text(encoding="utf-8")
    texts.write_text(edited, encoding="utf-8")
    after = said(sheetgen("today", "-o", "g"))
    assert after[0] == 0 and after[1] != before[1]
    assert "Galaxy Trucker (our table)" in after[1]
    assert len(entries(cache)) == 2


def test_a_code_change_is_never_served_a_stale_entry(
    monkeypatch: pytest.MonkeyPatch, cache: Path
) -> None:
    monkeypatch.setattr(memo, "code_fingerprint", lambda: "code A")
    memo.keep("kind", ["key"], {"answer": 1}, [b"blob"])
    assert memo.recall("kind", ["key"]) == ({"answer": 1}, [b"blob"])
    assert memo.recall("kind", ["other key"]) is None
    monkeypatch.setattr(memo, "code_fingerprint", lambda: "code B")
    assert memo.recall("kind", ["key"]) is None


def test_the_fingerprint_follows_the_python_build() -> None:
    memo.code_fingerprint.cache_clear()
    first = memo.code_fingerprint()
    memo.code_fingerprint.cache_clear()
    original = sys.version
    try:
        sys.version = original + " (another build)"
        assert memo.code_fingerprint() != first
    finally:
        sys.version = original
        memo.code_fingerprint.cache_clear()
    assert memo.code_fingerprint() == first


def test_the_fingerprint_reads_each_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "generator"
    package = Path(memo.__file__).resolve().parents[1]
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__", "fonts"))
    monkeypatch.setattr(memo, "__file__", str(copy / "common" / "memo.py"))
    memo.code_fingerprint.cache_clear()
    try:
        first = memo.code_fingerprint()
        module = copy / "host" / "today.py"
        module.write_text(module.read_text() + "\n# edited\n")
        memo.code_fingerprint.cache_clear()
        assert memo.code_fingerprint() != first
    finally:
        memo.code_fingerprint.cache_clear()


def test_an_unwritable_cache_never_fails_a_run(
    sheetgen: Callable[..., Result], game: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = said(sheetgen("today", "-o", "g"))
    blocked = cache.parent / "blocked"
    blocked.write_text("a file where the cache folder goes")
    monkeypatch.setenv("SHEETGEN_CACHE", str(blocked))
    assert said(sheetgen("today", "-o", "g")) == expected


def test_turn_and_help_are_worked_out_every_time(
    sheetgen: Callable[..., Result],
    game: Path,
    cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`turn N` and `--help` keep nothing: the same output with the cache off and on, and
    a turn's files deleted or edited are written again from the pack and the plan."""
    with monkeypatch.context() as off:
        off.setenv("SHEETGEN_CACHE", "off")
        expected = said(sheetgen("turn", "9", "-o", "g"))
        folder = hashes(game)
    assert expected[0] == 0 and "Turn 9: flight: new post" in expected[1]
    for _ in range(2):
        (game / "round-1" / "turn-09-flight.facebook.txt").write_text("edited by hand")
        assert said(sheetgen("turn", "9", "-o", "g")) == expected
        assert hashes(game) == folder
    bad = sheetgen("turn", "99", "-o", "g")
    assert bad.exit_code == 2 and "99 is not a turn of this game (1-51)" in bad.stderr
    from generator import entry

    monkeypatch.setattr(sys, "argv", ["sheetgen", "--help"])
    for _ in range(2):
        with pytest.raises(SystemExit) as done:
            entry.run()
        assert done.value.code == 0 and capsys.readouterr().out.startswith("Usage: sheetgen")
    assert not entries(cache, "scope-files") and not entries(cache, "help")


def test_an_entry_is_whole_or_nothing(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "code_fingerprint", lambda: "code A")
    memo.keep("kind", ["not json"], {"value": object()})
    assert memo.recall("kind", ["not json"]) is None and not entries(cache, "kind")
    memo.keep("kind", ["key"], {"a": "b"}, [b"one", b"", b"three"])
    assert memo.recall("kind", ["key"]) == ({"a": "b"}, [b"one", b"", b"three"])
    (entry,) = entries(cache, "kind")
    # A body that names other sizes, with a checksum that matches it: still refused.
    body = b'{"a": "b", "\\u0000blobs": [-1, 9]}\none' + b"three"
    digest = hashlib.sha256(body).hexdigest().encode()
    entry.write_bytes(memo.MAGIC + digest + b"\n" + body)
    assert memo.recall("kind", ["key"]) is None
    monkeypatch.setattr(memo, "_enabled", False)
    monkeypatch.setattr(memo.program, "running", False)
    assert memo.recall("kind", ["key"]) is None  # a program that imports the commands


def test_the_fingerprint_follows_the_installed_libraries_not_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import site
    import subprocess

    def printed(where: Path) -> str:
        code = "from generator.common import memo; print(memo.code_fingerprint())"
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=where, capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    plain, checkout = tmp_path / "plain", tmp_path / "checkout"
    plain.mkdir()
    (checkout / "sheetgen.egg-info").mkdir(parents=True)  # as a project checkout holds
    assert printed(plain) == printed(checkout)

    libraries = tmp_path / "site-packages"
    (libraries / "somelib-1.0.dist-info").mkdir(parents=True)
    monkeypatch.setattr(site, "getsitepackages", lambda: [str(libraries)])
    memo.code_fingerprint.cache_clear()
    try:
        before = memo.code_fingerprint()
        (libraries / "somelib-1.0.dist-info").rename(libraries / "somelib-2.0.dist-info")
        memo.code_fingerprint.cache_clear()
        assert memo.code_fingerprint() != before  # an upgrade
        memo.code_fingerprint.cache_clear()
        later = memo.code_fingerprint()
        os.utime(libraries / "somelib-2.0.dist-info", ns=(1, 1))  # a reinstall
        memo.code_fingerprint.cache_clear()
        assert memo.code_fingerprint() != later
    finally:
        memo.code_fingerprint.cache_clear()


def test_a_pipe_or_a_link_out_where_an_entry_should_be_is_not_read(
    cache: Path, tmp_path: Path
) -> None:
    import os

    memo.keep("kind", ["key"], {"answer": 1})
    entry = memo._entry("kind", ["key"])
    assert entry is not None and memo.recall("kind", ["key"]) == ({"answer": 1}, [])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(entry.read_bytes())
    entry.unlink()
    entry.symlink_to(elsewhere)
    assert memo.recall("kind", ["key"]) is None
    entry.unlink()
    os.mkfifo(entry)
    assert memo.recall("kind", ["key"]) is None  # and does not wait for a writer
    entry.unlink()
    memo.keep("kind", ["key"], {"answer": 2})
    assert memo.recall("kind", ["key"]) == ({"answer": 2}, [])
    assert [p.name for p in entry.parent.iterdir()] == [entry.name]  # no temporary file left
