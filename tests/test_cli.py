"""The command line as a host uses it."""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from program import sheetgen

from generator import __version__
from generator.folder.write import read_existing_plan

SECRET = "a-long-secret-seed-for-the-tests-7f3a"


def tree_digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_version(run: Any) -> None:
    result = run("--version")
    assert result.exit_code == 0 and __version__ in result.output


def test_game_writes_every_post_in_both_flavours(game_once: Any, tmp_path: Path) -> None:
    game_once("game", "--seed", SECRET)  # the game test_hidden_information_... reads too
    (root,) = (tmp_path / "output").iterdir()
    plan = json.loads((root / "plan.json").read_text())
    # The folder is named by the public game id, never by the seed.
    assert root.name == f"galaxy-trucker-{plan['game_id']}"
    assert plan["seed"] == SECRET and plan["pack"] == "galaxy-trucker"
    builds = sorted(root.glob("round-*/turn-*-build.facebook.txt"))
    flights = sorted(root.glob("round-*/turn-*-flight.facebook.txt"))
    assert len(builds) == 33 and len(flights) == 18
    assert len(list(root.glob("round-*/turn-*.discord.md"))) == 51
    for rnd in (1, 2, 3):
        for name in ("start", "end-of-building", "end-of-flight"):
            assert (root / f"round-{rnd}" / f"{name}.facebook.txt").is_file()
            assert (root / f"round-{rnd}" / f"{name}.discord.md").is_file()
        for name in ("stack-1", "stack-2", "stack-3"):
            # On Facebook a stack is only ever a comment, and its file says so.
            assert (root / f"round-{rnd}" / f"{name}.facebook-comment.txt").is_file()
            assert not (root / f"round-{rnd}" / f"{name}.facebook.txt").exists()
            assert (root / f"round-{rnd}" / f"{name}.discord.md").is_file()
        assert not list((root / f"round-{rnd}").glob("stack-4*"))
    for name in ("before-day-1", "game-start", "game-end"):
        assert (root / f"{name}.facebook.txt").is_file()
    # Every flight turn with meteors or pirates has a first-comment text with the rolls.
    with_rolls = [
        f for r in plan["rounds"] for f in r["flight_turns"] if any(e["rolls"] for e in f["events"])
    ]
    assert len(list(root.glob("round-*/turn-*-flight.facebook-comment.txt"))) == len(with_rolls)
    manifest = json.loads((root / "manifest.json").read_text())
    assert set(manifest["files"]) == set(tree_digest(root)) - {"manifest.json"}


def test_post_texts_name_turn_day_slot_and_tiles(run: Any, tmp_path: Path) -> None:
    assert run("game", "--no-images", "--seed", SECRET, "--start", "2026-12-01").exit_code == 0
    root = next((tmp_path / "output").iterdir())
    plan = json.loads((root / "plan.json").read_text())
    text = (root / "round-1" / "turn-03-build.facebook.txt").read_text()
    assert "Round 1 of 3 · Building · Turn 3 of 51 (build turn 3 of 8)" in text
    assert "Day 2, morning (Wed 2 Dec 2026, 08:00 UTC)" in text
    for label in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"):
        assert f"\n{label} " in text
    assert "Stacks 1-3" in text  # the peek reminder on every build post
    last = (root / "round-3" / "turn-51-flight.facebook.txt").read_text()
    assert "Turn 51 of 51" in last and "Day 26, morning (Sat 26 Dec 2026, 08:00 UTC)" in last
    assert "events 15-16 of 16" in last
    first_event = plan["rounds"][2]["flight_turns"][-1]["events"][0]["card"]
    assert "Event 15: " in last and first_event["id"] not in last
    start = (root / "round-2" / "start.facebook.txt").read_text()
    assert "Peeking" in start  # the peek rule is taught at round start


