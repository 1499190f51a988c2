"""`sheetgen send`: what `today` asks for now, sent to Discord by webhook (a stand-in server on
127.0.0.1 checks each message as Discord would), each message recorded; never before its
slot, never twice, and the webhook's URL never shown or written."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli import main
from generator.host import discord_webhook
from tests.discord_stub import Stub, start_stub

SEED = "send-seed-0001"
# Day 1 is Tue 1 Dec 2026; slots at 08:00 and 17:00 UTC; turn 0 the day before.
DAY_1_MORNING = "2026-12-01T08:05+00:00"


@pytest.fixture(scope="module")
def made_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("send-game") / "g"
    result = CliRunner().invoke(
        main, ["game", "--seed", SEED, "--start", "2026-12-01", "-o", str(root)]
    )
    assert result.exit_code == 0, result.output
    return root


@pytest.fixture
def stub() -> Iterator[Stub]:
    server = start_stub()
    yield server
    server.close()


@pytest.fixture
def game(made_game: Path, tmp_path: Path) -> Path:
    root = tmp_path / "g"
    shutil.copytree(made_game, root)
    return root


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits between tries, counted and not taken."""
    taken: list[float] = []
    monkeypatch.setattr(discord_webhook, "pause", taken.append)
    return taken


@pytest.fixture
def send(
    game: Path, stub: Stub, monkeypatch: pytest.MonkeyPatch, waits: list[float]
) -> Callable[..., Result]:
    """`sheetgen send -o g ARGS` at the moment `at`, the webhook in the environment."""
    monkeypatch.setenv("SHEETGEN_DISCORD_WEBHOOK", stub.url)

    def command(at: str, *args: str, code: int = 0) -> Result:
        monkeypatch.setenv("SHEETGEN_NOW", at)
        result = CliRunner().invoke(main, ["send", "-o", str(game), *args])
        assert result.exit_code == code, result.output
        assert "Traceback" not in result.output
        assert_no_secret(stub, result.output, game)
        return result

    return command


def assert_no_secret(stub: Stub, output: str, game: Path) -> None:
    token = stub.url.rsplit("/", 1)[1]
    assert token not in output
    for path in game.rglob("*"):
        if path.is_file() and not path.is_symlink():
            assert token.encode() not in path.read_bytes(), path


def send_lines(game: Path) -> list[dict[str, object]]:
    lines = (game / "posted.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_the_due_slot_goes_out_once_as_today_lists_it(
    send: Callable[..., Result], stub: Stub, game: Path
) -> None:
    result = send(DAY_1_MORNING)
    assert "6 messages sent to Discord." in result.output
    texts = [
        (game / name).read_text().rstrip("\n")
        for name in (
            "game-start.discord.md",
            "round-1/start.discord.md",
            "round-1/stack-1.discord.md",
            "round-1/stack-2.discord.md",
            "round-1/stack-3.discord.md",
            "round-1/turn-01-build.discord.md",
        )
    ]
    assert [m.content for m in stub.messages] == texts
    stack = stub.messages[2]
    assert [name for name, _ in stack.files] == ["SPOILER_stack-1-cards.png"]
    assert stack.files[0][1] == (game / "round-1/SPOILER_stack-1-cards.png").read_bytes()
    assert stack.descriptions[0] is not None
    assert stack.descriptions[0].startswith("Round 1, Stack 1, 2 cards: 1.")
    build = stub.messages[5]
    assert [name for name, _ in build.files] == ["turn-01-build-tiles.png"]
    assert build.descriptions[0] is not None and "Build turn 1 of 8" in build.descriptions[0]
    assert all(m.allowed_mentions == {"parse": [], "users": []} for m in stub.messages)
    assert not stub.refused
    lines = send_lines(game)
    ids = [line["id"] for line in lines if line.get("state") == "sent"]
    assert ids == [m.id for m in stub.messages]
    assert {"turns": [1]}.items() <= lines[-1].items()
    # Again a minute later, and later that morning: nothing more.
    assert "Nothing to send now." in send("2026-12-01T08:06+00:00").output
    assert "Nothing to send now." in send("2026-12-01T16:59+00:00").output
    assert len(stub.messages) == 6
    today = CliRunner().invoke(main, ["today", "-o", str(game)]).output
    assert "Everything due so far today is out (marked posted)." in today


