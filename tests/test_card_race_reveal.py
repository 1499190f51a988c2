"""Each round's deal is revealed when the round ends, and players can check it.

The round's standings post reveals its salt and deck with the command that checks them;
`sheetgen card-race verify --round N ...` recomputes the round commitment (OK / MISMATCH,
exit 1) and, for a named captain, the hand the deck dealt them; the spelling of older posts,
`sheetgen verify card-race --round N ...`, still does. Nothing reveals a round before its
last card is played, and a round's salt and deck come from streams of that round alone, so a
reveal tells nothing about a later round."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from card_race_helpers import plan_of, start_table
from click.testing import Result

from generator.games.card_race import planner
from generator.games.card_race.cards import Card, parse_id, sorted_hand
from generator.games.card_race.content import CardRace
from generator.games.card_race.judge import judge, may_play
from generator.kit.session import load_content
from generator.plan.rng import Stream

SEATS = ["Ada", "Ben", "Cleo"]
SEED = "reveal-test-seed-00000000001"


def start_game(tmp_path: Path, run: Callable[..., Result], lang: str = "en") -> Path:
    return start_table(tmp_path, run, SEED, lang=lang)


def play_round(
    folder: Path, run: Callable[..., Result], number: int, stop_before_last: bool = False
) -> None:
    """Bid and play round `number` with legal cards, as a host records them."""
    plan_round = plan_of(folder)["rounds"][number - 1]
    hands = {p: [parse_id(c) for c in plan_round["hands"][p]] for p in SEATS}
    trump = plan_round["turn_up"]["trump"]
    if plan_round["turn_up"]["how"] == "choose":
        trump = "G"
        assert run("card-race", "trump", str(folder), "G").exit_code == 0
    first = SEATS.index(plan_round["first"])
    for i in range(3):
        result = run("card-race", "bid", str(folder), SEATS[(first + i) % 3], "0")
        assert result.exit_code == 0, result.output
    leader = plan_round["first"]
    for trick in range(number):
        plays: list[tuple[str, Card]] = []
        for k in range(3):
            player = SEATS[(SEATS.index(leader) + k) % 3]
            last = trick == number - 1 and k == 2
            if last and stop_before_last:
                return
            hand = hands[player]
            card = next(c for c in sorted_hand(hand) if may_play(c, hand, [c for _, c in plays]))
            result = run("card-race", "play", str(folder), player, card.code)
            assert result.exit_code == 0, result.output
            hand.remove(card)
            plays.append((player, card))
        outcome = judge([c for _, c in plays], trump)
        position = outcome.winner
        if position is None:
            position = outcome.reason_values["position"]
        leader = plays[position][0]


def posted_command(folder: Path, number: int) -> list[str]:
    """The check command of round `number`'s standings post, as a player copies it."""
    text = (folder / f"round-{number:02d}" / "standings.facebook.txt").read_text()
    line = text.rstrip("\n").splitlines()[-1]
    words = shlex.split(line)
    assert words[:3] == ["sheetgen", "card-race", "verify"], line
    return words[1:]


def option(words: list[str], name: str) -> str:
    return words[words.index(name) + 1]


def with_option(words: list[str], name: str, value: str) -> list[str]:
    changed = list(words)
    changed[changed.index(name) + 1] = value
    return changed


