"""Keep on Trucking's five adventure card kinds, added to Galaxy Trucker's on this game's own
registry (keep_on_trucking/kinds.py)
(rulings: shared/reference/keep-on-trucking.md, "Adventure cards"). The nine cards are our
own design (cards.yaml); their names and how-to-resolve texts are the pack's (texts.yaml).

- Junkyard: 4 rows of cost -> reward (a slash: choose one); meteors or shots as a cost get
  one hidden roll each, for every row, so a player reads only the row taken;
- Wide-Open Space: twice the engine strength;
- Meteor Vortex: a Meteoric Swarm where the side chosen before the rolls are read misses;
- Antitrust Check: a limit per component type, line by line;
- Bad Day (level I only): epidemic; + sabotage from round 2; + stardust in round 3. Sabotage
  is up to 3 coordinate rolls (row 2d6, then column 2d6), all rolled and hidden; the dice
  image says they apply only on a round 2 or 3 flight."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from msgspec import Meta

from generator.art import icons
from generator.art.icons import INK, TRAVEL
from generator.art.surface import Surface
from generator.games.galaxy_trucker.art import goods as goods_art
from generator.games.galaxy_trucker.art.cards import Row, big, caption, heading, hit_rows, stat
from generator.games.galaxy_trucker.card_kinds import FROM, goods_words, hit_words
from generator.games.galaxy_trucker.kinds import CardKind, Hit
from generator.games.galaxy_trucker.model import CardBase, Id, Meteor, Positive, Shot
from generator.pack.validation import Strict

if TYPE_CHECKING:
    from generator.games.galaxy_trucker.content import GalaxyTrucker

LINE = {"front": "column", "rear": "column", "left": "row", "right": "row"}
ARROW = "\u2192"
# Vera has no arrow glyph: the pictures use a guillemet.
PICTURE_ARROW = "\u00bb"
MINUS = "\u2212"


class CoordinateRoll(Hit):
    """A Sabotage roll: a row or a column number read straight off the sheet (never mirrored
    or wrapped; on Ship IA read by the labels)."""


# --- schemas -----------------------------------------------------------------------------
class JunkCost(Strict, frozen=True, kw_only=True):
    crew: Positive | None = None
    batteries: Positive | None = None
    goods: Positive | None = None  # any colour; batteries cannot stand in
    days: Positive | None = None
    meteors: Annotated[list[Meteor], Meta(min_length=1, max_length=4)] | None = None
    shots: Annotated[list[Shot], Meta(min_length=1, max_length=4)] | None = None

    def __post_init__(self) -> None:
        if not any(getattr(self, f) for f in self.__struct_fields__):
            raise ValueError("a cost needs at least one of: " + ", ".join(self.__struct_fields__))


class JunkReward(Strict, frozen=True, kw_only=True):
    credits: Positive | None = None
    goods: Annotated[list[Id], Meta(min_length=1, max_length=6)] | None = None
    batteries: Positive | None = None
    crew: Positive | None = None
    days: Positive | None = None  # days gained

    def __post_init__(self) -> None:
        if not any(getattr(self, f) for f in self.__struct_fields__):
            raise ValueError("a reward needs at least one of: " + ", ".join(self.__struct_fields__))


class JunkRow(Strict, frozen=True, kw_only=True):
    cost: JunkCost
    # Two rewards are a slash: the player chooses one.
    reward: Annotated[list[JunkReward], Meta(min_length=1, max_length=2)]


class JunkyardCard(CardBase, tag="junkyard", frozen=True, kw_only=True):
    rows: Annotated[list[JunkRow], Meta(min_length=4, max_length=4)]


class WideOpenSpaceCard(CardBase, tag="wide-open-space", frozen=True, kw_only=True):
    pass


class MeteorVortexCard(CardBase, tag="meteor-vortex", frozen=True, kw_only=True):
    meteors: Annotated[list[Meteor], Meta(min_length=1, max_length=12)]


ComponentType = Literal[
    "single-cannon", "double-cannon", "single-engine", "double-engine", "shield", "battery"
]
COMPONENT_WORDS = {
    "single-cannon": ("single cannon", "single cannons"),
    "double-cannon": ("double cannon", "double cannons"),
    "single-engine": ("single engine", "single engines"),
    "double-engine": ("double engine", "double engines"),
    "shield": ("shield", "shields"),
    "battery": ("battery component", "battery components"),
}


class Limit(Strict, frozen=True, kw_only=True):
    component: ComponentType
    limit: Annotated[int, Meta(ge=0, le=20)]


class AntitrustCheckCard(CardBase, tag="antitrust-check", frozen=True, kw_only=True):
    limits: Annotated[list[Limit], Meta(min_length=1, max_length=6)]


class BadDayCard(CardBase, tag="bad-day", frozen=True, kw_only=True):
    sabotage_rolls: Annotated[int, Meta(ge=1, le=3)] = 3

    def __post_init__(self) -> None:
        if self.level != 1:
            raise ValueError(f"Bad Day is a level I card (got level {self.level}, expected 1)")


# --- words -------------------------------------------------------------------------------
def _n(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def cost_words(cost: JunkCost) -> str:
    parts = []
    if cost.crew:
        parts.append(f"give up {cost.crew} crew")
    if cost.batteries:
        parts.append(f"pay {_n(cost.batteries, 'battery', 'batteries')}")
    if cost.goods:
        parts.append(f"pay {_n(cost.goods, 'good', 'goods')} (any colour)")
    if cost.meteors:
        parts.append(
            _n(len(cost.meteors), "meteor", "meteors")
            + " ("
            + ", ".join(f"{m.size} {FROM[m.direction]}" for m in cost.meteors)
            + ")"
        )
    if cost.shots:
        parts.append(
            _n(len(cost.shots), "shot", "shots")
            + " ("
            + ", ".join(
                f"{'heavy' if s.size == 'large' else 'light'} {FROM[s.direction]}"
                for s in cost.shots
            )
            + ")"
        )
    if cost.days:
        parts.append(f"lose {_n(cost.days, 'day', 'days')}")
    return " + ".join(parts)


def reward_words(reward: JunkReward) -> str:
    parts = []
    if reward.credits:
        parts.append(f"+{_n(reward.credits, 'credit', 'credits')}")
    if reward.goods:
        parts.append(f"load {goods_words(reward.goods)}")
    if reward.batteries:
        parts.append(f"+{_n(reward.batteries, 'battery', 'batteries')}")
    if reward.crew:
        parts.append(f"+{reward.crew} crew")
    if reward.days:
        parts.append(f"+{_n(reward.days, 'day', 'days')}")
    return " and ".join(parts)


def row_words(number: int, row: JunkRow) -> str:
    rewards = " / ".join(reward_words(r) for r in row.reward)
    return f"Row {number}: {cost_words(row.cost)} {ARROW} {rewards}"


# A good's cube in a picture row, in text sizes: large enough that the value printed on it
# is as large as the words beside it.
CUBE = 1.5

# A piece of a picture row: ("text", words), ("cubes", colours) or ("hit", Hit).
Segment = tuple[str, Any]


def segments_width(s: Surface, segments: list[Segment], size: float) -> float:
    total = 0.0
    for kind, value in segments:
        if kind == "text":
            total += s.text_width(value, size=size, font="VeraBd")
        elif kind == "cubes":
            total += size * CUBE * len(value) + size * 0.2
        else:
            total += size * 1.9 + s.text_width(_hit_letter(value), size=size, font="VeraBd")
    return total


def _hit_letter(hit: Hit) -> str:
    """The size of a meteor or shot in a picture row, as a letter beside its arrow (inside
    the rock it was too small to read in a post)."""
    return "L" if hit.size == "large" else "S"


def segment_row(
    segments: list[Segment],
    content: GalaxyTrucker,
    card_lines: list[list[Segment]] | None = None,
    weight: float = 1.0,
) -> Row:
    """Words, goods cubes and meteor or shot pictograms on one line, shrunk together to fit
    the card's width (a Junkyard row: cost, then reward). The widest of `card_lines` (every
    line of the card) decides the shrinking, so the rows keep one size; it is measured at the
    size the card finally gives its text (a scale taken at the starting size shrank the text
    twice). A line is one row of text, so its text may take 0.8 of the row's height."""

    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        size = min(ts, h * 0.8)
        widest = max(segments_width(s, line, size) for line in card_lines or [segments])
        if widest > w:
            size *= w / widest
        cx = x
        mid = y + h / 2
        for kind, value in segments:
            if kind == "text":
                s.text(cx, mid + size * 0.36, value, size=size, font="VeraBd", color=INK)
                cx += s.text_width(value, size=size, font="VeraBd")
            elif kind == "cubes":
                for colour in value:
                    good = content.goods.get(colour)
                    label = str(good.value) if good else None
                    goods_art.cube(s, cx + size * CUBE / 2, mid, size * CUBE, colour, label)
                    cx += size * CUBE
                cx += size * 0.2
            else:
                large = value.size == "large"
                draw_icon = icons.meteor if value.noun == "meteor" else icons.shot
                draw_icon(s, cx + size * 0.55, mid, size * 1.1, large, letter=False)
                icons.arrow(s, cx + size * 1.35, mid, size * 0.8, TRAVEL[value.direction])
                cx += size * 1.8
                letter = _hit_letter(value)
                s.text(cx, mid + size * 0.36, letter, size=size, font="VeraBd", color=INK)
                cx += s.text_width(letter, size=size, font="VeraBd") + size * 0.1

    return Row(draw, weight=weight)


