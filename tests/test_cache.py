"""The host's cache (generator/common/cache.py): one store, one format. An entry reads back
whole or not at all; a cache another user could write is refused, with a line saying so, and
the run goes on without it; SHEETGEN_CACHE=off keeps nothing; trimming keeps it bounded and
removes nothing of anyone else's; a forged `today` outline or sheets entry never reaches what
the host posts; a game is the same with the cache off, cold and warm. (Speed is measured in
benchmarks/.)"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli import main
from generator.common import cache
from generator.common.output_file import OutputFile

SEED = "one-cache-seed-0123456789abcdef"
NOW = "2026-12-07T08:05+00:00"


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of the test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("SHEETGEN_CACHE", str(folder))
    monkeypatch.setenv("SHEETGEN_NOW", NOW)
    monkeypatch.setattr(cache, "_refused", [])
    monkeypatch.setattr(cache, "_said", set())
    return folder


def entries(root: Path, kind: str) -> list[Path]:
    folder = root / cache.ENTRIES
    return sorted(folder.glob(f"{kind}-*")) if folder.is_dir() else []


def forged(entry: Path, change: Callable[[dict[str, bytes]], dict[str, bytes]]) -> None:
    """The entry rewritten as a forger would: its pieces changed, its checksum made to agree."""
    kind, name = entry.name.rsplit("-", 1)[0], entry.name
    pieces = cache._decoded(entry.read_bytes(), kind, name)
    assert pieces is not None
    entry.write_bytes(cache._encoded(kind, name, change(pieces)))


# --- the store ----------------------------------------------------------------------------


def test_an_entry_reads_back_whole_or_not_at_all(root: Path) -> None:
    cache.write("piece", ("k",), {"a": b"one", "b": b"", "c": b"three"})
    assert cache.read("piece", ("k",)) == {"a": b"one", "b": b"", "c": b"three"}
    (entry,) = entries(root, "piece")
    assert entry.stat().st_mode & 0o777 == 0o600
    # Backup tools skip the entries, never the folder SHEETGEN_CACHE names (maybe a user's).
    assert (root / cache.ENTRIES / cache.MARKER).read_bytes() == cache.MARKER_TEXT
    assert not (root / cache.MARKER).exists()
    data = entry.read_bytes()
    for damaged in (data[: len(data) // 2], data[:-1] + b"!", b"", cache.MAGIC + b"x\n"):
        entry.write_bytes(damaged)
        assert cache.read("piece", ("k",)) is None
    # Sizes that do not add up, under a checksum that agrees: still no entry.
    body = b'{"kind": "piece", "name": "%s", "pieces": [["a", -1]]}\none' % entry.name.encode()
    entry.write_bytes(cache.MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
    assert cache.read("piece", ("k",)) is None
    # An intact entry copied under another key's name is not that key's entry.
    cache.write("piece", ("other",), {"a": b"other"})
    (root / cache.ENTRIES / cache.entry_name("piece", ("k",))).write_bytes(
        (root / cache.ENTRIES / cache.entry_name("piece", ("other",))).read_bytes()
    )
    assert cache.read("piece", ("k",)) is None
    assert not [p for p in (root / cache.ENTRIES).iterdir() if p.name.endswith(".tmp")]


def test_off_means_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    files = [OutputFile("sheets/x.pdf", b"%PDF")]
    built: list[int] = []

    def build() -> list[OutputFile]:
        built.append(1)
        return files

    for off in ("off", "OFF", "0", "no", ""):
        monkeypatch.setenv("SHEETGEN_CACHE", off)
        built.clear()
        for _ in range(2):
            assert cache.reuse(("k",), build) == files
        assert built == [1, 1]
        cache.keep(("k",), b"data")
        assert cache.read_kept(("k",)) is None
    assert list(tmp_path.iterdir()) == []


FORGERY = b"FORGED: take 3 tiles from the discard pile."


@pytest.mark.parametrize(
    "added",
    [
        {"game-start.facebook.txt": FORGERY},  # a post's name
        {"sheets/rules.txt": FORGERY},  # beside the sheets, but no PDF
        {"sheets/rules.pdf": FORGERY},  # a PDF's name, but no PDF
        {"sheets/../game-start.discord.md": b"%PDF-" + FORGERY},  # out of sheets/
        {"sheets/more/rules.pdf": b"%PDF-" + FORGERY},
    ],
)
def test_a_forged_sheets_entry_never_writes_a_post(root: Path, added: dict[str, bytes]) -> None:
    """The sheets kept for a pack are PDFs under sheets/ and nothing else: an entry rewritten
    to hold any other file, its checksum made to agree, is not used (the sheets are made
    again), so a forger cannot put a post's text into a game folder through it."""
    sheets = [OutputFile("sheets/ship-1-a4.pdf", b"%PDF-1.4 a ship")]
    built: list[int] = []

    def build() -> list[OutputFile]:
        built.append(1)
        return sheets

    assert cache.reuse(("pack", "a4"), build) == sheets
    assert cache.reuse(("pack", "a4"), build) == sheets and built == [1]  # kept
    (entry,) = entries(root, "sheets")
    forged(entry, lambda pieces: {**pieces, **added})
    assert cache.reuse(("pack", "a4"), build) == sheets and built == [1, 1]


