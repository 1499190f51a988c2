"""Galaxy Trucker posts as players and hosts get them: tied to the plan (a changed die or
tile changes exactly the post that shows it), hidden data never in a main post, and the
rulings of the rule text present in the words players read."""

from __future__ import annotations

import re
from typing import Any

import pytest

from generator.games import Scope
from generator.games.galaxy_trucker.pictures.layout import render_png
from generator.games.galaxy_trucker.pictures.planned import PlannedImage
from generator.kit.session import Game, open_game
from generator.plan.model import from_data, to_data
from generator.plan.shared import shared_of
from generator.render.guide import posting_guide

SEED = "2020"
OUT = (
    "out of the round: sell your cargo at half price (rounded up) and score 0 for every "
    "remaining event and for the Pretty Ship"
)


@pytest.fixture(scope="module")
def game() -> Game:
    return open_game("galaxy-trucker", SEED, None)


def typed(game: Game, plan: Any) -> Any:
    """A plan edited as its JSON data (plan.json's form), read back as the game's plan."""
    return from_data(type(game.plan), plan) if isinstance(plan, dict) else plan


def texts(game: Game, plan: Any) -> dict[str, str]:
    """Every text file of the game (posts, comments, host notes, guide) for a plan; the
    images are named (with their alt texts) but not drawn."""
    plan = typed(game, plan)
    posts = game.rules.posts(game.content, plan, Scope("game"))  # type: ignore[attr-defined]
    found = {name: text for post in posts for name, text in post.files().items()}
    found["posting-guide.md"] = posting_guide(game.content.texts.game_name, shared_of(plan), posts)
    return found


def images(game: Game, plan: Any, round_number: int) -> dict[str, bytes]:
    plan = typed(game, plan)
    posts = game.rules.posts(game.content, plan, Scope("round", round_number))  # type: ignore[attr-defined]
    planned = [im for p in posts for im in p.images if isinstance(im, PlannedImage)]
    return {im.file: render_png(game.content, plan, im) for im in planned}


def changed(a: dict[str, Any], b: dict[str, Any]) -> set[str]:
    return {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}


# A round's record (tiles, cards, dice) is public by design at the round's end: the game
# start post commits to it ("Round N: <SHA-256>") and the round's last post reveals it
# (plan/round_commit.py). The tests below check every other word; these blank the two.
COMMITMENT = re.compile(r"\bRound (\d+): [0-9a-f]{64}\b")
RECORD = re.compile(r"sheetgen-round-v1\n.*?(?:\nend\b|(?=\n```))", re.DOTALL)
RECORD_REST = re.compile(r"(?<=```\n)(?:(?!```|sheetgen-round-v1).)*?\nend(?=\n```)", re.DOTALL)


def without_records(found: dict[str, str]) -> dict[str, str]:
    """Each text with its round commitments and revealed round records blanked."""
    return {
        name: RECORD_REST.sub("…", RECORD.sub("…", COMMITMENT.sub(r"Round \1: …", text)))
        for name, text in found.items()
    }


def records_changed(a: dict[str, str], b: dict[str, str]) -> set[str]:
    """The files whose round commitments or records differ (and nothing else)."""
    return changed(a, b) - changed(without_records(a), without_records(b))


# The files that carry round 1's commitment (the game start) and its revealed record (on
# Facebook in a comment: it holds the last flight turn's rolls).
ROUND_1_RECORD = {
    *(f"game-start.{kind}" for kind in ("facebook.txt", "discord.md", "bgg.txt", "html")),
    *(
        f"round-1/end-of-flight.{kind}"
        for kind in ("facebook-comment.txt", "discord-2.md", "bgg.txt", "html")
    ),
}


@pytest.fixture(scope="module")
def base_texts(game: Game) -> dict[str, str]:
    return texts(game, game.plan)