def fitted_stat(icon: Any, text: str) -> Row:
    """An icon and bold words, the words shrunk to fit the card's width."""

    def draw(s: Surface, x: float, y: float, w: float, h: float, ts: float) -> None:
        if icon is not None:
            icon(s, x + h * 0.5, y + h / 2, h * 0.78)
        left = x + h * 1.0  # close to the icon, so "double cannons ≤ 2" keeps its 28 px
        size = ts
        room = x + w - left
        if s.text_width(text, size=size, font="VeraBd") > room:
            size *= room / s.text_width(text, size=size, font="VeraBd")
        s.text(left, y + h / 2 + size * 0.36, text, size=size, font="VeraBd", color=INK)

    return Row(draw)


def _cost_segments(number: int, cost: JunkCost) -> list[Segment]:
    segs: list[Segment] = [("text", f"{number}. ")]
    words = []
    if cost.crew:
        words.append(f"{MINUS}{cost.crew} crew")
    if cost.batteries:
        words.append(f"{MINUS}{cost.batteries} batt")
    if cost.goods:
        words.append(f"{MINUS}{cost.goods} goods")
    if cost.days:
        words.append(f"{MINUS}{cost.days} d")
    if words:
        segs.append(("text", " ".join(words) + " "))
    for m in cost.meteors or []:
        segs.append(("hit", Hit("meteor", m.size, m.direction)))
    for sh in cost.shots or []:
        segs.append(("hit", Hit("shot", sh.size, sh.direction)))
    return segs


