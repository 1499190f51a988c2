"""Which post images a Galaxy Trucker game has, their alt text, and rendering them to PNG.

Every image is a `PlannedImage`: a `PostImage` (file, alt text, hidden) that also says what
to draw (kind, round, index). The post writer attaches them to their posts; `render_images`
draws the ones a scope needs, on two worker processes for a long run. Each image is a pure
function of (content, plan, image), so the bytes never depend on which worker drew them.

Hidden information stays out of the main images: build and flight images never show dice,
the rolls image (dice) and the stack images (peeked cards) are hidden and get a SPOILER_
copy for Discord, and the round's last, hidden stack has no image at all."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Literal

import click

from generator.games import OutputFile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import (
    SET_NAMES,
    card_title,
    card_words,
    event_number,
    roll_labels,
    tile_words,
)
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan, RoundPlan
from generator.render.text import PostImage, spoiler_name
from generator.schedule import when

ImageKind = Literal["build", "flight", "rolls", "stack"]
WORKERS = 2
# Below this many images a worker pool costs more to start than it saves.
POOL_MIN = 6


@dataclass(frozen=True)
class PlannedImage(PostImage):
    """A post image and what it shows: `index` is the build turn, flight turn or stack
    (0-based) within round `round` (1-based)."""

    kind: ImageKind = "build"
    round: int = 1
    index: int = 0


def _turn_words(plan: GalaxyTruckerPlan, turn: int) -> str:
    entry = plan.schedule[turn - 1]
    return f"turn {turn} of {len(plan.schedule)}, {when(entry)}"


# --- the images of each post, with their alt text ---------------------------------------
def build_image(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, rnd: RoundPlan, index: int
) -> PlannedImage:
    build = rnd.build_turns[index]
    sets = []
    for s, tiles in enumerate(build.sets):
        name = SET_NAMES[s]
        words = ", ".join(
            f"{name}{i} {tile_words(content, content.tiles_by_id[t.id])}"
            for i, t in enumerate(tiles, 1)
        )
        sets.append(f"Set {name}: {words}")
    alt = (
        f"Build turn {index + 1} of {len(rnd.build_turns)}, round {rnd.round} "
        f"({_turn_words(plan, build.turn)}). " + "; ".join(sets) + "."
    )
    return PlannedImage(
        file=f"round-{rnd.round}/turn-{build.turn:02d}-build.png",
        alt=alt,
        short_alt=f"Build turn {index + 1}, round {rnd.round}: the tiles A1-"
        f"{SET_NAMES[len(sets) - 1]}{len(build.sets[-1])} listed above, as pictures.",
        kind="build",
        round=rnd.round,
        index=index,
    )


def flight_image(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, rnd: RoundPlan, index: int
) -> PlannedImage:
    flight = rnd.flight_turns[index]
    events = "; ".join(
        f"Event {event_number(rnd, index, k)}: "
        f"{card_words(content, content.cards_by_id[e.card.id])}"
        for k, e in enumerate(flight.events)
    )
    alt = (
        f"Flight turn {index + 1} of {len(rnd.flight_turns)}, round {rnd.round} "
        f"({_turn_words(plan, flight.turn)}). {events}. No dice are shown."
    )
    return PlannedImage(
        file=f"round-{rnd.round}/turn-{flight.turn:02d}-flight.png",
        alt=alt,
        short_alt=f"Flight turn {index + 1}, round {rnd.round}: the cards of the events "
        "above, as pictures. No dice are shown.",
        kind="flight",
        round=rnd.round,
        index=index,
    )


def has_rolls(rnd: RoundPlan, index: int) -> bool:
    return any(e.rolls for e in rnd.flight_turns[index].events)


def rolls_image(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, rnd: RoundPlan, index: int
) -> PlannedImage:
    """The dice of a flight turn: hidden, for the Facebook first comment and a Discord spoiler."""
    flight = rnd.flight_turns[index]
    parts = []
    for k, event in enumerate(flight.events):
        if not event.rolls:
            continue
        card = content.cards_by_id[event.card.id]
        rolls = "; ".join(
            f"{label}: {a} and {b}, total {a + b}"
            for label, (a, b) in zip(roll_labels(card), event.rolls, strict=True)
        )
        parts.append(f"Event {event_number(rnd, index, k)}, {card_title(content, card)}: {rolls}")
    alt = f"Dice for turn {flight.turn}, round {rnd.round}. " + ". ".join(parts) + "."
    return PlannedImage(
        file=f"round-{rnd.round}/turn-{flight.turn:02d}-rolls.png",
        alt=alt,
        hidden=True,
        comment=True,
        short_alt=f"Dice for turn {flight.turn}: the rolls in the spoilers above, as dice.",
        kind="rolls",
        round=rnd.round,
        index=index,
    )


def stack_image(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, rnd: RoundPlan, index: int
) -> PlannedImage:
    setting = content.rounds[rnd.round - 1]
    if not 0 <= index < setting.peekable_stacks:
        raise ValueError(f"stack {index + 1} of round {rnd.round} may not be shown")
    cards = [content.cards_by_id[c.id] for c in rnd.stacks[index]]
    listed = "; ".join(f"{i}. {card_words(content, c)}" for i, c in enumerate(cards, 1))
    alt = f"Round {rnd.round}, Stack {index + 1}, {len(cards)} cards: {listed}."
    return PlannedImage(
        file=f"round-{rnd.round}/stack-{index + 1}.png",
        alt=alt,
        hidden=True,
        short_alt=f"Round {rnd.round}, Stack {index + 1}: the cards listed above, as pictures.",
        kind="stack",
        round=rnd.round,
        index=index,
    )


# --- rendering ----------------------------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _init_worker(content: GalaxyTrucker, plan: GalaxyTruckerPlan) -> None:
    _WORKER["content"] = content
    _WORKER["plan"] = plan


def _render_one(image: PlannedImage) -> bytes:
    from generator.games.galaxy_trucker.images_layout import render_png

    return render_png(_WORKER["content"], _WORKER["plan"], image)


def _rendered(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, images: list[PlannedImage]
) -> Iterator[bytes]:
    """The PNG bytes of each image, in the order given."""
    _init_worker(content, plan)
    from generator.games.galaxy_trucker.images_layout import game_palette

    # Made before the workers start, so they share it rather than each making it.
    game_palette(content)
    if len(images) < POOL_MIN:
        yield from (_render_one(image) for image in images)
        return
    # fork shares the loaded content with the workers for free; elsewhere it is pickled once.
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    with get_context(method).Pool(WORKERS, _init_worker, (content, plan)) as pool:
        # imap keeps the input order, so the result never depends on worker timing.
        yield from pool.imap(_render_one, images, chunksize=1)


def render_images(
    content: GalaxyTrucker,
    plan: GalaxyTruckerPlan,
    images: list[PlannedImage],
    progress: bool = False,
) -> list[OutputFile]:
    """The PNG files of `images`, plus a SPOILER_ copy of each hidden one for Discord."""
    unique = list({image.file: image for image in images}.values())
    results = _rendered(content, plan, unique)
    if progress:
        with click.progressbar(
            results, length=len(unique), label="Drawing images", file=sys.stderr
        ) as bar:
            encoded = list(bar)
    else:
        encoded = list(results)
    files: list[OutputFile] = []
    for image, data in zip(unique, encoded, strict=True):
        files.append(OutputFile(image.file, data))
        if image.hidden:
            files.append(OutputFile(spoiler_name(image.file), data))
    return files
