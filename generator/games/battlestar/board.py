"""The board around Galactica: six space areas and their ships, the reserves, the Galactica
damage tokens, the centurion boarding track, the locations and each character's position.

The seed's rules excerpt names the setup ships, the component limits principle ("the
current player decides which ones are not placed") and the ways to lose (Galactica
destroyed or invaded); the counts, areas, tokens and attack table below are the base
game's, as its published rulebook gives them (no card text). They live here, not in the
pack, because they are the board itself: a pack does not change the board."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.plan.rng import Stream

# Clockwise around Galactica (her bow to the right). The setup puts the basestar and raiders
# in front (fore), a viper in each launch area below her, the civilian ships behind (aft).
AREAS: tuple[str, ...] = ("fore", "lower-fore", "lower-aft", "aft", "upper-aft", "upper-fore")
AREA_NAMES = {
    "fore": "Fore",
    "lower-fore": "Lower fore",
    "lower-aft": "Lower aft",
    "aft": "Aft",
    "upper-aft": "Upper aft",
    "upper-fore": "Upper fore",
}
LAUNCH_AREAS: tuple[str, ...] = ("lower-fore", "lower-aft")  # the viper launch icons

# Component limits (plastic ships and tokens in the box).
LIMITS = {"basestars": 2, "raiders": 16, "heavy-raiders": 4, "centurions": 4, "civilians": 12}
GALACTICA_DESTROYED_AT = 6  # damage tokens on Galactica
BASESTAR_DESTROYED_AT = 3  # damage (a critical hit counts 2)
BOARDING_SPACES = 4  # a centurion moving on from the last space: Galactica is boarded

# The attack table (die 1-8): the lowest roll that hits. Raider on viper: 5-7 damages, 8
# destroys. Nukes have their own table (see nuke_result).
HITS = {
    ("viper", "raider"): 3,
    ("viper", "heavy-raider"): 7,
    ("viper", "basestar"): 8,
    ("galactica", "raider"): 3,
    ("galactica", "heavy-raider"): 7,
    ("galactica", "basestar"): 5,
    ("raider", "viper"): 5,
    ("raider", "galactica"): 8,
    ("basestar", "galactica"): 4,
    ("armory", "centurion"): 7,
}
VIPER_DESTROYED_ON = 8

# The 8 Galactica damage tokens: 6 damage a location, 2 cost a resource.
GALACTICA_DAMAGE: tuple[tuple[str, str, str | None], ...] = (
    ("admirals-quarters", "Admiral's Quarters damaged", None),
    ("armory", "Armory damaged", None),
    ("command", "Command damaged", None),
    ("ftl-control", "FTL Control damaged", None),
    ("hangar-deck", "Hangar Deck damaged", None),
    ("weapons-control", "Weapons Control damaged", None),
    ("food", "Food stores hit: -1 food", "food"),
    ("fuel", "Fuel tanks hit: -1 fuel", "fuel"),
)
BASESTAR_DAMAGE: tuple[tuple[str, str, int], ...] = (
    ("critical-hit", "Critical hit", 2),
    ("disabled-hangar", "Disabled hangar", 1),
    ("disabled-weapons", "Disabled weapons", 1),
    ("structural-damage", "Structural damage", 1),
)

# The 12 civilian ship tokens: what each costs when destroyed.
CIVILIANS: tuple[dict[str, int], ...] = (
    {},
    {},
    *({"population": 1} for _ in range(6)),
    {"population": 2},
    {"population": 2},
    {"population": 1, "morale": 1},
    {"population": 1, "fuel": 1},
)

# Locations: id -> (name, where). Hazardous ones (Sickbay, Brig) are only reached by a card
# or a location's action, never by moving.
LOCATIONS: dict[str, tuple[str, str]] = {
    "command": ("Command", "galactica"),
    "admirals-quarters": ("Admiral's Quarters", "galactica"),
    "communications": ("Communications", "galactica"),
    "research-lab": ("Research Lab", "galactica"),
    "ftl-control": ("FTL Control", "galactica"),
    "weapons-control": ("Weapons Control", "galactica"),
    "hangar-deck": ("Hangar Deck", "galactica"),
    "armory": ("Armory", "galactica"),
    "sickbay": ("Sickbay", "galactica"),
    "brig": ("Brig", "galactica"),
    "press-room": ("Press Room", "colonial-one"),
    "presidents-office": ("President's Office", "colonial-one"),
    "administration": ("Administration", "colonial-one"),
    "caprica": ("Caprica", "cylon"),
    "cylon-fleet": ("Cylon Fleet", "cylon"),
    "human-fleet": ("Human Fleet", "cylon"),
    "resurrection-ship": ("Resurrection Ship", "cylon"),
}
HAZARDOUS = ("sickbay", "brig")
SHIP_NAMES = {"galactica": "Galactica", "colonial-one": "Colonial One", "cylon": "Cylon"}
SPACE = "space:"  # a position "space:lower-fore": piloting a viper there
STRANDED = "stranded"  # off the board (Helo until his second turn)


def location_name(position: str) -> str:
    if position.startswith(SPACE):
        return f"viper in {AREA_NAMES[position.removeprefix(SPACE)]}"
    if position == STRANDED:
        return "stranded"
    return LOCATIONS[position][0]


def ship_of(position: str) -> str:
    """galactica, colonial-one, cylon, space or stranded."""
    if position.startswith(SPACE):
        return "space"
    if position == STRANDED:
        return STRANDED
    return LOCATIONS[position][1]


def setup_position(setup: str, launches_viper: bool) -> str:
    """A character sheet's setup line as a position: a location's name, a viper, stranded."""
    if launches_viper:
        return SPACE + LAUNCH_AREAS[0]
    wanted = setup.casefold()
    if wanted.startswith("stranded"):
        return STRANDED
    for key, (name, _) in LOCATIONS.items():
        if name.casefold() == wanted:
            return key
    return STRANDED


@dataclass
class Basestar:
    label: str  # "A" or "B"
    damage: list[str] = field(default_factory=list)  # BASESTAR_DAMAGE ids

    def strength_lost(self) -> int:
        return sum(v for k, _, v in BASESTAR_DAMAGE if k in self.damage)

    def disabled(self, what: str) -> bool:
        return f"disabled-{what}" in self.damage


@dataclass
class Area:
    basestars: list[Basestar] = field(default_factory=list)
    raiders: int = 0
    heavy_raiders: int = 0
    vipers: list[int | None] = field(default_factory=list)  # pilot's seat, None unmanned
    civilians: list[int] = field(default_factory=list)  # indexes into CIVILIANS, face down


@dataclass
class Board:
    areas: dict[str, Area]
    civilian_pile: list[int]  # face down, in seeded order
    damage_pile: list[str]  # Galactica damage tokens, face down, in seeded order
    basestar_pile: list[str]  # basestar damage tokens, face down
    positions: dict[int, str]
    galactica_damage: list[str] = field(default_factory=list)  # token ids, in order drawn
    civilians_lost: list[int] = field(default_factory=list)  # revealed, in order
    centurions: list[int] = field(default_factory=list)  # a space 0..BOARDING_SPACES-1 each
    vipers_damaged: int = 0
    vipers_destroyed: int = 0
    raptors_destroyed: int = 0
    rolls: int = 0  # die rolls so far: each roll's stream is named by its number
    reshuffles: int = 0  # civilian ship pile rebuilt after a jump

    def roll(self, seed: str) -> int:
        self.rolls += 1
        return Stream(seed, "bsg", "die", self.rolls).die(8)

    def count(self, kind: str) -> int:
        areas = self.areas.values()
        if kind == "basestars":
            return sum(len(a.basestars) for a in areas)
        if kind == "raiders":
            return sum(a.raiders for a in areas)
        if kind == "heavy-raiders":
            return sum(a.heavy_raiders for a in areas)
        if kind == "civilians":
            return sum(len(a.civilians) for a in areas)
        if kind == "vipers":
            return sum(len(a.vipers) for a in areas)
        if kind == "centurions":
            return len(self.centurions)
        raise KeyError(kind)

    def free_basestar_label(self) -> str:
        used = {b.label for a in self.areas.values() for b in a.basestars}
        return next(label for label in "AB" if label not in used)

    def damaged_locations(self) -> set[str]:
        return {t for t in self.galactica_damage if t in LOCATIONS}

    def pilot_area(self, seat: int) -> str | None:
        where = self.positions.get(seat, "")
        return where.removeprefix(SPACE) if where.startswith(SPACE) else None


def new_board(seed: str, positions: dict[int, str], setup_vipers: int) -> Board:
    """The board after "Set Up Ships": a basestar and 3 raiders fore, the setup's vipers
    one to each launch area, 2 civilian ships drawn face down aft; piloting characters in a
    viper of their own in the first launch area."""
    civilians = Stream(seed, "bsg", "civilians", 0).shuffled(list(range(len(CIVILIANS))))
    damage = Stream(seed, "bsg", "galactica-damage").shuffled([t for t, _, _ in GALACTICA_DAMAGE])
    basestar = Stream(seed, "bsg", "basestar-damage", 0).shuffled(
        [t for t, _, _ in BASESTAR_DAMAGE]
    )
    areas = {a: Area() for a in AREAS}
    board = Board(areas, civilians, damage, basestar, dict(positions))
    areas["fore"].basestars.append(Basestar("A"))
    areas["fore"].raiders = 3
    for i in range(setup_vipers):
        areas[LAUNCH_AREAS[i % len(LAUNCH_AREAS)]].vipers.append(None)
    areas["aft"].civilians += [board.civilian_pile.pop(0) for _ in range(2)]
    for seat, where in sorted(positions.items()):
        if where.startswith(SPACE):
            areas[where.removeprefix(SPACE)].vipers.append(seat)
    return board


def ring_distance(a: str, b: str) -> int:
    i, j = AREAS.index(a), AREAS.index(b)
    d = abs(i - j)
    return min(d, len(AREAS) - d)


def adjacent(a: str, b: str) -> bool:
    return ring_distance(a, b) == 1


def step_toward(start: str, targets: list[str], clockwise: bool = True) -> str:
    """One area toward the nearest target, clockwise on a tie (the kit's choice for the
    current player, said in the post): of two targets as near, the one reached going
    clockwise. `clockwise=False`: the order of a log begun before (the first target in the
    board's order, which from some areas was the counter-clockwise one)."""
    if not targets:
        return start
    i = AREAS.index(start)
    if clockwise:
        nearest = min(
            targets, key=lambda t: (ring_distance(start, t), (AREAS.index(t) - i) % len(AREAS))
        )
    else:
        nearest = min(targets, key=lambda t: (ring_distance(start, t), AREAS.index(t)))
    j = AREAS.index(nearest)
    forward = (j - i) % len(AREAS)
    step = 1 if forward <= len(AREAS) - forward else -1
    return AREAS[(i + step) % len(AREAS)]


def civilian_text(index: int) -> str:
    loss = CIVILIANS[index]
    if not loss:
        return "no loss"
    return ", ".join(f"-{v} {k}" for k, v in loss.items())


def damage_text(token: str) -> str:
    return next(text for t, text, _ in GALACTICA_DAMAGE if t == token)