def public_files(folder: Path) -> dict[str, bytes]:
    """Every file players may see: all but plan.json (the host's seed) and the manifest."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.name not in ("plan.json", "manifest.json")
    }


def test_the_revealed_deal_checks_out_and_a_tampered_one_does_not(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    play_round(folder, run, 2)
    plan = plan_of(folder)
    for number in (1, 2):
        plan_round = plan["rounds"][number - 1]
        words = posted_command(folder, number)
        assert option(words, "--salt") == plan_round["salt"]
        assert option(words, "--deck").split() == plan_round["deck"]
        result = run(*words)
        assert result.exit_code == 0, result.output
        assert f"OK: round {number}: the salt and this deck give the commitment " in result.output
        # The commitment printed in the round post is the one the reveal checks against.
        round_post = (folder / f"round-{number:02d}" / "round.facebook.txt").read_text()
        assert f"Round commitment: {option(words, '--commitment')}" in round_post

    plan_round = plan["rounds"][1]
    words = posted_command(folder, 2)
    deck = plan_round["deck"]
    # One card moved (two swapped): still a whole deck, but not the committed one.
    swapped = [deck[1], deck[0], *deck[2:]]
    result = run(*with_option(words, "--deck", ",".join(swapped)))
    assert result.exit_code == 1
    assert "MISMATCH: round 2: the salt and this deck give " in result.output
    # One card replaced by another: a mismatch, and the deck is named as broken.
    replaced = [deck[1], *deck[1:]]
    result = run(*with_option(words, "--deck", ",".join(replaced)))
    assert result.exit_code == 1
    assert f"not one whole deck ({deck[1]} ×2, -{deck[0]})" in result.output
    # One digit of the salt.
    salt = plan_round["salt"]
    result = run(*with_option(words, "--salt", salt[:-1] + ("0" if salt[-1] != "0" else "1")))
    assert result.exit_code == 1 and "MISMATCH" in result.output
    # The round number is part of the commitment: round 2's deal is no round 3.
    result = run(*with_option(words, "--round", "3"))
    assert result.exit_code == 1 and "MISMATCH" in result.output


def test_a_captain_checks_their_hand(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    play_round(folder, run, 2)
    plan_round = plan_of(folder)["rounds"][1]
    words = posted_command(folder, 2)
    for player in SEATS:
        # As the hand message shows them: codes, `N` for any Navigator.
        hand = ",".join(
            c.code for c in sorted_hand([parse_id(i) for i in plan_round["hands"][player]])
        )
        result = run(*words, "--player", player, "--hand", hand)
        assert result.exit_code == 0, result.output
        assert f"OK: {player}'s hand " in result.output
    other = plan_round["hands"]["Ada"]
    mine = plan_round["hands"]["Ben"]
    result = run(*words, "--player", "Ben", "--hand", ",".join(parse_id(i).code for i in other))
    assert result.exit_code == 1
    shown = ", ".join(parse_id(i).code for i in mine)
    assert f"MISMATCH: from this deck Ben was dealt {shown}, not " in result.output
    # The seat decides the hand: the same deck with another dealer deals other hands.
    moved = with_option(words, "--dealer", "Cleo" if option(words, "--dealer") != "Cleo" else "Ada")
    result = run(*moved, "--player", "Ben", "--hand", ",".join(parse_id(i).code for i in mine))
    assert result.exit_code == 1
    # Without --hand: what the deck dealt the captain, and the turn-up.
    result = run(*words, "--player", "Ben")
    assert result.exit_code == 0
    assert f"From this deck Ben was dealt: {shown} (deck positions " in result.output
    assert "Turned up for trump after the deal: " in result.output


def test_the_german_check(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run, lang="de")
    play_round(folder, run, 1)
    words = posted_command(folder, 1)
    assert words[-2:] == ["--lang", "de"]
    plan_round = plan_of(folder)["rounds"][0]
    hand_message = (folder / "private" / "round-01" / "hand-Ben.txt").read_text()
    short = plan_round["commitment"][:16]
    assert f"Runden-Prüfwert: {short} " in hand_message
    # A captain checks with the 16 digits their private message shows.
    mine = parse_id(plan_round["hands"]["Ben"][0]).code
    checked = with_option(words, "--commitment", short)
    result = run(*checked, "--player", "Ben", "--hand", mine)
    assert result.exit_code == 0, result.output
    assert "die ersten 16 Hex-Ziffern stimmen" in result.output
    assert f"OK: die Karten {mine} von Ben wurden aus diesem Stapel ausgeteilt" in result.output
    result = run(*with_option(words, "--deck", "Q1"))
    assert result.exit_code == 2
    assert "--deck: Q1 ist keine Karte des Stapels" in result.output


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("--salt", "abc"), "--salt abc: expected the 32 hex digits"),
        (("--commitment", "12345"), "--commitment 12345: expected the round commitment"),
        (("--deck", "I1,I13"), "--deck: I13 is not a card of the deck"),
        (("--deck", "I1,N"), "--deck: N is not a card of the deck"),
        (("--round", "0"), "--round 0: expected a round number from 1 to 99"),
        (("--players", "Ada,Ada,Ben"), "--players Ada,Ada,Ben: expected 2 to 8 different"),
        (("--dealer", "Zed"), "Zed is not among the players (Ada, Ben, Cleo)"),
    ],
)
def test_input_that_cannot_be_checked_is_a_clear_error(
    tmp_path: Path, run: Callable[..., Result], change: tuple[str, str], message: str
) -> None:
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    words = with_option(posted_command(folder, 1), *change)
    hand = parse_id(plan_of(folder)["rounds"][0]["hands"]["Ada"][0]).code
    result = run(*words, "--player", "Ada", "--hand", hand)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_hand_errors(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    words = posted_command(folder, 1)
    result = run(*words, "--hand", "I1")
    assert result.exit_code == 2 and "--hand needs --player" in result.output
    result = run(*words, "--player", "Ada", "--hand", "I1,I2")
    assert result.exit_code == 2
    assert "round 1 deals 1 cards to each captain, not 2" in result.output
    result = run(*words, "--player", "Ada", "--hand", "X9")
    assert result.exit_code == 2 and "--hand: X9 is not a card" in result.output
    seats = words.index("--players")
    result = run(*words[:seats], *words[seats + 2 :], "--player", "Ada")
    assert result.exit_code == 2 and "a hand check needs --players" in result.output
    result = run("card-race", "verify", "--round", "1", "--commitment", "0" * 64)
    assert result.exit_code == 2
    assert "a round check needs --round, --salt and --deck" in result.output
    result = run("card-race", "verify", "--round", "1", "--pack", "moon-drop")
    assert result.exit_code == 2 and "Missing option '--commitment'" in result.output
    result = run("card-race", "verify", "--pack", "moon-drop", "--commitment", "0" * 64)
    assert result.exit_code == 2
    assert "the moon-drop pack is not a Galactic Card Race pack" in result.output


NOTE = "note: this is now `sheetgen card-race verify ...`\n"


def old_spelling(words: list[str]) -> list[str]:
    """`card-race verify ...` as posts before the move spelt it: `verify card-race ...`."""
    assert words[:2] == ["card-race", "verify"]
    return ["verify", "card-race", *words[2:]]


def test_the_old_spelling_of_published_posts_still_checks(
    tmp_path: Path, run: Callable[..., Result]
) -> None:
    folder = start_game(tmp_path, run)
    play_round(folder, run, 1)
    words = posted_command(folder, 1)
    plan_round = plan_of(folder)["rounds"][0]
    mine = parse_id(plan_round["hands"]["Ben"][0]).code
    deck = plan_round["deck"]
    swapped = ",".join([deck[1], deck[0], *deck[2:]])
    cases = {
        "ok": (words, 0),
        "hand": ([*words, "--player", "Ben", "--hand", mine], 0),
        "german": ([*words, "--lang", "de"], 0),
        "mismatch": (with_option(words, "--deck", swapped), 1),
        "bad input": (with_option(words, "--salt", "abc"), 2),
        "no deck": (words[: words.index("--deck")], 2),
    }
    for why, (new_words, code) in cases.items():
        new = run(*new_words)
        assert new.exit_code == code, (why, new.output)
        old = run(*old_spelling(new_words))
        assert old.exit_code == code, (why, old.output)
        assert old.stdout == new.stdout, why
        assert old.stderr == NOTE + new.stderr, why
        assert "Traceback" not in old.output
    assert (
        "MISMATCH: round 1: the salt and this deck give "
        in run(*old_spelling(cases["mismatch"][0])).stderr
    )
    # The pack named as an option, anywhere, as the old command took it.
    named = run("verify", *words[2:], "--pack", "card-race")
    assert named.exit_code == 0 and named.stderr == NOTE
    assert named.stdout == run(*words).stdout
    # A pack folder (a game folder's pack/ copy) is handed on as that folder.
    copy = run("verify", str(folder / "pack"), *words[2:])
    assert copy.exit_code == 0 and copy.stdout == run(*words).stdout
    two = run("verify", "card-race", *words[2:], "--pack", "moon-drop")
    assert two.exit_code == 2 and "two packs named: card-race and --pack moon-drop" in two.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # A pack named, by option or not at all (the default pack is Galaxy Trucker's).
        (
            ["--round", "1", "--pack", "galaxy-trucker"],
            "the galaxy-trucker pack's game has no `verify` command of its own, and "
            "`sheetgen verify` has no option --round (its own: --commitment, --flavour, --option, "
            "--pack, --print-round, --rhythm, --seed, --start, --thread)",
        ),
        (["--round", "1"], "the galaxy-trucker pack's game has no `verify` command"),
        (["moon-drop", "--salt", "00"], "the moon-drop pack's game has no `verify` command"),
        # A game with commands of its own, but no check of a round.
        (
            ["battlestar", "--round", "1"],
            "the battlestar pack's game has no `verify` command of its own (`sheetgen bsg` "
            "has none)",
        ),
    ],
)
def test_the_old_spelling_for_a_game_without_round_checks(
    run: Callable[..., Result], args: list[str], message: str
) -> None:
    result = run("verify", *args, "--commitment", "0" * 64)
    assert result.exit_code == 2
    assert message in result.output
    assert "note:" not in result.output and "Traceback" not in result.output


def test_no_file_reveals_a_round_before_it_ends(tmp_path: Path, run: Callable[..., Result]) -> None:
    folder = start_game(tmp_path, run)
    plan = plan_of(folder)
    secrets = {
        r["round"]: [r["salt"].encode(), " ".join(r["deck"]).encode(), ",".join(r["deck"]).encode()]
        for r in plan["rounds"]
    }

    def revealing(number: int) -> list[str]:
        return sorted(
            name
            for name, data in public_files(folder).items()
            if any(secret in data for secret in secrets[number])
        )

    assert all(revealing(r) == [] for r in secrets)
    play_round(folder, run, 1, stop_before_last=True)
    # Every card but the last of round 1 is played: nothing tells its salt or deck yet.
    assert all(revealing(r) == [] for r in secrets)
    plan_round = plan["rounds"][0]
    last = plan_round["dealer"]  # the player left of the dealer leads; the dealer plays last
    result = run(
        "card-race", "play", str(folder), last, parse_id(plan_round["hands"][last][0]).code
    )
    assert result.exit_code == 0, result.output
    shown = revealing(1)
    assert shown and all(name.startswith("round-01/standings.") for name in shown), shown
    # The reveal of round 1 says nothing of round 2 (its salt and deck are nowhere public).
    assert revealing(2) == []
    play_round(folder, run, 2)
    assert all(name.startswith("round-02/standings.") for name in revealing(2))
    assert revealing(3) == []


def test_each_rounds_salt_and_deck_come_from_that_round_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A revealed round must not help predict a later one: its salt and deck are drawn from
    streams keyed by the secret seed and that round's name only (never chained from an
    earlier round's salt or deck, never from one shared stream)."""
    _, _, content = load_content("card-race")
    assert isinstance(content, CardRace)
    table = msgspec.structs.replace(content.table, players=SEATS, rounds=7)
    used: list[tuple[str, ...]] = []
    real_init = Stream.__init__

    def spy(self: Stream, seed: str, *names: str | int) -> None:
        used.append((seed, *(str(n) for n in names)))
        real_init(self, seed, *names)

    monkeypatch.setattr(Stream, "__init__", spy)
    for number in range(1, 8):
        used.clear()
        dealt = planner.deal_round(content, table, SEED, number, 0)
        assert sorted(used) == [
            (SEED, "card-race", f"round-{number}", "deck"),
            (SEED, "card-race", f"round-{number}", "salt"),
        ]
        assert dealt["commitment"] == planner.round_commitment(number, dealt["salt"], dealt["deck"])
    monkeypatch.undo()
    salts = [planner.deal_round(content, table, SEED, n, 0)["salt"] for n in range(1, 8)]
    assert len(set(salts)) == 7