def test_hidden_information_stays_out_of_posts(game_once: Any, tmp_path: Path) -> None:
    game_once("game", "--seed", SECRET)
    root = next((tmp_path / "output").iterdir())
    plan = json.loads((root / "plan.json").read_text())
    for path in root.rglob("*"):
        if path.is_file() and path.name not in ("plan.json", "manifest.json"):
            assert SECRET not in path.read_text(encoding="utf-8", errors="replace"), path
    for rnd in plan["rounds"]:
        for flight in rnd["flight_turns"]:
            post = (
                root / f"round-{rnd['round']}" / f"turn-{flight['turn']:02d}-flight"
            ).with_suffix(".facebook.txt")
            text = post.read_text()
            assert not any(face in text for face in "⚀⚁⚂⚃⚄⚅"), post
            discord = post.with_name(post.name.replace(".facebook.txt", ".discord.md"))
            for line in discord.read_text().splitlines():
                if any(face in line for face in "⚀⚁⚂⚃⚄⚅"):
                    assert line.count("||") == 2, line  # every roll inside a spoiler
        hidden = rnd["stacks"][-1]
        stack_texts = "".join(
            (root / f"round-{rnd['round']}" / f"stack-{i}.facebook-comment.txt").read_text()
            for i in (1, 2, 3)
        )
        visible_ids = {c["id"] for s in rnd["stacks"][:-1] for c in s}
        assert len(visible_ids) + len(hidden) == sum(len(s) for s in rnd["stacks"])
        assert stack_texts.count("\n1. ") == 3
    commitment = plan["commitment"]
    assert commitment in (root / "game-start.facebook.txt").read_text()


def test_discord_messages_fit_discord(run: Any, tmp_path: Path) -> None:
    # This seed's turn 46 has Pirates (5 shots) and a 7-meteor swarm: 12 rolls, each with its
    # own spoiler picture, plus the cards: 13 files, more than one message may carry.
    assert run("game", "--seed", "scan-16", "-o", "g").exit_code == 0
    messages = sorted((tmp_path / "g").rglob("*.discord*.md"))
    assert all(len(path.read_text().rstrip("\n")) <= 2000 for path in messages)
    host = (tmp_path / "g" / "round-3" / "turn-46-flight.host.txt").read_text()
    dice = sorted((tmp_path / "g" / "round-3").glob("SPOILER_turn-46-*-dice.png"))
    assert len(dice) == 12
    rest = host.partition("Message with no text: attach")[2]
    assert rest, host
    attached = [f"round-3/{p.name}" for p in dice] + ["round-3/turn-46-flight-cards.png"]
    discord = host.split("Discord:")[1].split("BGG:")[0].split("Alt text")[0]
    assert all(discord.count(f"`{name}`") == 1 for name in attached)
    assert all(line.count(".png`") <= 10 for line in discord.splitlines())


def test_two_runs_are_byte_identical(run: Any, tmp_path: Path) -> None:
    assert run("game", "--seed", "repeatable-seed-000000", "-o", "a").exit_code == 0
    assert run("game", "--seed", "repeatable-seed-000000", "-o", "b").exit_code == 0
    first = tree_digest(tmp_path / "a")
    assert first == tree_digest(tmp_path / "b")
    assert run("game", "--seed", "repeatable-seed-000000", "-o", "a").exit_code == 0
    assert tree_digest(tmp_path / "a") == first


def test_another_game_is_not_written_over(run: Any, tmp_path: Path) -> None:
    assert run("game", "--no-images", "--seed", "first-game-seed-0001", "-o", "g").exit_code == 0
    before = tree_digest(tmp_path / "g")
    result = run("game", "--no-images", "--seed", "other-game-seed-0002", "-o", "g")
    assert result.exit_code == 2 and "holds another game" in result.stderr
    assert "--force" in result.stderr
    assert tree_digest(tmp_path / "g") == before
    result = run("game", "--no-images", "--seed", "other-game-seed-0002", "-o", "g", "--force")
    assert result.exit_code == 0
    assert read_existing_plan(tmp_path / "g")["seed"] == "other-game-seed-0002"  # type: ignore[index]