def test_a_changed_die_changes_exactly_the_post_that_shows_it(
    game: Game, base_texts: dict[str, str]
) -> None:
    plan = to_data(game.plan)
    event = plan["rounds"][0]["flight_turns"][3]["events"][1]  # turn 12, event 8, meteors
    assert event["rolls"][1] == [6, 6]
    event["rolls"][1] = [2, 6]
    after = texts(game, plan)
    # Round 1's commitment and its revealed record hold the die; no other round's.
    assert records_changed(base_texts, after) == ROUND_1_RECORD
    assert changed(without_records(base_texts), without_records(after)) == {
        "round-1/turn-12-flight.facebook-comment.txt",
        "round-1/turn-12-flight.discord.md",
        "round-1/turn-12-flight.host.txt",  # the spoiler image's alt text
        "round-1/turn-12-flight.bgg.txt",  # the roll, in [o]...[/o]
        "round-1/turn-12-flight.html",  # the roll, in <details>
    }
    assert changed(images(game, game.plan, 1), images(game, plan, 1)) == {
        "round-1/SPOILER_turn-12-event-8-meteor-2-dice.png"
    }


def test_a_changed_tile_changes_exactly_the_post_that_shows_it(
    game: Game, base_texts: dict[str, str]
) -> None:
    plan = to_data(game.plan)
    sets = plan["rounds"][0]["build_turns"][4]["sets"]  # turn 5
    used = {t["id"] for turn in plan["rounds"][0]["build_turns"] for s in turn["sets"] for t in s}
    spare = next(t for t in game.content.tiles if t.id not in used and t.type != sets[1][2]["type"])
    sets[1][2] = {"id": spare.id, "type": spare.type}
    after = texts(game, plan)
    assert records_changed(base_texts, after) == ROUND_1_RECORD
    assert changed(without_records(base_texts), without_records(after)) == {
        "round-1/turn-05-build.facebook.txt",
        "round-1/turn-05-build.discord.md",
        "round-1/turn-05-build.host.txt",
        "round-1/turn-05-build.bgg.txt",
        "round-1/turn-05-build.html",
    }
    assert changed(images(game, game.plan, 1), images(game, plan, 1)) == {
        "round-1/turn-05-build-tiles.png"
    }


def strip_spoilers(text: str) -> str:
    """A text with its hidden parts blanked: Discord's ||…||, BGG's [o]…[/o], HTML's
    <details>."""
    text = re.sub(r"\|\|.*?\|\|", "||…||", text)
    text = re.sub(r"\[o\].*?\[/o\]", "[o]…[/o]", text)
    return re.sub(r"<details[^>]*>.*?</details>", "<details>…</details>", text, flags=re.DOTALL)


def test_hidden_data_changes_no_main_post(game: Game, base_texts: dict[str, str]) -> None:
    """New dice everywhere and round 1's peekable stacks swapped with its hidden stack (the
    flight stays as it is): no Facebook post, no visible picture and no Discord text outside
    its spoilers may change."""
    plan = to_data(game.plan)
    for rnd in plan["rounds"]:
        for turn in rnd["flight_turns"]:
            for event in turn["events"]:
                event["rolls"] = [[7 - a, 1 + b % 6] for a, b in event["rolls"]]
    stacks = plan["rounds"][0]["stacks"]
    stacks[0], stacks[3] = stacks[3], stacks[0]
    after = texts(game, plan)
    # The dice and stacks are in every round's record: committed to at the start, public
    # only in the round's last post, once the round is over.
    assert {name for name in records_changed(base_texts, after)} >= {"game-start.facebook.txt"}
    assert all(
        name.startswith("game-start.") or "/end-of-flight." in name
        for name in records_changed(base_texts, after)
    )
    base_texts, after = without_records(base_texts), without_records(after)
    differ = changed(base_texts, after)
    assert differ, "the change must show somewhere (in the hidden parts)"
    for name in differ:
        assert not name.endswith(".facebook.txt"), name
        if name.endswith((".discord.md", ".bgg.txt", ".html")):
            assert strip_spoilers(base_texts[name]) == strip_spoilers(after[name]), name
        else:
            assert name.endswith((".facebook-comment.txt", ".host.txt")), name
    before_images, after_images = images(game, game.plan, 1), images(game, plan, 1)
    for name in changed(before_images, after_images):
        assert "/SPOILER_" in name, name


def test_facebook_never_gets_a_picture_of_hidden_information(base_texts: dict[str, str]) -> None:
    guide = base_texts["posting-guide.md"]
    facebook_steps = [
        line
        for section in guide.split("Facebook:\n")[1:]
        for line in section.split("\n\n")[0].splitlines()
    ]
    assert facebook_steps
    for step in facebook_steps:
        assert (
            "SPOILER_" not in step
            and "-dice" not in step
            and "stack-" not in step.split("paste")[0]
        )
    # Every file a host publishes is named in the guide, in order.
    published = [n for n in base_texts if n.endswith((".facebook.txt", ".facebook-comment.txt"))]
    assert all(f"`{name}`" in guide for name in published)
    assert guide.index("before-day-1.facebook.txt") < guide.index("game-start.facebook.txt")
    assert "sheets/print-pack-a4.pdf" in guide.split("## Turn 1")[0]