def _reward_segments(reward: JunkReward) -> list[Segment]:
    segs: list[Segment] = []
    words = []
    if reward.credits:
        words.append(f"+{reward.credits} cr")
    if reward.batteries:
        words.append(f"+{reward.batteries} batt")
    if reward.crew:
        words.append(f"+{reward.crew} crew")
    if reward.days:
        words.append(f"+{reward.days} d")
    if words:
        segs.append(("text", " ".join(words)))
    if reward.goods:
        segs.append(("cubes", list(reward.goods)))
    return segs


# --- kinds -------------------------------------------------------------------------------
class Junkyard(CardKind):
    name = "junkyard"
    schema = JunkyardCard
    colour = (120, 95, 60)
    text_fields = ("rows",)
    roll_note = "for the meteors and shots of every row: read only the row you take"
    roll_condition = "Junkyard: read only the rolls of the row you took"

    def hits(self, card: JunkyardCard) -> list[Hit]:
        hits: list[Hit] = []
        for r, row in enumerate(card.rows, 1):
            things: list[tuple[str, Meteor | Shot]] = [
                ("meteor", m) for m in row.cost.meteors or []
            ]
            things += [("shot", s) for s in row.cost.shots or []]
            for k, (noun, h) in enumerate(things, 1):
                size = h.size if noun == "meteor" else ("heavy" if h.size == "large" else "light")
                label = f"row {r} {noun} {k}, {size}, {FROM[h.direction]} ({LINE[h.direction]})"
                hits.append(Hit(noun, h.size, h.direction, label))
        return hits

    def goods(self, card: JunkyardCard) -> list[tuple[tuple[str | int, ...], str]]:
        return [
            (("rows", r, "reward", k, "goods", j), g)
            for r, row in enumerate(card.rows)
            for k, reward in enumerate(row.reward)
            for j, g in enumerate(reward.goods or [])
        ]

    def fields(self, content: GalaxyTrucker, card: JunkyardCard) -> dict[str, Any]:
        return {"rows": "; ".join(row_words(i, r) for i, r in enumerate(card.rows, 1))}

    def summary(self, content: GalaxyTrucker, card: JunkyardCard) -> list[str]:
        # The hit lines come last, one per roll (Discord puts each roll on its own line).
        hits = self.hits(card)
        return [row_words(i, r) for i, r in enumerate(card.rows, 1)] + [
            f"{h.label[0].upper()}{h.label[1:]}" for h in hits
        ]

    def rows(
        self, surface: Surface, content: GalaxyTrucker, card: JunkyardCard, room: float, size: float
    ) -> list[Row]:
        # Two lines a row, cost then reward, so the text stays large on a phone.
        lines: list[list[Segment]] = []
        for i, row in enumerate(card.rows, 1):
            lines.append(_cost_segments(i, row.cost))
            reward: list[Segment] = [("text", f"   {PICTURE_ARROW} ")]
            for k, option in enumerate(row.reward):
                if k:
                    reward.append(("text", " / "))
                reward += _reward_segments(option)
            lines.append(reward)
        return [heading("take one row, or none:")] + [
            segment_row(segs, content, lines, weight=0.8) for segs in lines
        ]