def test_round_and_turn_write_into_the_same_game(run: Any, tmp_path: Path) -> None:
    assert run("round", "--no-images", "2", "--seed", SECRET, "-o", "g").exit_code == 0
    assert sorted(p.name for p in (tmp_path / "g").iterdir()) == [
        "manifest.json",
        "pack",
        "plan.json",
        "round-2",
    ]
    result = run("turn", "--no-images", "12", "--seed", SECRET, "-o", "g")
    assert result.exit_code == 0
    assert "Turn 12 of 51" in result.stdout
    assert "end-of-flight" not in result.stdout  # the stdout is the posts' text, not names
    assert "Round 1 is over" in result.stdout  # the scoring post goes out with turn 12
    manifest = json.loads((tmp_path / "g" / "manifest.json").read_text())["files"]
    assert "round-1/turn-12-flight.facebook.txt" in manifest
    assert "round-2/turn-13-build.facebook.txt" in manifest  # kept from the round run
    assert run("game", "--no-images", "--seed", SECRET, "-o", "g").exit_code == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("round", "4"), "not a round"),
        (("turn", "52"), "not a turn"),
        (("turn", "0"), "not a turn"),
        (("game", "--start", "1st of December"), "not a date"),
        (("game", "--pack", "no-such-pack"), "no pack 'no-such-pack'"),
    ],
)
def test_misuse_is_a_usage_error(run: Any, args: tuple[str, ...], message: str) -> None:
    result = run(*args, "--seed", SECRET)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_unsafe_seed_stays_inside_output(run: Any, tmp_path: Path) -> None:
    result = run("game", "--no-images", "--seed", "../../x")
    assert result.exit_code == 0, result.output
    folders = [p.name for p in (tmp_path / "output").iterdir()]
    assert len(folders) == 1 and folders[0].startswith("galaxy-trucker-")
    assert "x" not in folders[0].removeprefix("galaxy-trucker-").lower()
    assert not (tmp_path.parent / "x").exists()
    assert (
        json.loads((tmp_path / "output" / folders[0] / "plan.json").read_text())["seed"]
        == "../../x"
    )


def test_without_seed_one_is_chosen_and_recorded(run: Any, tmp_path: Path) -> None:
    result = run("game", "--no-images")
    assert result.exit_code == 0
    assert "Seed chosen: " in result.stderr
    seed = result.stderr.split("Seed chosen: ")[1].split()[0]
    assert len(seed) >= 32 and "warning" not in result.stderr
    plan = json.loads(next((tmp_path / "output").glob("*/plan.json")).read_text())
    assert plan["seed"] == seed


def test_guessable_seed_warns(run: Any) -> None:
    result = run("plan", "--seed", "42")
    assert result.exit_code == 0
    assert "warning: the seed '42' is short" in result.stderr
    assert json.loads(result.stdout)["seed"] == "42"


def test_verify_checks_the_commitment(run: Any) -> None:
    plan = json.loads(run("plan", "--seed", SECRET).stdout)
    ok = run("verify", "--seed", SECRET, "--commitment", plan["commitment"])
    assert ok.exit_code == 0 and "OK" in ok.stdout
    bad = run("verify", "--seed", SECRET + "x", "--commitment", plan["commitment"])
    assert bad.exit_code == 1 and "MISMATCH" in bad.stderr


def test_verify_notices_changed_content(run: Any, pack_copy: Path) -> None:
    plan = json.loads(run("plan", "--seed", SECRET, "--pack", str(pack_copy)).stdout)
    cards = pack_copy / "cards.yaml"
    cards.write_text(cards.read_text().replace("credits: 3,", "credits: 30,", 1))
    bad = run(
        "verify", "--seed", SECRET, "--commitment", plan["commitment"], "--pack", str(pack_copy)
    )
    assert bad.exit_code == 1


