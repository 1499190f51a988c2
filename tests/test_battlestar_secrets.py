"""Secrets stay off the thread and are proven at the end: `bsg reveal` lets anyone recompute
every commitment posted in public, and no public file, file name or printed line depends on
a loyalty card (every loyalty is changed and the public files are diffed)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from bsg_helpers import BsgGame
from click.testing import CliRunner

from generator.cli import main
from generator.games.battlestar import setup as bsg_setup
from generator.games.battlestar.loyalty import CYLON, LoyaltyDeal

HEX64 = re.compile(r"\b[0-9a-f]{64}\b")
SIX = [
    ("ann", "gaius-baltar", None),
    ("ben", "william-adama", None),
    ("cat", "sharon-valerii", None),
    ("dan", "galen-tyrol", None),
    ("eve", "laura-roslin", None),
    ("fay", "saul-tigh", None),
]


def play_some(game: BsgGame) -> list[str]:
    """Setup and a few commands with private messages (skills, Quorum, the sleeper deal);
    returns everything the commands printed."""
    printed = [game.run("setup").output]
    first = game.state().player(game.state().current_seat)
    types = ["politics=2"] if first.character in ("lee-adama", "kara-thrace") else []
    for args in (
        ("skills", first.name, *types),
        ("draw", "quorum"),
        ("draw", "crisis", "--kind", "check"),
        ("check-open", "--types", "tactics", "--difficulty", "1"),
    ):
        printed.append(game.run(*args).output)
    for seat in game.state().check.order:  # type: ignore[union-attr]
        printed.append(game.run("check-add", game.state().player(seat).name).output)
    # It ends at the sleeper deal: the Sympathizer it deals is revealed at once (a public
    # fact that depends on the deal, as at the table).
    for args in (("check-resolve",), ("jump", "4", "--extra", "Test jump"), ("sleeper",)):
        printed.append(game.run(*args).output)
    return printed


@pytest.mark.slow
def test_reveal_recomputes_every_commitment(tmp_path: Path) -> None:
    game = BsgGame(tmp_path)
    play_some(game)
    assert "not over" in game.run("reveal", code=2).output
    assert json.loads(game.run("reveal", "--json", "--before-end").stdout)["seed"] is None
    game.run("end", "humans", "--reason", "test over")
    everything = json.loads(game.run("reveal", "--json").stdout)
    assert everything["seed"] == "bsg-test-seed-0001-abcdef"
    revealed = everything["messages"]
    early = json.loads(game.run("reveal", "--json", "--before-end").stdout)
    assert early["messages"] == revealed
    public = game.files("public")
    posted = {
        m.group(1): m.group(2)
        for text in public.values()
        for m in re.finditer(r"\((\d{3}-[a-z-]+/(?:seat-\d|record))\): ([0-9a-f]{64})", text)
    }
    # setup, skills, quorum, sleeper; and the moderator's records of the check (4 adds, resolve)
    assert len(revealed) == len(posted) >= 4 + 1 + 1 + 4 + 5
    for message in revealed:
        recomputed = hashlib.sha256(f"{message['salt']}\n{message['text']}".encode()).hexdigest()
        assert recomputed == message["commitment"] == posted[message["id"]]
        kept = "moderator" if message["kind"] == "record" else "private"
        assert (game.folder / kept / f"{message['id']}.txt").read_text() == message["text"]
    # The readable form carries the same texts: recompute from it too.
    readable = game.run("reveal").stdout
    blocks = re.findall(
        r"=== (\S+) (?:to \S+|kept by the moderator)\nsalt: ([0-9a-f]+)\n"
        r"commitment: ([0-9a-f]+)\n--- text\n(.*?)--- end",
        readable,
        re.S,
    )
    assert len(blocks) == len(revealed)
    for message_id, salt, commit, text in blocks:
        assert (
            hashlib.sha256(f"{salt}\n{text}".encode()).hexdigest() == commit == posted[message_id]
        )


def test_a_private_file_edited_after_sending_is_caught_by_the_reveal(tmp_path: Path) -> None:
    """A moderator who edits a sent message afterwards (a loyalty changed on disk) cannot pass
    it off at the end: the reveal shows the text the log replays, which still matches the
    commitment in the thread, and warns that the kept file differs."""
    game = BsgGame(tmp_path)
    play_some(game)
    game.run("end", "humans")
    first = json.loads(game.run("reveal", "--json").stdout)["messages"][0]
    kept = next((game.folder / "private").rglob("*.txt"))
    original = kept.read_text(encoding="utf-8")
    kept.write_text(original.replace("Not a Cylon", "a Cylon") + "edited\n", encoding="utf-8")
    result = game.run("reveal", "--json")
    revealed = json.loads(result.stdout)["messages"]
    edited = next(
        m for m in revealed if m["text"] == original.rstrip("\n") or m["text"] == original
    )
    assert "differs from the text revealed" in result.stderr
    assert str(kept.relative_to(game.folder)) in result.stderr
    digest = hashlib.sha256(f"{edited['salt']}\n{edited['text']}".encode()).hexdigest()
    assert digest == edited["commitment"]
    assert revealed[0] == first


def rotated(deal: LoyaltyDeal, order: list[int], shift: int) -> LoyaltyDeal:
    """The same cards, moved `shift` hands along the dealing order (each seat keeps its
    number of cards): the Cylon cards land on other players."""

    def rotate(hands: dict[int, list]) -> dict[int, list]:
        cards = [c for seat in order for c in hands[seat]]
        cut = sum(len(hands[order[i]]) for i in range(shift))
        cards = cards[cut:] + cards[:cut]
        result, start = {}, 0
        for seat in order:
            result[seat] = cards[start : start + len(hands[seat])]
            start += len(hands[seat])
        return result

    return LoyaltyDeal(
        rotate(deal.setup),
        rotate(deal.sleeper),
        deal.deck_size,
        deal.cylons_in_deck,
        deal.sympathizer,
    )


def normalised(texts: dict[str, str] | list[str]) -> object:
    """Commitments and the scratch folder's name masked: what remains must not change."""
    if isinstance(texts, dict):
        return {k: HEX64.sub("<hash>", v) for k, v in texts.items()}
    return [re.sub(r"/tmp/\S+?/v\d+/", "<dir>/", HEX64.sub("<hash>", t)) for t in texts]