class WideOpenSpace(CardKind):
    name = "wide-open-space"
    schema = WideOpenSpaceCard
    colour = (25, 35, 80)

    def summary(self, content: GalaxyTrucker, card: WideOpenSpaceCard) -> list[str]:
        return ["Record twice your engine strength; 0 = adrift"]

    def rows(
        self,
        surface: Surface,
        content: GalaxyTrucker,
        card: WideOpenSpaceCard,
        room: float,
        size: float,
    ) -> list[Row]:
        return [
            big(icons.engine_flame, 2),
            *caption(surface, "move 2 spaces per engine strength", room, size),
        ]


class MeteorVortex(CardKind):
    name = "meteor-vortex"
    schema = MeteorVortexCard
    colour = (135, 70, 40)
    text_fields = ("count",)
    roll_note = "one per meteor; choose your side before you read them"

    def hits(self, card: MeteorVortexCard) -> list[Hit]:
        return [Hit("meteor", m.size, m.direction) for m in card.meteors]

    def fields(self, content: GalaxyTrucker, card: MeteorVortexCard) -> dict[str, Any]:
        return {"count": len(card.meteors)}

    def summary(self, content: GalaxyTrucker, card: MeteorVortexCard) -> list[str]:
        # The sides first, on a line of their own: a player chooses before reading any roll
        # (on Facebook the meteor lines go to the comment with their rolls).
        counts: dict[str, list[str]] = {}
        for m in card.meteors:
            counts.setdefault(m.direction, []).append(m.size)
        sides = "; ".join(
            f"{d}: {', '.join(f'{sizes.count(z)} {z}' for z in ('large', 'small') if z in sizes)}"
            for d, sizes in counts.items()
        )
        return [f"Meteors by side - {sides}", *hit_words(self.hits(card))]

    def rows(
        self,
        surface: Surface,
        content: GalaxyTrucker,
        card: MeteorVortexCard,
        room: float,
        size: float,
    ) -> list[Row]:
        return [heading("first pick a side: it misses"), *hit_rows(self.hits(card))]