def test_game_file(run: Any, tmp_path: Path) -> None:
    (tmp_path / "mygame.yaml").write_text(
        f"pack: galaxy-trucker\nseed: {SECRET}\nstart: 2026-12-01\noutput: out/gt\n"
    )
    result = run("game", "--no-images", "--game", "mygame.yaml")
    assert result.exit_code == 0, result.output
    plan = json.loads((tmp_path / "out" / "gt" / "plan.json").read_text())
    assert plan["seed"] == SECRET and plan["start"] == "2026-12-01"
    # A later turn without --start keeps the recorded start date.
    result = run("turn", "--no-images", "5", "--seed", SECRET, "-o", "out/gt")
    assert result.exit_code == 0 and "Day 3, morning (Thu 3 Dec 2026, 08:00 UTC)" in result.stdout


def test_shipped_example_game_file(run: Any) -> None:
    example = Path(__file__).resolve().parents[1] / "seeds" / "example.yaml"
    result = run("plan", "--game", str(example))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["start"] == "2026-12-01"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seed: 1\ncolour: red\n", "mygame.yaml:2: colour: unknown key (allowed keys: pack, seed,"),
        ("pack: galaxy-trucker\n", "mygame.yaml:1: seed: required field is missing"),
        ("seed: abc\nstart: tomorrow\n", "mygame.yaml:2: start:"),
        ("seed: [1, 2\n", "mygame.yaml:2: invalid YAML"),
    ],
)
def test_bad_game_file(run: Any, tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "mygame.yaml").write_text(text)
    result = run("game", "--game", "mygame.yaml")
    assert result.exit_code == 2
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "output").exists()


def test_failed_render_leaves_nothing_half_written(
    run: Any, game_once: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_once("game", "--no-images", "--seed", SECRET, "-o", "g")
    before = tree_digest(tmp_path / "g")
    import generator.folder.write as output

    def fail_late(*_: object) -> None:  # the last step: the switch
        raise OSError(28, "disk full")

    monkeypatch.setattr(output, "_switch", fail_late)
    result = run("game", "--no-images", "--seed", SECRET, "-o", "g")
    assert result.exit_code == 2 and "cannot write g: disk full" in result.stderr
    assert "Traceback" not in result.output
    monkeypatch.undo()
    assert tree_digest(tmp_path / "g") == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".g.")]  # staging removed


def test_a_game_keeps_its_content_through_a_pack_change(
    run: Any, pack_copy: Path, tmp_path: Path
) -> None:
    """A host upgrades or edits the pack mid-game: the game folder's own copy of the pack
    renders and verifies the game exactly as it began."""
    seed = "content-snapshot-seed-0001"
    assert (
        run("game", "--no-images", "--pack", str(pack_copy), "--seed", seed, "-o", "g").exit_code
        == 0
    )
    plan = json.loads((tmp_path / "g" / "plan.json").read_text())
    before = tree_digest(tmp_path / "g")
    texts = pack_copy / "texts.yaml"
    texts.write_text(texts.read_text().replace("Thank you for flying with us!", "Bye!"))
    changed = run("turn", "3", "--pack", str(pack_copy), "--seed", seed, "-o", "g")
    assert changed.exit_code == 2 and "--pack g/pack" in changed.stderr
    kept = run("game", "--no-images", "--pack", "g/pack", "--seed", seed, "-o", "g")
    assert kept.exit_code == 0, kept.output
    assert tree_digest(tmp_path / "g") == before
    ok = run("verify", "--seed", seed, "--commitment", plan["commitment"], "--pack", "g/pack")
    assert ok.exit_code == 0


def test_an_existing_game_folder_supplies_its_seed(run: Any, pack_copy: Path) -> None:
    # The game was made from a host's own copy of the pack: the folder's copy is used.
    args = ("--no-images", "--pack", str(pack_copy), "--seed", SECRET, "-o", "g")
    assert run("game", *args).exit_code == 0
    result = run("turn", "--no-images", "7", "-o", "g")
    assert result.exit_code == 0, result.output
    assert "Going on with game" in result.stderr and " in g" in result.stderr
    assert "Seed chosen" not in result.stderr and "Turn 7 of 51" in result.stdout


