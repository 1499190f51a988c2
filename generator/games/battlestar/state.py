"""What is on the moderator's table at one moment: players (hands, loyalty cards, revealed,
Brig), titles, the fleet's dials and tracks, the decks, an open skill check, and the end.

The state is never saved: it is rebuilt by replaying the log over the setup, so the log is
the single record of a game and a replay always gives the same table."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.common.bidi import isolate
from generator.games.battlestar.board import Board, location_name
from generator.games.battlestar.content import TITLES, Battlestar
from generator.games.battlestar.decks import Deck
from generator.games.battlestar.loyalty import CYLON, SYMPATHIZER, LoyaltyCard
from generator.games.battlestar.titles import after_change

Card = tuple[str, str]  # (deck id, card): ("skill:politics", "politics:3"), ("quorum", "Quorum 4")
RESOURCE_IDS = ("food", "fuel", "morale", "population")
# The turn rules held to, written into a new log's first entry: 2, the turn's steps and the
# hand limit; 3, the turn as a sequence (each step once, for the current player only, one
# action, one Crisis card unless a card says otherwise) and the rulings of
# shared/reference (Galactica's six locations, the Brig, the red zone, the raider tie-break);
# 4, Command's activations follow each unmanned viper wherever it moves (each once per
# Command action), a card the current player plays in their turn says whether it is the
# turn's action, and the thread says an entry logged before the turn's Receive Skills as
# such and ends a turn's post with an undo that ends the turn. A log keeps the rules it was
# begun under, so it replays as it was accepted.
RULES = 4
SEQUENCED = 3
VIPERS_FOLLOWED = 4  # Command's activations are counted per viper, not per area
PLAYS_SAID = 4  # the current player's card is played --action or --interrupt
POSTS_IN_ORDER = 4  # entries before Receive Skills said so; an undo putting `next` ends a turn
HAND_LIMIT = 10  # skill cards, at the end of any player's turn
REVEAL_HAND = 3  # a revealed Cylon discards down to this many skill cards
COMMAND_VIPERS = 2  # Command's action activates up to 2 unmanned vipers
CRISIS_KINDS = {"attack": "Cylon attack", "check": "skill check", "event": "event"}
ICONS = {
    "raiders": "activate raiders",
    "heavy-raiders": "activate heavy raiders (and centurions)",
    "basestars": "basestars attack",
    "launch-raiders": "basestars launch raiders",
    "none": "no activation",
}


def skill_deck(type_id: str) -> str:
    return f"skill:{type_id}"


@dataclass
class Player:
    seat: int
    name: str
    character: str
    hand: list[Card] = field(default_factory=list)
    loyalty: list[LoyaltyCard] = field(default_factory=list)
    revealed: bool = False
    brig: bool = False

    def holds_cylon_card(self) -> bool:
        return any(card.kind == CYLON for card in self.loyalty)

    def holds_sympathizer(self) -> bool:
        return any(card.kind == SYMPATHIZER for card in self.loyalty)

    def skill_cards(self) -> int:
        return sum(1 for deck, _ in self.hand if deck.startswith("skill:"))


@dataclass
class CrisisStep:
    """The Crisis card of this turn and the steps it leaves: resolve it, activate the Cylon
    ships by its icon, prepare for jump. The moderator names its kind and icons."""

    card: str
    kind: str | None = None  # attack, check, event; None: not named (an older log)
    icon: str | None = None
    jump: bool = False
    resolved: bool = False
    activated: bool = False
    prepared: bool = False
    checked: bool = False  # its skill check was opened

    def open_steps(self) -> list[str]:
        steps = []
        if self.kind is not None and not self.resolved:
            steps.append("resolve")
        if self.icon not in (None, "none") and not self.activated:
            steps.append("activate")
        if self.jump and not self.prepared:
            steps.append("prep")
        return steps


@dataclass
class SkillCheck:
    name: str
    types: tuple[str, ...]
    difficulty: int
    partial: int | None
    order: tuple[int, ...]  # seats in contribution order
    added: dict[int, list[str]] = field(default_factory=dict)  # seat -> skill card keys

    def next_seat(self) -> int | None:
        return next((s for s in self.order if s not in self.added), None)


@dataclass
class TableState:
    content: Battlestar
    seed: str
    game_id: str
    players: list[Player]
    first_seat: int
    current_seat: int
    titles: dict[str, int | None]
    resources: dict[str, int]
    reserves: dict[str, int]
    nukes: int
    decks: dict[str, Deck]
    destiny: list[str]
    sleeper_deal: dict[int, list[LoyaltyCard]]
    board: Board
    turn: int = 1
    jump: int = 0
    distance: int = 0
    jumps: int = 0
    destiny_builds: int = 0
    sleeper_done: bool = False
    jump_due: bool = False
    table_cards: list[Card] = field(default_factory=list)
    destinations: list[str] = field(default_factory=list)
    check: SkillCheck | None = None
    winner: str | None = None
    end_reason: str = ""
    # This turn: Receive Skills done, the movement step used, the Crisis card and its steps,
    # a reveal that skips the Crisis step.
    skills_received: bool = False
    moved: bool = False
    crisis: CrisisStep | None = None
    skip_crisis: bool = False
    # The rules the log was written under: 1, a log begun before the kit held to the turn
    # rules (its entries replay as they were accepted); RULES, one begun since.
    rules: int = 2
    # This turn (a log of rules 3 on): the action step is used; the unmanned vipers Command
    # activated, by the area each was in; the Crisis cards drawn.
    acted: bool = False
    command_used: dict[str, int] = field(default_factory=dict)
    # Rules 4 on: those vipers by the area each is in now (one that moved is done there too).
    command_vipers: dict[str, int] = field(default_factory=dict)
    crises: int = 0
    discard_to: dict[int, int] = field(default_factory=dict)  # seat -> skill cards to keep

    # --- who is who ---------------------------------------------------------------------
    def player(self, seat: int) -> Player:
        return self.players[seat]

    def who(self, seat: int) -> str:
        """'alice (Laura Roslin)': how posts name a player (the name isolated when it holds
        a right-to-left letter, common/bidi.py)."""
        player = self.players[seat]
        return f"{isolate(player.name)} ({self.content.character(player.character).name})"

    def holder(self, title: str) -> int | None:
        return self.titles.get(title)

    def characters(self) -> dict[int, str]:
        return {p.seat: p.character for p in self.players}

    def revealed_seats(self) -> set[int]:
        return {p.seat for p in self.players if p.revealed}

    def brig_seats(self) -> set[int]:
        return {p.seat for p in self.players if p.brig}

    def pass_titles(self) -> list[tuple[str, int | None, int | None]]:
        """Apply succession after a reveal or a Brig move; returns (title, from, to) changes.
        The Quorum hand goes with the President title."""
        before = dict(self.titles)
        self.titles = after_change(
            self.content, before, self.characters(), self.revealed_seats(), self.brig_seats()
        )
        changes = []
        for title in TITLES:
            if before[title] != self.titles[title]:
                changes.append((title, before[title], self.titles[title]))
                if title == "president":
                    self.move_quorum_hand(before[title], self.titles[title])
        return changes

    def move_quorum_hand(self, old: int | None, new: int | None) -> None:
        if old is None or new is None:
            return
        quorum = [c for c in self.players[old].hand if c[0] == "quorum"]
        self.players[old].hand = [c for c in self.players[old].hand if c[0] != "quorum"]
        self.players[new].hand += quorum

    # --- the fleet ----------------------------------------------------------------------
    def red_resources(self) -> list[str]:
        return [r.id for r in self.content.resources if self.resources[r.id] <= r.red_at]

    def sleeper_due(self) -> bool:
        return not self.sleeper_done and self.distance >= self.content.sleeper_distance

    @property
    def over(self) -> bool:
        return self.winner is not None

    def over_hand_limit(self) -> list[int]:
        if not self.strict:
            return []
        return [p.seat for p in self.players if p.skill_cards() > HAND_LIMIT]

    @property
    def strict(self) -> bool:
        return self.rules >= 2

    @property
    def sequenced(self) -> bool:
        """The turn is a sequence the kit enforces (a log begun under rules 3 or later)."""
        return self.rules >= SEQUENCED

    def sympathizer_due(self) -> bool:
        """The Sympathizer is revealed at once: after the sleeper deal nothing else goes on
        while someone holds it unrevealed."""
        return (
            self.strict and self.sleeper_done and any(p.holds_sympathizer() for p in self.players)
        )

    def no_crisis_step(self) -> bool:
        """A revealed Cylon's turn, or the turn a player revealed in: no Crisis step."""
        player = self.players[self.current_seat]
        return self.skip_crisis or player.revealed or (self.sequenced and player.brig)

    def where(self, seat: int) -> str:
        return location_name(self.board.positions.get(seat, "stranded"))

    def queue(self) -> list[str]:
        """Whom the game waits for now, in order (the public "action queue")."""
        if self.winner is not None:
            return [f"Nobody: the game is over ({self.winner} win)."]
        items: list[str] = []
        if self.sympathizer_due():
            # Never who: the thread learns it from the reveal itself, a moment later.
            return [
                "The player dealt the Sympathizer: reveal it now, before anything else "
                "(the moderator records it with bsg sympathizer)"
            ]
        for seat, keep in sorted(self.discard_to.items()):
            have = self.players[seat].skill_cards()
            items.append(
                f"{self.who(seat)}: discard down to {keep} skill cards (holds {have}; "
                "bsg play --discard)"
            )
        if self.check is not None:
            adding = self.check.next_seat()
            if adding is not None:
                waiting = [s for s in self.check.order if s not in self.check.added]
                brig = " (in the Brig: at most 1 card)" if self.players[adding].brig else ""
                items.append(
                    f"{self.who(adding)}: add cards to the skill check ({self.check.name}) by "
                    f"private message, or pass{brig}"
                )
                items += [f"then {isolate(self.players[s].name)}" for s in waiting[1:]]
            else:
                items.append(f"Moderator: resolve the skill check {self.check.name}")
            return items
        if self.jump_due:
            admiral = self.holder("admiral")
            name = self.who(admiral) if admiral is not None else "the Admiral"
            items.append(
                f"{name}: Admiral, draw 2 Destination cards and choose one; the fleet jumps"
            )
            return items
        if self.sleeper_due():
            items.append("Moderator: the sleeper agent phase (a second Loyalty card each)")
            return items
        items += self._turn_step()
        return items

    def acting(self) -> list[str]:
        """The players the queue waits for first, by name (whom `sheetgen send` pings):
        those who must discard, then the next to add to a skill check, or the Admiral at a
        jump, or the current player. Nobody while the moderator acts or a secret would be
        told (who holds the Sympathizer)."""
        if self.winner is not None or self.sympathizer_due():
            return []
        seats = sorted(self.discard_to)
        if self.check is not None:
            seat = self.check.next_seat()
            seats += [seat] if seat is not None else []
        elif self.jump_due:
            admiral = self.holder("admiral")
            seats += [admiral] if admiral is not None else []
        elif not self.sleeper_due():
            seats.append(self.current_seat)
        return [self.players[seat].name for seat in dict.fromkeys(seats)]

    def _turn_step(self) -> list[str]:
        who = self.who(self.current_seat)
        turn = f"turn {self.turn}"
        revealed = self.players[self.current_seat].revealed
        if not self.skills_received:
            if revealed:
                return [
                    f"{who}: {turn}, Receive Skills (2 cards of any type), then movement, action"
                ]
            return [f"{who}: {turn}, Receive Skills (then movement, action, crisis)"]
        crisis = self.crisis
        if crisis is None and self.sequenced and not revealed and not self.skip_crisis:
            return [self._before_crisis(who, turn)]
        if crisis is None:
            if revealed:
                return [
                    f"{who}: {turn}, movement, action (a revealed Cylon has no Crisis step), end it"
                ]
            if self.skip_crisis:
                return [f"{who}: {turn} has no Crisis step (a Cylon revealed): end it (bsg next)"]
            step = "movement, action" if not self.moved else "action"
            return [f"{who}: {turn}, {step}, then draw the Crisis card"]
        items: list[str] = []
        steps = crisis.open_steps()
        if "resolve" in steps:
            kind = CRISIS_KINDS.get(crisis.kind or "", "")
            items.append(f"{who}: resolve {crisis.card} ({kind})")
        if "activate" in steps:
            items.append(f"Moderator: activate Cylon ships: {ICONS[crisis.icon or 'none']}")
        if "prep" in steps:
            items.append("Moderator: prepare for jump (the Crisis card's icon)")
        over = self.over_hand_limit()
        if over:
            names = ", ".join(isolate(self.players[s].name) for s in over)
            items.append(f"At the end of the turn: discard down to {HAND_LIMIT} ({names})")
        items.append(f"{who}: end {turn} (then {self.who(self.next_seat())})")
        return items

    def _before_crisis(self, who: str, turn: str) -> str:
        """The steps left before the Crisis card (a log of rules 3 on)."""
        player = self.players[self.current_seat]
        if player.brig:
            if self.acted:
                return f"{who}: {turn}, in the Brig: no Crisis card; end it (bsg next)"
            return (
                f"{who}: {turn}, in the Brig: the action (only the Brig's own check), then end "
                "it (no Crisis card)"
            )
        steps = []
        if not self.moved and not self.acted:
            steps.append("movement")
        if self.command_used:
            left = COMMAND_VIPERS - sum(self.command_used.values())
            if left > 0:
                steps.append(f"Command: {left} more unmanned viper{'s' if left != 1 else ''}")
        elif not self.acted:
            steps.append("action")
        return f"{who}: {turn}, {', '.join([*steps, 'then draw the Crisis card'])}"

    def next_seat(self) -> int:
        return (self.current_seat + 1) % len(self.players)
