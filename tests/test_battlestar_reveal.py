"""The reveal is the thread's own texts: every commitment published in a five-player game
with multi-skill draws is recomputed from `bsg reveal --json`, and every revealed text is
the file the player (or the moderator's record) got at the time, byte for byte. Logs
written before the log kept the order of a draw's types still reveal what was sent."""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
from pathlib import Path

import pytest
from bsg_helpers import FIVE, FIVE_SEED, BsgGame, play_five

POSTED = re.compile(r"\((\d{3}-[a-z-]+/(?:seat-\d|record))\): ([0-9a-f]{64})")


def posted_commitments(game: BsgGame) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, text in game.files("public").items():
        if name.endswith(".facebook.txt"):
            for match in POSTED.finditer(text):
                assert found.setdefault(match.group(1), match.group(2)) == match.group(2)
    return found


def kept_name(message_id: str) -> str:
    under = "moderator" if message_id.endswith("/record") else "private"
    return f"{under}/{message_id}.txt"


@pytest.mark.slow
def test_reveal_matches_thread_for_multi_skill_draws(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    sent = play_five(game, turns=6)
    game.run("end", "humans", "--reason", "test over")
    revealed = json.loads(game.run("reveal", "--json").stdout)["messages"]
    posted = posted_commitments(game)
    assert {m["id"] for m in revealed} == set(posted)
    for message in revealed:
        text = message["text"]
        digest = hashlib.sha256(f"{message['salt']}\n{text}".encode()).hexdigest()
        assert digest == message["commitment"] == posted[message["id"]], message["id"]
        assert text == sent.kept[kept_name(message["id"])], message["id"]
    assert len(sent.kept) == len(revealed)
    # The multi-skill draws (Starbuck's three types, Apollo's four) are among them, in the
    # order typed (Starbuck's first card a Tactics one, not the alphabet's Engineering).
    multi = [
        m
        for m in revealed
        if "-skills/" in m["id"] and m["player"] in ("Ann", "Dan") and ", " in m["text"]
    ]
    assert len(multi) >= 2
    assert any(m["text"].split("You drew: ")[1].startswith("Tactics") for m in multi)


@pytest.mark.slow
def test_old_logs_reveal_what_was_sent(tmp_path: Path) -> None:
    """A log from before this fix kept a draw's types as a JSON object with sorted keys. The
    replay finds the order that was sent from the message in private/; a message missing
    there is replayed sorted, with a warning."""
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    sent = play_five(game, turns=4)
    log = game.folder / "table-log.jsonl"
    lines = []
    old_style = 0
    for line in log.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        entry.pop("after", None)  # the old code logged no digest of the table either
        types = (entry.get("args") or {}).get("types")
        if entry["cmd"] == "skills" and isinstance(types, list):
            entry["args"]["types"] = dict(types)  # what the old code logged (keys sorted)
            old_style += len(types) > 1
        changes = (entry.get("args") or {}).get("changes")
        if entry["cmd"] == "fleet":
            entry["args"]["changes"] = dict(changes)
        lines.append(json.dumps(entry, ensure_ascii=False, sort_keys=True))
    assert old_style >= 2
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = game.run("reveal", "--json", "--before-end")
    assert "warning" not in result.stderr
    for message in json.loads(result.stdout)["messages"]:
        assert message["text"] == sent.kept[kept_name(message["id"])], message["id"]
    # The game goes on from the old log as if nothing happened.
    game.run("fleet", "morale=-1")
    # Without the message sent, the order is lost: said, not hidden.
    multi = next(
        name
        for name, text in sent.kept.items()
        if "-skills/" in name and text.count(", ") >= 3 and "Tactics" in text
    )
    (game.folder / multi).unlink()
    warned = game.run("reveal", "--json", "--before-end").stderr
    assert "warning:" in warned and "alphabetical order" in warned


@pytest.mark.slow
def test_a_game_goes_on_with_its_own_pack_after_an_upgrade(tmp_path: Path) -> None:
    """An upgrade that changes the shipped pack (as this fix did: the vipers) refuses a running
    game rather than replaying it differently, and says how to go on: the setup keeps the
    pack it began with in the game folder, and `pack:` pointed there replays it unchanged."""
    shipped = tmp_path / "shipped"
    shutil.copytree(Path(__file__).resolve().parent.parent / "content" / "battlestar", shipped)
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    game.file.write_text(
        game.file.read_text(encoding="utf-8").replace("pack: battlestar", "pack: ./shipped"),
        encoding="utf-8",
    )
    sent = play_five(game, turns=2)
    assert (game.folder / "pack" / "fleet.yaml").read_bytes() == (
        shipped / "fleet.yaml"
    ).read_bytes()
    fleet = shipped / "fleet.yaml"
    fleet.write_text(fleet.read_text(encoding="utf-8").replace("count: 4", "count: 5"))
    refused = game.run("fleet", "morale=-1", code=2).output
    assert "changed since setup" in refused and "`pack: ./table/pack`" in refused, refused
    game.file.write_text(
        game.file.read_text(encoding="utf-8").replace("pack: ./shipped", "pack: ./table/pack"),
        encoding="utf-8",
    )
    game.run("fleet", "morale=-1")
    revealed = json.loads(game.run("reveal", "--json", "--before-end").stdout)["messages"]
    for message in revealed:
        assert message["text"] == sent.kept[kept_name(message["id"])], message["id"]


# Each platform's reveal post as a player copies it: the salt and commitment lines, then the
# message's code block (its lines, each ending with a newline).
COPIED = {
    "facebook": r"salt: (?P<salt>[0-9a-f]{32})\ncommitment: (?P<c>[0-9a-f]{64})\n```\n"
    r"(?P<text>.*?)\n```\n",
    "discord": r"- salt: (?P<salt>[0-9a-f]{32})\n- commitment: (?P<c>[0-9a-f]{64})\n```\n"
    r"(?P<text>.*?)\n```(?:\n|$)",
    "bgg": r"- salt: (?P<salt>[0-9a-f]{32})\n- commitment: (?P<c>[0-9a-f]{64})\n\[c\]"
    r"(?P<text>.*?)\[/c\]\n",
    "html": r"<li>salt: (?P<salt>[0-9a-f]{32})</li><li>commitment: (?P<c>[0-9a-f]{64})</li></ul>\n"
    r'<pre class="code">(?P<text>.*?)</pre>',
}
SUFFIX = {"facebook": ".facebook.txt", "discord": ".discord", "bgg": ".bgg.txt", "html": ".html"}


def thread_commitments(game: BsgGame, platform: str) -> set[str]:
    """Every commitment the thread published on one platform, before the reveal."""
    found: set[str] = set()
    for name, text in game.files("public").items():
        if SUFFIX[platform] in name and "/reveal" not in name:
            found |= {match.group(2) for match in POSTED.finditer(text)}
    return found


def copied_reveals(game: BsgGame, platform: str) -> list[tuple[str, str, str]]:
    """(salt, commitment, text) of each message in the platform's reveal post, read from the
    text as posted: each Discord message on its own (a player copies one at a time)."""
    found = []
    for name, text in game.files("public").items():
        if not (name.startswith("public/reveal") and SUFFIX[platform] in name):
            continue
        for match in re.finditer(COPIED[platform], text, re.DOTALL):
            body = html.unescape(match["text"]) if platform == "html" else match["text"]
            found.append((match["salt"], match["c"], body.rstrip("\n") + "\n"))
    return found


@pytest.mark.slow
def test_every_platforms_reveal_post_checks_from_the_thread(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, seed=FIVE_SEED, players=FIVE)
    play_five(game, turns=4)
    game.run("end", "cylons", "--reason", "test over")
    game.run("reveal")
    revealed = json.loads(game.run("reveal", "--json").stdout)["messages"]
    assert len(revealed) > 20
    for platform in ("facebook", "discord", "bgg", "html"):
        copied = copied_reveals(game, platform)
        assert len(copied) == len(revealed), platform
        published = thread_commitments(game, platform)
        checked = set()
        for salt, posted, text in copied:
            digest = hashlib.sha256(f"{salt}\n{text}".encode()).hexdigest()
            assert digest == posted, (platform, text)
            checked.add(digest)
        assert published and published == checked, platform
    # The post says how to check.
    facebook = (game.folder / "public" / "reveal.facebook.txt").read_text(encoding="utf-8")
    assert "sha256(salt + newline + text)" in facebook