def test_an_unexpected_failure_is_short_and_logged(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import generator.kit.build as build

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("something nobody expected")

    monkeypatch.setattr(build, "build", broken)
    result = run("game", "--seed", SECRET)
    assert result.exit_code == 1
    assert "internal error: RuntimeError: something nobody expected" in result.stderr
    log = result.stderr.split("The full traceback is in ")[1].strip()
    assert "Traceback" in Path(log).read_text() and "Traceback" not in result.output
    Path(log).unlink()


def test_turn_without_a_seed_goes_on_with_the_one_game(
    run: Any, game_once: Any, tmp_path: Path
) -> None:
    game_once("game", "--no-images", "--seed", SECRET)
    (folder,) = (tmp_path / "output").iterdir()
    before = json.loads((folder / "plan.json").read_text())
    result = run("turn", "--no-images", "5")
    assert result.exit_code == 0, result.output
    assert f"Going on with game {before['game_id']} in output/{folder.name}" in result.stderr
    assert "Seed chosen" not in result.stderr and "Turn 5 of 51" in result.stdout
    assert [p.name for p in (tmp_path / "output").iterdir()] == [folder.name]


def test_turn_inside_a_game_folder_goes_on_with_that_game(
    run: Any, game_once: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run inside the game folder, `turn N` and `round N` find its game as every host
    command does (README: "Run them from inside the game folder and you stay there"), even
    with another game under output/ beside it."""
    game_once("game", "--no-images", "--seed", SECRET)
    assert run("game", "--no-images", "--seed", SECRET + "-two").exit_code == 0
    (folder, *_) = sorted((tmp_path / "output").iterdir())
    plan = json.loads((folder / "plan.json").read_text())
    before = tree_digest(tmp_path / "output")
    monkeypatch.chdir(folder)
    for command in (("turn", "--no-images", "5"), ("round", "--no-images", "1")):
        result = run(*command)
        assert result.exit_code == 0, result.output
        assert f"Going on with game {plan['game_id']} in ." in result.stderr
        assert "Seed chosen" not in result.stderr and not (folder / "output").exists()
    assert "Turn 5 of 51" in run("turn", "--no-images", "5").stdout
    assert tree_digest(tmp_path / "output") == before


def test_turn_without_a_seed_refuses_to_guess_between_games(
    run: Any, game_once: Any, tmp_path: Path
) -> None:
    game_once("game", "--no-images", "--seed", SECRET)
    assert run("game", "--no-images", "--seed", SECRET + "-two").exit_code == 0
    ids = sorted(json.loads(p.read_text())["game_id"] for p in tmp_path.glob("output/*/plan.json"))
    before = tree_digest(tmp_path / "output")
    result = run("turn", "--no-images", "5")
    assert result.exit_code == 2
    assert "holds 2 games" in result.stderr and all(i in result.stderr for i in ids)
    assert tree_digest(tmp_path / "output") == before
    empty = run("round", "--no-images", "2", "-o", "nowhere")
    assert empty.exit_code == 2 and "no game in nowhere" in empty.stderr


def test_a_mistyped_seed_is_refused(run: Any, game_once: Any, tmp_path: Path) -> None:
    game_once("game", "--no-images", "--seed", SECRET)
    before = tree_digest(tmp_path / "output")
    for command in (("turn", "5"), ("round", "2")):
        result = run(*command, "--no-images", "--seed", SECRET[:-1] + "X")
        assert result.exit_code == 2 and "mistyped" in result.stderr, result.output
    assert tree_digest(tmp_path / "output") == before


def test_no_path_or_message_shows_the_seed(run: Any, game_once: Any, tmp_path: Path) -> None:
    outputs = [
        game_once("game", "--no-images", "--seed", SECRET),
        run("turn", "--no-images", "3"),
        run("round", "--no-images", "2"),
    ]
    for result in outputs:
        assert result.exit_code == 0 and SECRET not in result.output
    names = [str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")]
    assert names and not any(SECRET in name for name in names)
    game = outputs[0].stderr
    assert "Posting guide (start here): output/galaxy-trucker-" in game
    assert "Print pack for players: output/galaxy-trucker-" in game and "print-pack-a4.pdf" in game


def test_reveal_writes_the_seed_and_a_verify_command_that_works(
    run: Any, game_once: Any, tmp_path: Path
) -> None:
    game_once("game", "--no-images", "--seed", SECRET, "-o", "g")
    plan = json.loads((tmp_path / "g" / "plan.json").read_text())
    # A game without dates cannot tell that its end is out: the host says so.
    assert run("reveal", "-o", "g").exit_code == 2
    assert not (tmp_path / "g" / "game-end-reveal.facebook.txt").exists()
    result = run("reveal", "-o", "g", "--before-end")
    assert result.exit_code == 0, result.output
    assert "cannot tell that its last post (Day 26, morning) is out" in result.stderr
    post = (tmp_path / "g" / "game-end-reveal.facebook.txt").read_text()
    assert SECRET in post and plan["commitment"] in post and post == result.stdout
    assert f"pack version {plan['pack_version']}" in post
    command = next(ln for ln in post.splitlines() if ln.startswith("sheetgen verify"))
    args = shlex.split(command)[1:]
    ok = run(*args)
    assert ok.exit_code == 0 and "OK" in ok.stdout
    # Nothing else in the folder holds the seed but plan.json and the reveal post.
    for path in (tmp_path / "g").rglob("*"):
        if path.is_file() and path.name not in ("plan.json",) and "reveal" not in path.name:
            assert SECRET not in path.read_text(errors="replace"), path


def test_reveal_is_refused_before_the_last_post_is_due(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On day 1 the seed would give away 50 turns: refused, nothing written; with
    --before-end it is written and the host is told what it gives away; after the last
    post's moment it is due and needs no flag."""
    made = run("game", "--no-images", "--seed", SECRET, "--start", "2026-12-01", "-o", "g")
    assert made.exit_code == 0
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-01T09:00+00:00")
    early = run("reveal", "-o", "g")
    assert early.exit_code == 2 and "not yet due" in early.stderr
    assert "50 turns not yet due, from turn 2" in early.stderr and SECRET not in early.output
    assert not list((tmp_path / "g").glob("game-end-reveal*"))
    insisted = run("reveal", "-o", "g", "--before-end")
    assert insisted.exit_code == 0 and SECRET in insisted.stdout
    assert "warning: revealed before the end" in insisted.stderr
    assert "every tile, card and die still to come" in insisted.stderr
    # Day 26 at 08:00 UTC is the last post: a minute before it, still refused.
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-26T07:59+00:00")
    assert run("reveal", "-o", "g").exit_code == 2
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-26T08:00+00:00")
    due = run("reveal", "-o", "g")
    assert due.exit_code == 0 and "warning" not in due.stderr


def test_verify_takes_the_game_id_and_says_what_it_checks(run: Any) -> None:
    plan = json.loads(run("plan", "--seed", SECRET).stdout)
    ok = run("verify", "--seed", SECRET, "--commitment", plan["game_id"].lower())
    assert ok.exit_code == 0 and "game id" in ok.stdout and plan["commitment"] in ok.stdout
    bad = run("verify", "--seed", SECRET + "x", "--commitment", plan["game_id"])
    assert bad.exit_code == 1 and "MISMATCH" in bad.stderr
    assert f"version {plan['pack_version']}" in bad.stderr


def test_seeds_folder_keeps_real_game_files_out_of_git() -> None:
    repo = Path(__file__).resolve().parents[1]
    ignore = (repo / ".gitignore").read_text().splitlines()
    assert "seeds/*" in ignore and "!seeds/example.yaml" in ignore
    if shutil.which("git") is None or not (repo / ".git").exists():
        pytest.skip("not a git checkout")
    check = subprocess.run(
        ["git", "check-ignore", "-q", "seeds/my-real-game.yaml"], cwd=repo, check=False
    )
    assert check.returncode == 0
    example = subprocess.run(
        ["git", "check-ignore", "-q", "seeds/example.yaml"], cwd=repo, check=False
    )
    assert example.returncode == 1


@pytest.mark.e2e
def test_a_deleted_working_folder_is_said_not_crashed_on(tmp_path: Path) -> None:
    """A host's shell in a game folder that was deleted (and maybe made again) since: every
    command says so, exit code 2, where console, digest and game crashed (a library asked
    for the working folder) and today said there was no game."""
    gone = tmp_path / "game-folder"
    for command in ("console", "digest", "today", "turn 3"):
        gone.mkdir()
        # The shell goes into the folder; then the folder goes.
        script = 'cd "$1" && rmdir "$1" && shift && exec "$@"'
        result = subprocess.run(
            ["sh", "-c", script, "sh", str(gone), sheetgen(), *command.split()],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 2, (command, result.stderr)
        assert "no longer exists" in result.stderr and 'cd "$PWD"' in result.stderr
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.e2e
def test_byte_identical_across_processes(tmp_path: Path) -> None:
    """Two separate interpreters (different hash seeds) write the same bytes."""
    outputs = []
    for number, hash_seed in ((1, "1"), (2, "977")):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        folder = tmp_path / f"p{number}"
        subprocess.run(
            [sheetgen(), "round", "1", "--seed", SECRET, "-o", str(folder)],
            check=True,
            env=env,
            capture_output=True,
        )
        outputs.append(tree_digest(folder))
    assert outputs[0] == outputs[1]
    assert any(name.endswith("-dice.png") for name in outputs[0])


@pytest.mark.parametrize(
    ("seed_file", "command"),
    [
        ("card-race-example.yaml", "sheetgen card-race new"),
        ("battlestar-example.yaml", "sheetgen bsg setup"),
    ],
)
def test_a_table_games_file_given_to_game_starts_it_with_its_own_command(
    run: Any, tmp_path: Path, seed_file: str, command: str
) -> None:
    """A host who starts every game with `sheetgen game --game FILE` gets the game of a card
    table or a moderator's game file too: the file is handed to the game's own command (and
    said so), never answered with a list of unknown keys; an option that command does not
    take is refused with nothing written."""
    source = Path(__file__).resolve().parent.parent / "seeds" / seed_file
    (tmp_path / seed_file).write_bytes(source.read_bytes())
    refused = run("game", "--game", seed_file, "-o", "g", "--start", "2026-12-01")
    assert refused.exit_code == 2 and "takes no --start" in refused.stderr
    assert not (tmp_path / "g").exists()
    result = run("game", "--game", seed_file, "-o", "g")
    assert result.exit_code == 0, result.output
    assert f"starting it with its own command, {command} {seed_file} -o g" in result.stderr
    assert "unknown key" not in result.stderr and "Traceback" not in result.output
    assert (tmp_path / "g" / "posting-guide.md").is_file() or list(
        (tmp_path / "g").glob("posting-guide*.md")
    )


def test_reveal_of_a_table_game_is_a_clear_refusal(run: Any, tmp_path: Path) -> None:
    """A Card Race folder has no posting schedule: `sheetgen reveal` says where its secrets
    come out instead of failing inside."""
    game = tmp_path / "cr.yaml"
    shutil.copy(Path(__file__).parent.parent / "seeds" / "card-race-example.yaml", game)
    game.write_text(game.read_text() + "output: cr\n")
    assert run("card-race", "new", str(game), "--no-images").exit_code == 0
    result = run("reveal", "-o", "cr")
    assert result.exit_code == 2 and "internal error" not in result.output
    assert "table game with no posting schedule" in result.stderr
    assert not list((tmp_path / "cr").glob("game-end-reveal*"))


def test_strict_mode_fails_a_run_that_gave_a_warning(run: Any) -> None:
    """Warnings are counted the same way by every command; --strict makes any a failure."""
    weak = run("--strict", "plan", "--seed", "42")
    assert weak.exit_code == 1 and "1 warning in strict mode" in weak.stderr
    assert "warning: the seed '42' is short" in weak.stderr
    assert run("plan", "--seed", "42").exit_code == 0
    # The count starts again with each command run in the same process.
    assert run("--strict", "plan", "--seed", SECRET).exit_code == 0
