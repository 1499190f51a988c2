"""Keep on Trucking's cyan abilities in play (cyan.yaml) and its titles (titles.yaml), and
the lines they add to a round's scoring post: every new source of points of the round
(Junkyard days, Bad Day's stardust, Wide-Open Space, the Lawyer, Manager and Merchant), then
the two title counts with one worked example each and the round's reward."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from msgspec import Meta

from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import Id
from generator.pack.validation import Strict

if TYPE_CHECKING:
    # Types only: the plan module reads this one.
    from generator.games.keep_on_trucking.plan import KeepOnTruckingPlan

TITLE_CHOICES = ("none", "3-6-9", "4-8-12")
Ability = Literal["Lawyer", "Manager", "Merchant", "Micronavigator", "Techie", "Diplomat"]


class CyanFile(Strict, frozen=True, kw_only=True):
    choose: str
    total: str
    applies: dict[Id, list[Ability]]
    where: dict[Ability, str]
    scoring: dict[Ability, str]


class Title(Strict, frozen=True, kw_only=True):
    name: str
    count: str
    example: str


class TitlesFile(Strict, frozen=True, kw_only=True):
    rewards: dict[Literal["3-6-9", "4-8-12"], list[Annotated[int, Meta(ge=0, le=99)]]]
    titles: dict[Literal["aesthete", "contraptionist"], Title]
    award: str


# What the new cards bring to the Events total, said once in the scoring post of a round
# whose flight had them.
CARD_POINTS = {
    "junkyard": "Junkyard: its Event box holds the credits, plus days gained, minus days lost.",
    "wide-open-space": "Wide-Open Space: its Event box holds twice your engine strength.",
    "bad-day": "Bad Day: its Event box holds the stardust days (round 3), else 0.",
}


def reward(content: GalaxyTrucker, titles: str, round_no: int) -> int | None:
    """The points each title earns in round `round_no`, None without titles."""
    if titles == "none":
        return None
    table: TitlesFile = content.extras["titles"]
    values = table.rewards[titles]  # type: ignore[index]  # checked by read_options
    return values[min(round_no, len(values)) - 1]


def scoring_lines(content: GalaxyTrucker, plan: KeepOnTruckingPlan, round_no: int) -> list[str]:
    rnd = plan.rounds[round_no - 1]
    kinds = {e.card.type for f in rnd.flight_turns for e in f.events}
    cyan: CyanFile = content.extras["cyan"]
    lines = ["Keep on Trucking scoring:"]
    lines += [f"- {words}" for kind, words in CARD_POINTS.items() if kind in kinds]
    lines += [f"- {words}" for words in cyan.scoring.values()]
    lines.append(cyan.total)
    drawn = {road.id for road in plan.rough_roads[round_no - 1]}
    if "bad-luck" in drawn:
        lines.append(
            "- Rough Roads, Bad Luck: its costs (1 a hit, 1 a battery) are already in your "
            "Event boxes, so in your Events total."
        )
    titles = plan.options.titles
    points = reward(content, titles, round_no)
    if points is not None:
        table: TitlesFile = content.extras["titles"]
        for title in table.titles.values():
            lines += [title.count, title.example]
        lines.append(table.award.format(round=round_no, reward=points))
    return lines


def trucking_score_spec(spec: Any, content: GalaxyTrucker) -> Any:
    """The rankings' score spec (generator/host/rankings.py) with this pack's title rewards; the
    plan records the game's choice (options.titles), which the scoreboard reads."""
    table: TitlesFile = content.extras["titles"]
    return dataclasses.replace(
        spec,
        title_rewards={name: tuple(values) for name, values in table.rewards.items()},
        # The cyan alien aboard at the end of the round, as the player posts it: the Lawyer
        # shares a title with a best count up to 1 higher (the rulebook: "if the best score
        # is 4, you tie with a score of 3 or 3 1/2; if the best is 1, not even the Lawyer
        # helps at 0").
        ability_column="ability",
        abilities=get_args(Ability),
        title_reach={"Lawyer": Fraction(1)},
    )