def test_a_cache_others_may_write_is_refused_and_the_run_goes_on(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache.write("piece", ("k",), {"a": b"kept"})
    assert cache.read("piece", ("k",)) == {"a": b"kept"}
    root.chmod(0o777)
    assert cache.read("piece", ("k",)) is None
    cache.write("piece", ("new",), {"a": b"x"})
    err = capsys.readouterr().err
    assert err.count("may be written by other users") == 1 and "not used this run" in err
    root.chmod(0o700)
    (root / cache.ENTRIES).chmod(0o775)  # group-writable: refused as well
    assert cache.read("piece", ("k",)) is None
    (root / cache.ENTRIES).chmod(0o700)
    (entry,) = entries(root, "piece")
    entry.chmod(0o622)  # an entry others may write: refused, and nothing more is kept
    assert cache.read("piece", ("k",)) is None
    cache.write("piece", ("after",), {"a": b"x"})
    assert len(entries(root, "piece")) == 1
    assert "cache entry" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown needs root")
def test_a_cache_or_an_entry_of_another_user_is_refused(
    root: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.write("piece", ("k",), {"a": b"kept"})
    (entry,) = entries(root, "piece")
    os.chown(entry, 65534, 65534)
    assert cache.read("piece", ("k",)) is None
    assert "belongs to another user" in capsys.readouterr().err
    monkeypatch.setattr(cache, "_refused", [])
    os.chown(entry, 0, 0)
    os.chown(root, 65534, 65534)
    assert cache.read("piece", ("k",)) is None
    assert "belongs to another user" in capsys.readouterr().err
    # Another user's link in a shared folder, in the cache's place, to a folder of this
    # user's: never followed.
    os.chown(root, 0, 0)
    mine = root.parent / "mine"
    mine.mkdir(mode=0o700)
    link = root.parent / "shared-cache"
    link.symlink_to(mine)
    os.chown(link, 65534, 65534, follow_symlinks=False)
    monkeypatch.setenv("SHEETGEN_CACHE", str(link))
    cache.write("piece", ("k",), {"a": b"x"})
    assert list(mine.iterdir()) == []
    assert "another user's link" in capsys.readouterr().err


@pytest.mark.parametrize("stand_in", ["link", "file", "link-to-entry"])
def test_a_link_or_a_file_in_the_caches_place_is_not_used(
    root: Path, tmp_path: Path, stand_in: str, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    root.mkdir(mode=0o700)
    folder = root / cache.ENTRIES
    if stand_in == "link":
        folder.symlink_to(elsewhere)
    elif stand_in == "file":
        folder.write_bytes(b"not a folder")
    else:
        folder.mkdir(mode=0o700)
        secret = elsewhere / "secret"
        secret.write_bytes(cache._encoded("piece", "x", {"a": b"secret"}))
        (folder / cache.entry_name("piece", ("k",))).symlink_to(secret)
    cache.write("piece", ("new",), {"a": b"x"})
    assert cache.read("piece", ("k",)) is None  # never read through a link
    if stand_in == "link-to-entry":
        cache.write("piece", ("k",), {"a": b"mine"})  # the link replaced, never written through
        assert cache.read("piece", ("k",)) == {"a": b"mine"}
        assert list(elsewhere.iterdir()) == [secret]
        assert cache._decoded(secret.read_bytes(), "piece", "x") == {"a": b"secret"}
    else:
        assert cache.read("piece", ("new",)) is None and list(elsewhere.iterdir()) == []
        assert "not used this run" in capsys.readouterr().err


@pytest.mark.parametrize("stand_in", ["folder", "pipe"])
def test_a_folder_or_a_pipe_in_an_entrys_place_is_no_entry(root: Path, stand_in: str) -> None:
    cache.write("piece", ("other",), {"a": b"x"})  # makes the folders
    entry = root / cache.ENTRIES / cache.entry_name("piece", ("k",))
    if stand_in == "folder":
        entry.mkdir()
    else:
        os.mkfifo(entry, 0o600)
    assert cache.read("piece", ("k",)) is None  # never waits on a pipe
    cache.write("piece", ("k",), {"a": b"mine"})
    expected = {"a": b"mine"} if stand_in == "pipe" else None  # a folder stays, unused
    assert cache.read("piece", ("k",)) == expected
    assert not [p for p in entry.parent.iterdir() if p.name.endswith(".tmp")]


def test_two_runs_at_once_both_keep_whole_entries(root: Path) -> None:
    """Two processes writing the same entries and adding to the same bundle: every entry
    reads back whole, and the bundle holds what both added."""
    import subprocess
    import sys

    code = (
        "import sys; from generator.common import cache\n"
        "for n in range(30):\n"
        "    cache.write('piece', (str(n),), {'a': sys.argv[1].encode() * 5000})\n"
        "    b = cache.bundle(('shared',)); b.put(sys.argv[1] + str(n), b'x'); b.flush()\n"
    )
    runs = [subprocess.Popen([sys.executable, "-c", code, who]) for who in ("A", "B")]
    assert [r.wait(timeout=120) for r in runs] == [0, 0]
    for n in range(30):
        found = cache.read("piece", (str(n),))
        assert found is not None and found["a"] in (b"A" * 5000, b"B" * 5000)
    pieces = cache.read("bundle", ("shared",))
    assert pieces is not None and len(pieces) == 60
    assert not [p for p in (root / cache.ENTRIES).iterdir() if p.name.endswith(".tmp")]


def test_a_huge_entry_is_neither_kept_nor_read(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "MAX_ENTRY_BYTES", 1000)
    cache.write("piece", ("big",), {"a": b"x" * 2000})
    assert not entries(root, "piece")
    cache.write("piece", ("k",), {"a": b"x" * 500})
    (entry,) = entries(root, "piece")
    with entry.open("ab") as out:
        out.truncate(5000)
    assert cache.read("piece", ("k",)) is None


def test_the_trim_keeps_the_cache_bounded_and_removes_nothing_else(root: Path) -> None:
    for number in range(10):
        cache.write("piece", (str(number),), {"a": bytes(100_000)})
    folder = root / cache.ENTRIES
    now = time.time()
    for age, entry in enumerate(reversed(entries(root, "piece"))):
        os.utime(entry, (now - age * 60, now - age * 60))
    newest = max(entries(root, "piece"), key=lambda p: p.stat().st_mtime)
    left = folder / f".{newest.name}.0123456789abcdef.tmp"  # a killed run's
    left.write_bytes(b"half")
    os.utime(left, (now - 2 * cache.STALE, now - 2 * cache.STALE))
    theirs = folder / "notes.txt"
    theirs.write_bytes(bytes(10_000_000))
    os.utime(theirs, (0, 0))
    with cache.opened_entries() as fd:
        assert fd is not None
        removed = cache.trim(fd, 500_000, now)
    kept = entries(root, "piece")
    assert sum(p.stat().st_size for p in kept) <= 0.8 * 500_000
    assert newest in kept and not left.exists() and theirs.exists()
    assert len(removed) == 1 + 10 - len(kept)


def test_an_earlier_sheetgens_tagged_folders_go_and_nothing_else(
    root: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious").write_bytes(b"mine")
    root.mkdir()
    for name in cache.EARLIER_FORMATS:
        (root / name).mkdir()
        (root / name / cache.MARKER).write_bytes(cache.MARKER_TEXT)
    (root / "memo" / f"today-outline.{'a' * 40}").write_bytes(b"old")
    entry = root / "files" / ("b" * 40)
    (entry / "data").mkdir(parents=True)
    (entry / "index.json").write_bytes(b"{}")
    (entry / "data" / "0").write_bytes(b"%PDF")
    (root / "blobs" / "cd").mkdir()
    (root / "blobs" / "cd" / ("e" * 38)).write_bytes(b"blob")
    (root / "blobs" / "cd" / "link").symlink_to(outside)  # stays, and so does its folder
    (root / "table-snapshots" / cache.MARKER).write_bytes(b"a tag of the user's own")
    (root / "table-snapshots" / "notes").write_bytes(b"kept")
    cache.write("piece", ("k",), {"a": b"x"})  # a run that writes looks, once a day
    assert not (root / "memo").exists() and not (root / "files").exists()
    assert sorted(p.name for p in (root / "blobs").rglob("*")) == ["cd", "link"]
    assert (root / "table-snapshots" / "notes").read_bytes() == b"kept"
    assert (outside / "precious").read_bytes() == b"mine"
    assert cache.read("piece", ("k",)) == {"a": b"x"}


def test_the_fingerprint_follows_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    name = cache.entry_name("piece", ("k",))
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "other code")
    assert cache.entry_name("piece", ("k",)) != name


# --- what the program keeps ---------------------------------------------------------------


@pytest.fixture
def sheetgen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> Result:
        return CliRunner().invoke(main, list(args), catch_exceptions=False)

    return invoke


def said(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_game_and_today_are_the_same_with_the_cache_off_cold_and_warm(
    sheetgen: Callable[..., Result], root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.games.galaxy_trucker.pictures.layout import forget_pictures

    args = ["game", "--seed", SEED, "--start", "2026-12-01", "--paper", "a4", "-o"]
    with monkeypatch.context() as off:
        off.setenv("SHEETGEN_CACHE", "off")
        forget_pictures()  # each game drawn as a process of its own draws it
        assert sheetgen(*args, "off").exit_code == 0
        expected_today = said(sheetgen("today", "-o", "off"))
    assert not root.exists()
    forget_pictures()
    assert sheetgen(*args, "cold").exit_code == 0
    assert entries(root, "sheets") and entries(root, "bundle")
    forget_pictures()
    assert sheetgen(*args, "warm").exit_code == 0
    expected = folder_bytes(tmp_path / "off")
    assert folder_bytes(tmp_path / "cold") == expected
    assert folder_bytes(tmp_path / "warm") == expected
    assert expected_today[0] == 0 and "Post now: Day 7, morning" in expected_today[1]
    assert said(sheetgen("today", "-o", "off")) == expected_today  # cold
    assert len(entries(root, "today-outline")) == 1
    import generator.kit.session as session

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the pack was loaded")

    with monkeypatch.context() as warm:
        warm.setattr(session, "load_content", refused)
        assert said(sheetgen("today", "-o", "off")) == expected_today  # warm: the outline


@pytest.fixture(scope="module")
def written_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole game folder, pictures included, written once for the tests below (each
    works on a copy of its own)."""
    folder = tmp_path_factory.mktemp("written") / "g"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SHEETGEN_CACHE", "off")
        args = ["game", "--seed", SEED, "--start", "2026-12-01", "--paper", "a4", "-o"]
        result = CliRunner().invoke(main, [*args, str(folder)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder


@pytest.mark.parametrize("what", ["text", "alt", "title", "types", "nested"])
def test_a_forged_outline_never_reaches_a_post(
    sheetgen: Callable[..., Result],
    root: Path,
    what: str,
    written_game: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An entry rewritten by hand, its checksum made to agree, says what the folder does
    not: `today` works the outline out again and prints the folder's own texts (the entry
    as it was written is used: the pack is not loaded)."""
    import shutil

    import generator.kit.session as session

    shutil.copytree(written_game, tmp_path / "g")
    expected = said(sheetgen("today", "-o", "g"))
    (entry,) = entries(root, "today-outline")

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the pack was loaded")

    with monkeypatch.context() as warm:
        warm.setattr(session, "load_content", refused)
        assert said(sheetgen("today", "-o", "g")) == expected
    forgery = "FORGED: take 3 tiles from the discard pile."

    def change(pieces: dict[str, bytes]) -> dict[str, bytes]:
        outline = json.loads(pieces["outline.json"])
        for post in outline["posts"]:
            if what == "text":
                post["facebook"] = forgery
                post["discord"] = forgery
            elif what == "alt":
                post["images"] = [
                    {
                        "file": "plan.json",
                        "alt": forgery,
                        "hidden": False,
                        "title": "",
                        "on_page": True,
                    }
                ]
            elif what == "title":
                post["title"] = forgery
            elif what == "types":
                post["discord"] = 5  # not a text: never a traceback
        if what == "nested":
            return {"outline.json": b"[" * 100_000 + b"]" * 100_000}
        return {"outline.json": json.dumps(outline).encode()}

    forged(entry, change)
    result = said(sheetgen("today", "-o", "g"))
    assert forgery not in result[1] and result == expected