def test_post_files_hold_only_what_players_read(base_texts: dict[str, str]) -> None:
    for name, text in base_texts.items():
        if name.endswith((".facebook.txt", ".facebook-comment.txt", ".discord.md")):
            assert not re.search(r"\[Image|\[Host|-# Image", text), name
            assert "{" not in text and "}" not in text, name
        if name.endswith(".discord.md"):
            assert "comment" not in text.lower(), name  # Facebook wording stays on Facebook


def test_facebook_rolls_are_one_labelled_line_each(game: Game, base_texts: dict[str, str]) -> None:
    """Item 2: one comment per event with rolls, in the event order, each roll on its own
    labelled line, below the fold; the post names the comment of each event."""
    for rnd in to_data(game.plan)["rounds"]:
        first = 1
        for flight in rnd["flight_turns"]:
            stem = f"round-{rnd['round']}/turn-{flight['turn']:02d}-flight"
            numbers = range(first, first + len(flight["events"]))
            first += len(flight["events"])
            rolling = [(n, e) for n, e in zip(numbers, flight["events"], strict=True) if e["rolls"]]
            names = sorted(n for n in base_texts if n.startswith(f"{stem}.facebook-comment"))
            if not rolling:
                assert names == []
                continue
            if len(rolling) == 1:
                assert names == [f"{stem}.facebook-comment.txt"]
            else:
                assert names == [f"{stem}.facebook-comment-{i}.txt" for i in (1, 2)]
            for name, (number, event) in zip(names, rolling, strict=True):
                text = base_texts[name]
                lines = [ln for ln in text.splitlines() if " = " in ln]
                assert len(lines) == len(event["rolls"])
                pattern = rf"^Event {number} (meteor|shot) \d+, (small|large), from"
                assert all(re.match(pattern, ln) for ln in lines), name
                # Below the fold: its event, a warning, then a column of dots.
                head = text.split(lines[0])[0]
                assert head.startswith(f"Event {number} · SPOILER") and head.count("\n.\n") >= 4
                assert (
                    f"in the comment “Event {number}” under this post"
                    in (base_texts[f"{stem}.facebook.txt"])
                )


def test_stack_comments_give_every_number(game: Game, base_texts: dict[str, str]) -> None:
    rnd = to_data(game.plan)["rounds"][1]
    text = base_texts["round-2/stack-2.facebook-comment.txt"]
    for ref in rnd["stacks"][1]:
        card = game.content.cards_by_id[ref["id"]]
        for field in ("crew_needed", "strength", "credits", "days", "crew_lost", "goods_lost"):
            if hasattr(card, field):
                assert f"{getattr(card, field)}" in text, (card.id, field)
        for meteor in getattr(card, "meteors", []):
            assert f"{meteor.size}, from the {meteor.direction}" in text


def test_rulings_are_in_the_posts(base_texts: dict[str, str]) -> None:
    first_build = base_texts["round-1/turn-01-build.facebook.txt"]
    assert "passing marks nothing" in first_build
    assert "A shield need not sit on the outside" in first_build
    assert "Cannon barrels and engine exhausts count as smooth" in first_build
    assert "Between events you may move crew" in base_texts["round-1/end-of-building.facebook.txt"]
    first_flight = base_texts["round-1/turn-09-flight.facebook.txt"]
    assert OUT in first_flight and "Between events you may move crew" in first_flight
    swarm = next(
        t
        for n, t in base_texts.items()
        if "Meteoric Swarm" in t and n.endswith("flight.facebook.txt")
    )
    for phrase in (
        "stopped only by a cannon facing it",
        "the row on either side of it",
        "1 battery per shot",
        "count as smooth",
    ):
        assert phrase in swarm
    shields = [ln for t in base_texts.values() for ln in t.splitlines() if " shield (" in ln]
    assert shields and all("covers top and right" in ln for ln in shields)
    # Every text that ends a flight early says the consequence in the same words.
    for name, text in base_texts.items():
        for sentence in re.split(r"(?<=[.!?])\s", text):
            if re.search(r"adrift|no human left", sentence, re.I) and name.endswith(".txt"):
                assert OUT in sentence or "out of the round" not in sentence, (name, sentence)
    ends = [t for t in base_texts.values() if "adrift" in t]
    assert ends and all(OUT in t for t in ends)
    assert "round N" not in "".join(base_texts.values())