def test_nothing_goes_out_before_its_slot(
    send: Callable[..., Result], stub: Stub, game: Path
) -> None:
    assert "Nothing to send now." in send("2026-12-01T07:59+00:00").output
    assert stub.requests == 0 and not (game / "posted.jsonl").exists()


def test_a_dry_run_prints_and_sends_nothing(
    send: Callable[..., Result], stub: Stub, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SHEETGEN_DISCORD_WEBHOOK")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(game.parent / "no-config"))
    out = send(DAY_1_MORNING, "--dry-run").output
    assert "+ file SPOILER_stack-1-cards.png — description: Round 1, Stack 1" in out
    assert "Dry run: 6 messages not sent." in out
    assert stub.requests == 0 and not (game / "posted.jsonl").exists()


def test_a_rate_limit_and_a_fault_are_waited_out(
    send: Callable[..., Result], stub: Stub, waits: list[float]
) -> None:
    stub.script = ["429:0.25", "503", ""]
    send(DAY_1_MORNING)
    assert len(stub.messages) == 6 and stub.requests == 8
    assert waits == [0.25, 4.0]  # Discord's retry_after, then a backoff


def test_a_lasting_rate_limit_is_tried_at_the_next_run(
    send: Callable[..., Result], stub: Stub, game: Path
) -> None:
    stub.script = ["", "429:600"]
    result = send(DAY_1_MORNING, code=1)
    assert "Discord is rate-limiting the webhook of SHEETGEN_DISCORD_WEBHOOK" in result.output
    assert "the next run" in result.output
    assert len(stub.messages) == 1
    send("2026-12-01T08:10+00:00")
    assert len(stub.messages) == 6
    assert [m.content.splitlines()[0] for m in stub.messages][:2] == [
        "# Galaxy Trucker Roll'n'Write · Game 324C-011E".replace("324C-011E", _game_id(game)),
        "## Round 1 of 3 · Round start · Turn 1 of 51",
    ]


def _game_id(game: Path) -> str:
    return str(json.loads((game / "plan.json").read_text())["game_id"])


def test_no_answer_stops_until_the_host_says(
    send: Callable[..., Result], stub: Stub, game: Path
) -> None:
    stub.script = ["", "hang"]
    result = send(DAY_1_MORNING, "--timeout", "0.3", code=2)
    assert "no answer from Discord within 0.3 s" in result.output
    assert "a run stopped while sending “Round 1 start (round-1/start.discord.md)”" in result.output
    assert len(stub.messages) == 2  # the second did reach Discord
    stub.release.set()
    again = send("2026-12-01T08:10+00:00", code=2)
    assert "Nothing was sent now." in again.output
    assert "`sheetgen send --was-sent -o" in again.output
    assert stub.requests == 2
    said = send("2026-12-01T08:11+00:00", "--was-sent")
    assert "Recorded as sent: Round 1 start (round-1/start.discord.md)" in said.output
    send("2026-12-01T08:12+00:00")
    contents = [m.content for m in stub.messages]
    assert len(contents) == 6 and len(set(contents)) == 6  # nothing twice


def test_a_run_killed_mid_send_repeats_nothing_without_the_host(
    send: Callable[..., Result], stub: Stub, game: Path
) -> None:
    # What a run killed (kill -9) between its intent line and Discord's answer leaves.
    line = {
        "send": "discord",
        "message": "turn 1 · game-start · 1",
        "state": "sending",
        "at": "2026-12-01T08:05:00+00:00",
        "what": "Game start (game-start.discord.md)",
    }
    (game / "posted.jsonl").write_text(json.dumps(line) + "\n")
    result = send(DAY_1_MORNING, code=2)
    assert "a run stopped while sending “Game start (game-start.discord.md)”" in result.output
    assert stub.requests == 0
    send(DAY_1_MORNING, "--was-not-sent")
    send(DAY_1_MORNING)
    assert len(stub.messages) == 6
    assert stub.messages[0].content.startswith("# Galaxy Trucker")


def test_a_revoked_webhook_is_a_clear_error(
    send: Callable[..., Result], stub: Stub, game: Path
) -> None:
    stub.script = ["404"]
    result = send(DAY_1_MORNING, code=2)
    assert (
        "Discord does not know the webhook of SHEETGEN_DISCORD_WEBHOOK (HTTP 404: Unknown "
        "Webhook): it was deleted or its URL is wrong." in result.output
    )
    assert not stub.messages
    assert not any(line.get("turns") for line in send_lines(game))


def test_a_thread_gets_the_posts(send: Callable[..., Result], stub: Stub) -> None:
    send(DAY_1_MORNING, "--thread", "998877")
    assert {m.thread_id for m in stub.messages} == {"998877"}


def test_the_webhook_file_must_be_the_owners_alone(
    send: Callable[..., Result],
    stub: Stub,
    game: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SHEETGEN_DISCORD_WEBHOOK")
    secret = tmp_path / "config" / "sheetgen" / "discord-webhook"
    secret.parent.mkdir(parents=True)
    secret.write_text(stub.url + "\n")
    secret.chmod(0o644)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    refused = send(DAY_1_MORNING, code=2)
    assert "can be read by others (mode 644)" in refused.output and "chmod 600" in refused.output
    assert stub.requests == 0
    inside = game / "hook.txt"
    inside.write_text(stub.url)
    inside.chmod(0o600)
    there = CliRunner().invoke(main, ["send", "-o", str(game), "--webhook-file", str(inside)])
    assert there.exit_code == 2 and "inside the game folder" in there.output
    assert stub.url.rsplit("/", 1)[1] not in there.output
    inside.unlink()
    secret.chmod(0o600)
    send(DAY_1_MORNING)
    assert len(stub.messages) == 6


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/api/webhooks/1/tok3n-secret",
        "http://discord.com/api/webhooks/1/tok3n-secret",
        "https://discord.com/api/channels/1/tok3n-secret",
    ],
)
def test_a_url_that_is_no_webhook_is_refused_unsaid(
    send: Callable[..., Result], monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv("SHEETGEN_DISCORD_WEBHOOK", url)
    result = send(DAY_1_MORNING, code=2)
    assert "is not a Discord webhook URL" in result.output
    assert "tok3n-secret" not in result.output


def test_a_slot_missed_while_the_machine_was_off_goes_first(
    send: Callable[..., Result], stub: Stub
) -> None:
    send(DAY_1_MORNING)
    # Off from day 1 noon until day 2 at 09:00: day 1's afternoon goes first, then day 2's.
    send("2026-12-02T09:00+00:00")
    heads = [m.content.splitlines()[0] for m in stub.messages[6:]]
    assert heads == [
        "## Round 1 of 3 · Building · Turn 2 of 51 (build turn 2 of 8)",
        "## Round 1 of 3 · Building · Turn 3 of 51 (build turn 3 of 8)",
    ]


def test_the_webhook_url_is_never_in_the_folder_after_a_run(
    send: Callable[..., Result], stub: Stub, game: Path
) -> None:
    stub.script = ["", "500", "500", "500", "500"]
    send(DAY_1_MORNING, code=1)
    assert_no_secret(stub, "", game)
    assert os.environ.get("SHEETGEN_DISCORD_WEBHOOK") == stub.url


def _program() -> str:
    found = shutil.which("sheetgen", path=str(Path(sys.executable).parent))
    assert found, "the sheetgen program is installed next to this Python"
    return found


MONTH_FILE = """\
pack: galaxy-trucker
seed: send-month-rehearsal
start: 2027-03-15
rhythm:
  timezone: Europe/Amsterdam
  times: {morning: "08:00", afternoon: "17:30"}
  skip: [2027-03-26]
  rest_days: [sunday]
"""


@pytest.mark.e2e
@pytest.mark.slow
def test_a_month_rehearsed_sends_every_slot_once_in_order_at_its_time(
    tmp_path: Path, stub: Stub
) -> None:
    """The installed program, run by a timer through a month (Europe/Amsterdam, Sundays off,
    Good Friday skipped, the clock change on 28 March), the machine off for a day and a
    half once: every slot's messages reach Discord once, in order, never before their time,
    each picture with its alt text, the hidden ones as spoilers; posted.jsonl is complete."""
    from generator.host.game_folder import open_folder
    from generator.host.send import post_messages
    from generator.host.today import slots_with_posts

    (tmp_path / "month.yaml").write_text(MONTH_FILE)
    program = _program()
    env = {**os.environ, "SHEETGEN_DISCORD_WEBHOOK": stub.url}
    made = subprocess.run(
        [program, "game", "--game", "month.yaml", "-o", "g"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    root = tmp_path / "g"
    work = slots_with_posts(open_folder(root))
    first = work[0].slot.at
    assert first is not None
    # The timer: 3 minutes after each slot (a minute before every fourth), the machine off from
    # day 5's morning post until day 6 at noon (local).
    moments: list[dt.datetime] = []
    for number, item in enumerate(work):
        at = item.slot.at
        assert at is not None
        moments.append(at + dt.timedelta(minutes=3))
        if number % 4 == 0:
            moments.append(at - dt.timedelta(minutes=1))
    outage = (first + dt.timedelta(days=5, hours=1), first + dt.timedelta(days=6, hours=4))
    moments = [m for m in moments if not outage[0] <= m <= outage[1]]
    moments.insert(0, first - dt.timedelta(hours=1))
    moments.append(outage[1] + dt.timedelta(minutes=5))
    sent_at: dict[int, dt.datetime] = {}
    for moment in sorted(moments):
        before = len(stub.messages)
        run = subprocess.run(
            [program, "send", "-o", "g"],
            cwd=tmp_path,
            env={**env, "SHEETGEN_NOW": moment.isoformat()},
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 0, run.stdout + run.stderr
        assert stub.url.rsplit("/", 1)[1] not in run.stdout + run.stderr
        for index in range(before, len(stub.messages)):
            sent_at[index] = moment
    # What `today`'s Discord steps hold, slot by slot.
    expected = [
        (item.slot.turn, item.slot.at, out)
        for item in work
        for post in item.posts
        for out in post_messages(root, post, f"turn {item.slot.turn}")
    ]
    assert not stub.refused
    assert [m.content for m in stub.messages] == [out.message.content for _, _, out in expected]
    for index, (_, slot_at, out) in enumerate(expected):
        got = stub.messages[index]
        assert slot_at is not None and sent_at[index] >= slot_at
        assert [name for name, _ in got.files] == [a.name for a in out.message.attachments]
        for (name, _), description in zip(got.files, got.descriptions, strict=True):
            if name.endswith(".png"):
                assert description, name
    assert any(name.startswith("SPOILER_") for m in stub.messages for name, _ in m.files)
    lines = [json.loads(line) for line in (root / "posted.jsonl").read_text().splitlines()]
    assert [line["id"] for line in lines if line.get("state") == "sent"] == [
        m.id for m in stub.messages
    ]
    marked = [t for line in lines if "turns" in line for t in line["turns"]]
    assert marked == [item.slot.turn for item in work]
    for path in root.rglob("*"):
        if path.is_file():
            assert stub.url.rsplit("/", 1)[1].encode() not in path.read_bytes()


def test_a_correction_goes_out_as_today_lists_it(
    send: Callable[..., Result], stub: Stub, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    send(DAY_1_MORNING)
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-01T09:00+00:00")
    made = CliRunner().invoke(
        main,
        [
            "correct",
            "round-1/turn-01-build",
            "--say",
            "Set B's shield covers top and left.",
            "-o",
            str(game),
        ],
    )
    assert made.exit_code == 0, made.output
    send("2026-12-01T09:05+00:00")
    assert len(stub.messages) == 7
    correction = (game / "corrections/correction-01.discord.md").read_text().rstrip("\n")
    assert stub.messages[-1].content == correction
    assert "Set B's shield covers top and left." in correction
    assert send_lines(game)[-1]["corrections"] == [1]
    assert "Nothing to send now." in send("2026-12-01T09:10+00:00").output


def test_without_marking_today_keeps_the_slot_and_send_never_sends_it_again(
    send: Callable[..., Result], stub: Stub, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    send(DAY_1_MORNING, "--no-mark")
    assert len(stub.messages) == 6
    assert not any("turns" in line for line in send_lines(game))
    assert "Nothing to send now." in send("2026-12-01T08:10+00:00", "--no-mark").output
    monkeypatch.setenv("SHEETGEN_NOW", "2026-12-01T09:00+00:00")
    today = CliRunner().invoke(main, ["today", "-o", str(game), "--platform", "facebook"])
    assert "Post now: Day 1, morning" in today.output  # Facebook's steps are still asked for
    assert len(stub.messages) == 6
    # Discord's steps say it is out, and give nothing to paste a second time.
    discord = CliRunner().invoke(main, ["today", "-o", str(game), "--platform", "discord"])
    assert "Paste " not in discord.output
    assert (
        f"Sent to Discord by `sheetgen send` (message {stub.messages[5].id}): nothing to paste"
        in discord.output
    )


def test_a_second_run_while_one_sends_sends_nothing(
    send: Callable[..., Result], stub: Stub, game: Path
) -> None:
    import fcntl

    fd = os.open(game, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # as a run sending for this game holds it
        busy = send(DAY_1_MORNING)
        assert "Another `sheetgen send` is sending for this game now: nothing sent." in busy.output
    finally:
        os.close(fd)
    assert stub.requests == 0


@pytest.mark.e2e
def test_a_send_killed_mid_message_loses_nothing_and_repeats_nothing(
    game: Path, stub: Stub
) -> None:
    """The installed program killed (SIGKILL) while Discord holds its second message and has
    not answered: the next runs send nothing until the host looks and says."""
    import signal

    stub.script = ["", "hang"]
    env = {**os.environ, "SHEETGEN_DISCORD_WEBHOOK": stub.url, "SHEETGEN_NOW": DAY_1_MORNING}
    process = subprocess.Popen(
        [_program(), "send", "-o", str(game)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    # Wait until Discord has the second message (the stand-in then never answers).
    for _ in range(2):
        assert stub.arrived.acquire(timeout=120), "the message never arrived"
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert len(stub.messages) == 2
    again = subprocess.run(
        [_program(), "send", "-o", str(game)], env=env, capture_output=True, text=True, check=False
    )
    assert again.returncode == 2
    assert "a run stopped while sending “Round 1 start (round-1/start.discord.md)”" in again.stderr
    assert stub.requests == 2
    for word in ("--was-sent", ""):
        run = subprocess.run(
            [_program(), "send", "-o", str(game), *([word] if word else [])],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 0, run.stdout + run.stderr
        assert stub.url.rsplit("/", 1)[1] not in run.stdout + run.stderr
    contents = [m.content for m in stub.messages]
    assert len(contents) == 6 and len(set(contents)) == 6


def test_a_webhook_file_behind_a_link_is_refused(
    send: Callable[..., Result], stub: Stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SHEETGEN_DISCORD_WEBHOOK")
    real = tmp_path / "hook"
    real.write_text(stub.url)
    real.chmod(0o600)
    link = tmp_path / "hook-link"
    link.symlink_to(real)
    result = send(DAY_1_MORNING, "--webhook-file", str(link), code=2)
    assert "is a symbolic link: give the webhook file itself" in result.output
    assert stub.requests == 0