@pytest.mark.slow
@pytest.mark.parametrize("players", [None, SIX], ids=["four", "six-baltar-boomer"])
def test_no_public_file_depends_on_a_loyalty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: list | None
) -> None:
    real = bsg_setup.deal_loyalty
    runs = []
    count = len(players or [1, 2, 3, 4])
    for shift in range(count):

        def deal(content, seed, characters, order, shift=shift):  # type: ignore[no-untyped-def]
            return rotated(real(content, seed, characters, order), order, shift)

        monkeypatch.setattr(bsg_setup, "deal_loyalty", deal)
        game = BsgGame(tmp_path / f"v{shift}", players=players)
        printed = play_some(game)
        state = game.state()
        cylons = tuple(p.seat for p in state.players if p.holds_cylon_card())
        names = sorted(str(p.relative_to(game.folder)) for p in game.folder.rglob("*"))
        runs.append((cylons, game.files("public"), printed, names, game.files("private")))
    base = runs[0]
    # The loyalties did change: every seat is a Cylon in some run, private texts differ.
    assert set().union(*(set(run[0]) for run in runs)) == set(range(count))
    for run in runs[1:]:
        assert run[0] != base[0] and run[4] != base[4]
        # Public files: equal but for the commitments (which must differ somewhere).
        assert run[1] != base[1]
        assert normalised(run[1]) == normalised(base[1])
        assert normalised(run[2]) == normalised(base[2])
        assert run[3] == base[3]
    for name in base[3]:
        assert "cylon" not in name.lower() and "sympath" not in name.lower()


@pytest.mark.slow
def test_private_messages_carry_the_loyalty(tmp_path: Path) -> None:
    """The counterpart: the secrets are in the private messages (so the diff above means
    something), one per player at setup and one per player in the sleeper phase."""
    game = BsgGame(tmp_path)
    play_some(game)
    private = game.files("private")
    setup = [t for n, t in private.items() if n.startswith("private/000-setup/")]
    sleeper = [t for n, t in private.items() if "-sleeper/" in n]
    assert len(setup) == len(sleeper) == 4
    assert all("Your Loyalty card" in t for t in setup)
    assert all("new Loyalty card" in t for t in sleeper)
    state = game.state()
    cylon_seats = [p.seat for p in state.players if any(c.kind == CYLON for c in p.loyalty)]
    assert len(cylon_seats) == 1


def test_setup_output_names_no_seed(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed="a-very-secret-seed-9876543210")
    result = CliRunner().invoke(main, ["bsg", "setup", str(game.file)])
    assert result.exit_code == 0
    assert "a-very-secret-seed" not in result.output
    for path in game.folder.rglob("*"):
        assert "secret" not in str(path)
        if path.is_file():
            assert b"a-very-secret-seed" not in path.read_bytes()
