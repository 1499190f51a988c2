"""Which post images a Galaxy Trucker game has, their alt text, and rendering them to PNG.

Every image is a `PlannedImage`: a `PostImage` (file, alt text, hidden) that also says what
to draw (kind, round, index). The post writer attaches them to their posts; `render_images`
draws the ones a scope needs, on two worker processes for a long run. Each image is a pure
function of (content, plan, image), so the bytes never depend on which worker drew them.

Hidden information stays out of the main images: build and flight images never show dice.
Dice (one image per roll, so no picture shows a turn's rolls at once) and peeked stacks are
hidden images, written only as `SPOILER_` files for Discord: Facebook shows a photo in full,
so there they go as text below the fold of a comment. The round's last, hidden stack has
no image at all. File names say what an image is for: `-tiles`, `-cards`, `-dice`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.describe import (
    SET_NAMES,
    card_title,
    card_words,
    event_number,
    roll_labels,
    tile_code,
    tile_words,
)
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan, RoundPlan
from generator.plan.schedule import when
from generator.render.text import PostImage

# "rough-roads": Keep on Trucking's (its rules add the drawer, image_drawers).
ImageKind = Literal["build", "flight", "rolls", "stack", "rough-roads"]


@dataclass(frozen=True)
class PlannedImage(PostImage):
    """A post image and what it shows: `index` is the build turn, flight turn or stack
    (0-based) within round `round` (1-based)."""

    kind: ImageKind = "build"
    round: int = 1
    index: int = 0
    event: int = 0  # rolls: the event's place in its flight turn (0-based)
    roll: int = 0  # rolls: which meteor or shot of that event (0-based)
    # rolls: a line under the sum (an expansion's ship says where the hit lands)
    note: str = ""
    # rolls: the roll's words where the board reads its lines otherwise (Ship IA)
    label: str = ""


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
            f"{name}{i} {tile_code(t.id)} {tile_words(content, content.tiles_by_id[t.id])}"
            for i, t in enumerate(tiles, 1)
        )
        sets.append(f"Set {name}: {words}")
    alt = (
        f"Build turn {index + 1} of {len(rnd.build_turns)}, round {rnd.round} "
        f"({_turn_words(plan, build.turn)}). " + "; ".join(sets) + "."
    )
    return PlannedImage(
        file=f"round-{rnd.round}/turn-{build.turn:02d}-build-tiles.png",
        alt=alt,
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
        file=f"round-{rnd.round}/turn-{flight.turn:02d}-flight-cards.png",
        alt=alt,
        kind="flight",
        round=rnd.round,
        index=index,
    )


def roll_images(
    content: GalaxyTrucker, plan: GalaxyTruckerPlan, rnd: RoundPlan, index: int
) -> list[PlannedImage]:
    """One hidden image per roll of a flight turn (Discord spoilers), in posting order."""
    flight = rnd.flight_turns[index]
    found = []
    for k, event in enumerate(flight.events):
        card = content.cards_by_id[event.card.id]
        number = event_number(rnd, index, k)
        labels = roll_labels(content, card)
        for r, (label, (a, b)) in enumerate(zip(labels, event.rolls, strict=True)):
            what = label.split(",")[0].replace(" ", "-")  # "meteor-1", "shot-2"
            found.append(
                PlannedImage(
                    file=f"round-{rnd.round}/SPOILER_turn-{flight.turn:02d}-event-"
                    f"{number}-{what}-dice.png",
                    alt=f"Dice for Event {number}, {card_title(content, card)}, {label}: "
                    f"{a} and {b}, total {a + b}.",
                    hidden=True,
                    title=f"event {number}, {label.split(',')[0]} dice (round {rnd.round})",
                    # The post's words give each roll (and where it lands) behind a spoiler
                    # of its own; a month of these pictures would be a third of the page.
                    on_page=False,
                    kind="rolls",
                    round=rnd.round,
                    index=index,
                    event=k,
                    roll=r,
                )
            )
    return found


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
        file=f"round-{rnd.round}/SPOILER_stack-{index + 1}-cards.png",
        alt=alt,
        hidden=True,
        title=f"the Stack {index + 1} cards (round {rnd.round})",
        kind="stack",
        round=rnd.round,
        index=index,
    )