def test_round_start_names_its_sheet(base_texts: dict[str, str]) -> None:
    for number, ship in ((1, "I"), (2, "II"), (3, "III")):
        text = base_texts[f"round-{number}/start.facebook.txt"]
        assert f"Ship {ship} sheet (page {number} of the print pack)" in text
    before = base_texts["before-day-1.facebook.txt"]
    assert "print-pack-a4.pdf" in before and "attached to this post" in before


ROLLS_SAID = re.compile(r"dice roll, hidden|hidden in the|in the spoilers|in the comments under")


@pytest.mark.parametrize(
    ("pack", "seed"),
    [("galaxy-trucker", "no-rolls-0000-abcdefgh"), ("keep-on-trucking", "no-rolls-0001-abcdefgh")],
)
def test_a_flight_turn_without_rolls_promises_no_hidden_ones(pack: str, seed: str) -> None:
    """The game's first flight turn taught that each roll is "hidden in the comments" (or
    the spoilers), on a turn that had none. A turn without rolls says nothing of hidden
    rolls on any platform; the first turn with rolls says where they are, once."""
    game = open_game(pack, seed, None)
    turns = [flight for rnd in game.plan.rounds for flight in rnd.flight_turns]  # type: ignore[attr-defined]
    assert not any(e.rolls for e in turns[0].events)
    rolling = [f.turn for f in turns if any(e.rolls for e in f.events)]
    found = texts(game, game.plan)
    flights = {name: text for name, text in found.items() if re.search(r"turn-\d+-flight", name)}
    said = {name for name, text in flights.items() if ROLLS_SAID.search(text)}
    for name, text in flights.items():
        turn = int(re.search(r"turn-(\d+)-flight", name)[1])  # type: ignore[index]
        if turn not in rolling:
            assert name not in said, f"{name}: {ROLLS_SAID.search(text)}"
    # The first rolling turn says it on every platform, as the first flight turn used to.
    first = f"turn-{rolling[0]:02d}-flight"
    for flavour in ("facebook", "discord", "bgg", "html"):
        parts = "".join(text for n, text in found.items() if f"{first}.{flavour}" in n)
        assert "Each meteor and shot has its own dice roll, hidden in the " in parts, flavour
    # The game's first flight turn still teaches the rest of the flight rules.
    opening = next(n for n in found if f"turn-{turns[0].turn:02d}-flight.facebook.txt" in n)
    assert "Resolve the events in order and write each result" in found[opening]


def test_a_first_flight_turn_with_rolls_is_taught_as_before() -> None:
    """Seed 42 rolls on its first flight turn: the sentence there, never again later."""
    game = open_game("galaxy-trucker", "42", None)
    turns = [flight for rnd in game.plan.rounds for flight in rnd.flight_turns]  # type: ignore[attr-defined]
    assert any(e.rolls for e in turns[0].events)
    found = texts(game, game.plan)
    teaching = "Each meteor and shot has its own dice roll, hidden"
    said = sorted(n for n, text in found.items() if teaching in text and "flight." in n)
    first = f"turn-{turns[0].turn:02d}-flight."
    assert said and all(first in name for name in said), said


def test_the_sentence_on_hidden_rolls_is_found_in_any_pack_text() -> None:
    from generator.games.galaxy_trucker.posts import rolls_sentences, without_rolls

    text = "Resolve them. Rolls are hidden {rolls_where}: read one a time! Then rest.\nMore."
    assert without_rolls(text) == "Resolve them. Then rest.\nMore."
    assert rolls_sentences(text) == "Rolls are hidden {rolls_where}: read one a time!"
    only = "Rolls are hidden {rolls_where}.\nFly."
    assert (without_rolls(only), rolls_sentences(only)) == (
        "Fly.",
        "Rolls are hidden {rolls_where}.",
    )
    # A pack whose text says nothing of where the rolls are: kept whole, nothing to add.
    assert (without_rolls("Fly.\nLand."), rolls_sentences("Fly.\nLand.")) == ("Fly.\nLand.", "")