def limit_words(limit: Limit) -> str:
    one, many = COMPONENT_WORDS[limit.component]
    return f"more than {limit.limit} {one if limit.limit == 1 else many}"


class AntitrustCheck(CardKind):
    name = "antitrust-check"
    schema = AntitrustCheckCard
    colour = (70, 70, 90)
    text_fields = ("limits",)

    def fields(self, content: GalaxyTrucker, card: AntitrustCheckCard) -> dict[str, Any]:
        return {"limits": "; ".join(limit_words(lim) for lim in card.limits)}

    def summary(self, content: GalaxyTrucker, card: AntitrustCheckCard) -> list[str]:
        return [
            f"Line {i}: {limit_words(lim)} - give one up" for i, lim in enumerate(card.limits, 1)
        ]

    def rows(
        self,
        surface: Surface,
        content: GalaxyTrucker,
        card: AntitrustCheckCard,
        room: float,
        size: float,
    ) -> list[Row]:
        rows = [heading("over the limit: give 1 up")]
        for lim in card.limits:
            _, many = COMPONENT_WORDS[lim.component]
            icon: Any = icons.target if "cannon" in lim.component else icons.engine_flame
            if lim.component in ("shield", "battery"):
                icon = icons.cell if lim.component == "battery" else None
            rows.append(fitted_stat(icon, f"{many} \u2264 {lim.limit}"))
        return rows


# The rows of Bad Day that apply on a flight of each round, in order.
BAD_DAY_ROWS = {
    1: ("epidemic",),
    2: ("epidemic", "sabotage"),
    3: ("epidemic", "sabotage", "stardust"),
}


class BadDay(CardKind):
    name = "bad-day"
    schema = BadDayCard
    colour = (110, 40, 70)
    roll_note = "for the sabotage (row, then column; up to 3 tries), used only in rounds 2 and 3"
    roll_condition = "Bad Day: sabotage rolls only on a round 2 or 3 flight"

    def hits(self, card: BadDayCard) -> list[Hit]:
        hits: list[Hit] = []
        for k in range(1, card.sabotage_rolls + 1):
            for line in ("row", "column"):
                hits.append(
                    CoordinateRoll(
                        "sabotage", "", line, f"sabotage try {k} {line}, the {line} it names"
                    )
                )
        return hits

    def summary(self, content: GalaxyTrucker, card: BadDayCard) -> list[str]:
        return [
            "Round 1 flight: epidemic",
            "Round 2 flight: epidemic, then sabotage",
            "Round 3 flight: epidemic, sabotage, then stardust",
        ] + [f"{h.label[0].upper()}{h.label[1:]}" for h in self.hits(card)]

    def rows(
        self, surface: Surface, content: GalaxyTrucker, card: BadDayCard, room: float, size: float
    ) -> list[Row]:
        return [
            heading("by the round's flight:"),
            stat(icons.crew, "I: epidemic"),
            stat(icons.target, "II: + sabotage"),
            stat(icons.days, "III: + stardust"),
            *caption(
                surface, f"sabotage: up to {card.sabotage_rolls} row+column rolls", room, size
            ),
        ]


# The card kinds this game adds to Galaxy Trucker's, in their registry order (the order the
# player aid lists them in).
KINDS: tuple[type[CardKind], ...] = (Junkyard, WideOpenSpace, MeteorVortex, AntitrustCheck, BadDay)
ADVENTURE_KINDS = tuple(kind.name for kind in KINDS)
