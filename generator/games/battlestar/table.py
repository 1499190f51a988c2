"""The moderator's table: one function per command, each taking the state and the command's
arguments (as logged), changing the state and saying what to post.

A command that cannot apply raises TableError (exit 2) before changing anything that
matters: the CLI only logs a command whose function returned."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.errors import SheetgenError
from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.content import TITLES
from generator.games.battlestar.loyalty import SYMPATHIZER
from generator.games.battlestar.posts import Block, Span, b, item, para
from generator.games.battlestar.setup import build_destiny
from generator.games.battlestar.state import (
    RESOURCE_IDS,
    Card,
    SkillCheck,
    TableState,
    skill_deck,
)

PUBLIC_DECKS = ("crisis",)
PRIVATE_DECKS = {"super-crisis": None, "quorum": "president", "destination": "admiral"}
DECK_NAMES = {
    "crisis": "Crisis",
    "super-crisis": "Super Crisis",
    "quorum": "Quorum",
    "destination": "Destination",
}
TITLE_NAMES = {"president": "President", "admiral": "Admiral"}
FREE_TEXT = re.compile(r"^[^\[\]<>*_|`\\\x00-\x1f]{1,120}$")


class TableError(SheetgenError):
    """A command that does not fit the table as it stands."""


@dataclass
class Outcome:
    what: str  # the post's title after the turn number
    blocks: list[Block]
    messages: list[PrivateMessage] = field(default_factory=list)


Command = Callable[[TableState, int, dict[str, Any]], Outcome]


# --- helpers ------------------------------------------------------------------------------
def free_text(value: Any, what: str) -> str:
    text = str(value).strip()
    if not FREE_TEXT.match(text):
        raise TableError(
            f"{what} {text!r}: expected 1-120 characters without [ ] < > * _ | ` \\ (they "
            "would turn into forum markup)"
        )
    return text


def seat_of(state: TableState, name: Any) -> int:
    for player in state.players:
        if player.name.casefold() == str(name).casefold():
            return player.seat
    names = ", ".join(p.name for p in state.players)
    raise TableError(f"no player {name!r} (expected one of: {names})")


def message(state: TableState, n: int, command: str, seat: int, lines: list[str]) -> PrivateMessage:
    player = state.player(seat)
    head = (
        f"Battlestar Galactica · Game {state.game_id} · Turn {state.turn} · private message for "
        f"{player.name} (seat {seat + 1})"
    )
    hand = hand_text(state, seat)
    text = "\n".join([head, "", *lines, f"Your hand now: {hand}", ""])
    return PrivateMessage(f"{n:03d}-{command}/seat-{seat + 1}", seat, player.name, text)


def card_name(state: TableState, card: Card) -> str:
    deck, name = card
    return state.content.skill_card_name(name) if deck.startswith("skill:") else name


def hand_text(state: TableState, seat: int) -> str:
    hand = state.player(seat).hand
    return ", ".join(card_name(state, c) for c in hand) or "empty"


def commitments(state: TableState, messages: list[PrivateMessage]) -> list[Block]:
    return [
        item(f"Commitment of the message to {m.player} ({m.id}): {m.commitment(state.seed)}")
        for m in messages
    ]


def title_lines(
    state: TableState, changes: list[tuple[str, int | None, int | None]]
) -> list[Block]:
    blocks = []
    for title, old, new in changes:
        before = state.who(old) if old is not None else "nobody"
        after = state.who(new) if new is not None else "nobody (no one in the line may hold it)"
        blocks.append(para(f"{TITLE_NAMES[title]}: {before} → ", b(after)))
    return blocks


def take_from_hand(state: TableState, seat: int, refs: list[str], skill_only: bool) -> list[Card]:
    """Remove the named cards from a hand (all or none). A skill card is named by its type
    and value ('politics:3'), another card by its name."""
    hand = list(state.player(seat).hand)
    taken: list[Card] = []
    for ref in refs:
        wanted = str(ref).strip().casefold()
        match = next(
            (
                c
                for c in hand
                if c[1].casefold() == wanted and (c[0].startswith("skill:") or not skill_only)
            ),
            None,
        )
        if match is None:
            raise TableError(
                f"{state.player(seat).name} holds no {ref!r} (hand: {hand_text(state, seat)}; "
                "name skill cards as type:value, e.g. politics:3)"
            )
        hand.remove(match)
        taken.append(match)
    state.player(seat).hand = hand
    return taken


def discard(state: TableState, cards: list[Card]) -> None:
    for deck, name in cards:
        state.decks[deck].discard.append(name)


def not_over(state: TableState) -> None:
    if state.over:
        raise TableError(f"the game is over ({state.winner} win): nothing more to do")


def no_sleeper_due(state: TableState) -> None:
    if state.sleeper_due():
        raise TableError("the sleeper agent phase is due: deal it first (bsg sleeper)")


def no_open_check(state: TableState) -> None:
    if state.check is not None:
        raise TableError(f"the skill check {state.check.name!r} is open: resolve it first")


# --- cards --------------------------------------------------------------------------------
def cmd_draw(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Draw from a pack deck: Crisis cards go on the table in the open; Super Crisis,
    Quorum and Destination cards go to a player's hand by private message."""
    not_over(state)
    deck = str(args["deck"])
    count = int(args.get("count") or 1)
    if deck not in DECK_NAMES:
        raise TableError(f"no deck {deck!r} (expected one of: {', '.join(DECK_NAMES)}, or skills)")
    if not 1 <= count <= 10:
        raise TableError(f"draw {count} cards: expected 1-10")
    name = DECK_NAMES[deck]
    seat = None if deck in PUBLIC_DECKS else _deck_holder(state, deck, args.get("player"))
    cards = state.decks[deck].draw(state.seed, count)
    plural = "s" if count > 1 else ""
    if seat is None:
        state.table_cards += [(deck, c) for c in cards]
        return Outcome(
            f"{name} card{plural}",
            [para(f"{state.who(state.current_seat)} draws: ", *(_listed(cards)))],
        )
    state.player(seat).hand += [(deck, c) for c in cards]
    note = message(state, n, "draw", seat, [f"You drew ({name}): {', '.join(cards)}"])
    return Outcome(
        f"{name} card{plural}",
        [
            para(
                f"{state.who(seat)} draws ", b(f"{count} {name} card{plural}"), " (sent privately)."
            ),
            *commitments(state, [note]),
        ],
        [note],
    )


def _s(items: list[Any]) -> str:
    return "s" if len(items) != 1 else ""


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def _listed(cards: list[str]) -> list[Span]:
    spans: list[Span] = []
    for i, card in enumerate(cards):
        if i:
            spans.append(Span(", "))
        spans.append(b(card))
    return spans


def _deck_holder(state: TableState, deck: str, player: Any) -> int:
    if player:
        return seat_of(state, player)
    title = PRIVATE_DECKS.get(deck)
    holder = state.holder(title) if title else None
    if holder is None:
        raise TableError(f"say who draws the {DECK_NAMES[deck]} card (--player)")
    return holder


def cmd_skills(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Skill cards for a player: the types and counts given, or their whole skill set when
    it has no multi-skill (a multi-skill needs the player's choice)."""
    not_over(state)
    seat = seat_of(state, args["player"])
    content = state.content
    wanted: dict[str, int] = {str(k): int(v) for k, v in (args.get("types") or {}).items()}
    if not wanted:
        character = content.character(state.player(seat).character)
        multi = [e for e in character.skills if len(e.types) > 1]
        if multi:
            choices = " or ".join("/".join(e.types) for e in multi)
            raise TableError(
                f"{character.name} has a multi-skill ({choices}): give the types, e.g. "
                "politics=2 tactics=1"
            )
        for entry in character.skills:
            wanted[entry.types[0]] = wanted.get(entry.types[0], 0) + entry.count
    for type_id, count in wanted.items():
        if type_id not in content.skill_type_ids():
            raise TableError(
                f"unknown skill type {type_id!r} (expected one of: "
                f"{', '.join(content.skill_type_ids())})"
            )
        if not 1 <= count <= 10:
            raise TableError(f"{type_id}={count}: expected 1-10 cards")
    drawn: list[Card] = []
    for type_id, count in wanted.items():
        deck = skill_deck(type_id)
        drawn += [(deck, c) for c in state.decks[deck].draw(state.seed, count)]
    state.player(seat).hand += drawn
    names = ", ".join(card_name(state, c) for c in drawn)
    note = message(state, n, "skills", seat, [f"You drew: {names}"])
    counts = ", ".join(f"{count} {content.skill_name(t)}" for t, count in wanted.items())
    return Outcome(
        "Skill cards",
        [
            para(f"{state.who(seat)} draws ", b(counts), " (sent privately)."),
            *commitments(state, [note]),
        ],
        [note],
    )


def cmd_play(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A player plays or discards cards from their hand: they are shown and discarded."""
    not_over(state)
    seat = seat_of(state, args["player"])
    refs = [str(r) for r in args.get("cards") or []]
    if not refs:
        raise TableError("name the cards to play or discard")
    cards = take_from_hand(state, seat, refs, skill_only=False)
    discard(state, cards)
    verb = "discards" if args.get("discard") else "plays"
    return Outcome(
        "Cards played" if verb == "plays" else "Cards discarded",
        [para(f"{state.who(seat)} {verb}: ", *_listed([card_name(state, c) for c in cards]))],
    )


# --- skill checks -------------------------------------------------------------------------
def cmd_check_open(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    no_open_check(state)
    content = state.content
    name = free_text(args.get("name") or "skill check", "check name")
    types = tuple(str(t) for t in args.get("types") or [])
    if not types:
        raise TableError("name the check's skill types (e.g. --types politics,leadership)")
    for type_id in types:
        if type_id not in content.skill_type_ids():
            raise TableError(
                f"unknown skill type {type_id!r} (expected one of: "
                f"{', '.join(content.skill_type_ids())})"
            )
    difficulty = int(args["difficulty"])
    partial = args.get("partial")
    partial = int(partial) if partial is not None else None
    if not 0 <= difficulty <= 99 or (partial is not None and not 0 <= partial < difficulty):
        raise TableError("difficulty 0-99, and a partial threshold below it")
    count = len(state.players)
    order = tuple(
        seat
        for seat in ((state.current_seat + i) % count for i in range(1, count + 1))
        if not state.player(seat).revealed
    )
    state.check = SkillCheck(name, types, difficulty, partial, order)
    kinds = " + ".join(content.skill_name(t) for t in types)
    limits = f"difficulty {difficulty}" + (f", partial {partial}" if partial is not None else "")
    return Outcome(
        f"Skill check: {name}",
        [
            para("Skill check ", b(name), f": {kinds}, {limits}."),
            para(
                "Add cards face down by private message to the moderator, in this order "
                "(matching types count for, others against):"
            ),
            *(item(state.who(s)) for s in order),
        ],
    )


def cmd_check_add(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    check = state.check
    if check is None:
        raise TableError("no skill check is open (bsg check-open first)")
    seat = seat_of(state, args["player"])
    expected = check.next_seat()
    if expected is None:
        raise TableError("every player has added cards: resolve the check")
    if seat != expected:
        raise TableError(
            f"{state.player(expected).name} adds cards before {state.player(seat).name}"
        )
    cards = take_from_hand(state, seat, [str(c) for c in args.get("cards") or []], skill_only=True)
    check.added[seat] = [c[1] for c in cards]
    count = len(cards)
    text = f"{count} card{'s' if count != 1 else ''}" if count else "no cards (passes)"
    return Outcome(
        f"Skill check: {check.name}",
        [para(f"{state.who(seat)} adds ", b(text), " to the skill check.")],
    )


def cmd_check_resolve(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    check = state.check
    if check is None:
        raise TableError("no skill check is open")
    missing = [state.player(s).name for s in check.order if s not in check.added]
    if missing:
        raise TableError(f"still to add cards (or pass): {', '.join(missing)}")
    destiny: list[str] = []
    for _ in range(state.content.destiny_per_check):
        if not state.destiny:
            build_destiny(state)
        destiny.append(state.destiny.pop(0))
    cards = [c for seat in check.order for c in check.added[seat]] + destiny
    total = 0
    for key in cards:
        type_id, _, value = key.partition(":")
        total += int(value) if type_id in check.types else -int(value)
    if total >= check.difficulty:
        result = "PASS"
    elif check.partial is not None and total >= check.partial:
        result = "PARTIAL PASS"
    else:
        result = "FAIL"
    for key in cards:
        state.decks[skill_deck(key.partition(":")[0])].discard.append(key)
    counts = [item(f"{state.player(s).name}: {_cards(len(check.added[s]))}") for s in check.order]
    name = check.name
    state.check = None
    return Outcome(
        f"Skill check: {name}",
        [
            para("Skill check ", b(name), " resolved. Cards added:"),
            *counts,
            item(f"Destiny deck: {len(destiny)} cards"),
            para(
                "Total strength ",
                b(str(total)),
                f" against difficulty {check.difficulty}"
                + (f" (partial {check.partial})" if check.partial is not None else "")
                + ": ",
                b(result),
            ),
        ],
    )


# --- the fleet ----------------------------------------------------------------------------
def cmd_fleet(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Change resources, reserves or nukes by the amounts given (e.g. food=-1)."""
    not_over(state)
    content = state.content
    changes = {str(k): int(v) for k, v in (args.get("changes") or {}).items()}
    if not changes:
        raise TableError("give changes, e.g. food=-1 morale=-1")
    limits = {r.id: r.count for r in content.reserves}
    lines: list[Block] = []
    new_resources = dict(state.resources)
    new_reserves = dict(state.reserves)
    nukes = state.nukes
    for key, delta in changes.items():
        if key in RESOURCE_IDS:
            value = max(0, min(content.dial_max, new_resources[key] + delta))
            lines.append(item(f"{key.capitalize()}: {new_resources[key]} → ", b(str(value))))
            new_resources[key] = value
        elif key in limits:
            value = new_reserves[key] + delta
            if not 0 <= value <= limits[key]:
                raise TableError(f"{key} in reserve would be {value} (expected 0-{limits[key]})")
            lines.append(
                item(f"{key.capitalize()} in reserve: {new_reserves[key]} → ", b(str(value)))
            )
            new_reserves[key] = value
        elif key == "nukes":
            if not 0 <= nukes + delta <= content.admiral_nukes:
                raise TableError(
                    f"nukes would be {nukes + delta} (expected 0-{content.admiral_nukes})"
                )
            lines.append(item(f"Nukes: {nukes} → ", b(str(nukes + delta))))
            nukes += delta
        else:
            known = ", ".join([*RESOURCE_IDS, *limits, "nukes"])
            raise TableError(f"unknown fleet value {key!r} (expected one of: {known})")
    state.resources, state.reserves, state.nukes = new_resources, new_reserves, nukes
    blocks: list[Block] = [para("Fleet changes:"), *lines]
    empty = [r.name for r in content.resources if state.resources[r.id] <= 0]
    if empty:
        state.winner = "the Cylons"
        state.end_reason = f"the fleet ran out of {', '.join(empty).lower()}"
        blocks.append(
            para(b(f"The fleet has run out of {', '.join(empty).lower()}: the Cylons win."))
        )
    red = state.red_resources()
    if red and not state.over:
        names = ", ".join(r.name for r in content.resources if r.id in red)
        blocks.append(para(f"In the red (half or less): {names}."))
    return Outcome("Fleet", blocks)


def cmd_prep(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    if state.jump_due:
        raise TableError("the fleet is at Auto Jump: jump first (bsg jump)")
    steps = int(args.get("steps") or 1)
    track = state.content.jump_track
    if not 1 <= steps <= len(track) - 1:
        raise TableError(f"{steps} steps: expected 1-{len(track) - 1}")
    old = state.jump
    state.jump = min(len(track) - 1, state.jump + steps)
    blocks = [para("Jump preparation: ", f"{track[old].name} → ", b(track[state.jump].name))]
    if state.jump == len(track) - 1:
        state.jump_due = True
        blocks.append(
            para(b("The fleet jumps."), " The Admiral draws 2 Destination cards and chooses one.")
        )
    return Outcome("Jump preparation", blocks)


def cmd_jump(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """The fleet jumps: the chosen destination's distance is added, the track goes back to its
    start; the Admiral's other Destination cards go to the bottom of the deck."""
    not_over(state)
    no_open_check(state)
    no_sleeper_due(state)
    content = state.content
    distance = int(args["distance"])
    if not 0 <= distance <= 10:
        raise TableError(f"distance {distance}: expected 0-10")
    blocks: list[Block] = []
    chosen = args.get("destination")
    admiral = state.holder("admiral")
    held: list[Card] = []
    if admiral is not None:
        held = [c for c in state.player(admiral).hand if c[0] == "destination"]
    if chosen:
        if admiral is None:
            raise TableError("there is no Admiral to choose a destination")
        [card] = take_from_hand(state, admiral, [str(chosen)], skill_only=False)
        if card[0] != "destination":
            raise TableError(f"{chosen!r} is not a Destination card")
        state.destinations.append(card[1])
        rest = [c for c in state.player(admiral).hand if c[0] == "destination"]
        state.player(admiral).hand = [
            c for c in state.player(admiral).hand if c[0] != "destination"
        ]
        state.decks["destination"].to_bottom([c[1] for c in rest])
        blocks.append(
            para(
                "Destination: ", b(card[1]), f" (the other {len(rest)} to the bottom of the deck)."
            )
        )
    elif held:
        raise TableError(
            f"the Admiral holds Destination cards ({', '.join(c[1] for c in held)}): say which "
            "was chosen (--destination)"
        )
    space = content.jump_track[state.jump]
    early = not state.jump_due
    if early and space.population_risk:
        blocks.append(
            para(
                f"Jumping early from space {space.name}: the board marks −{space.population_risk}"
                " population for this space (resolve it as the rules say, then bsg fleet)."
            )
        )
    before = state.distance
    state.distance += distance
    state.jump = 0
    state.jump_due = False
    state.jumps += 1
    blocks.append(
        para(
            "The fleet jumps ",
            b(f"{distance} distance"),
            f": {before} → ",
            b(str(state.distance)),
            ".",
        )
    )
    if before >= content.distance_goal:
        state.winner = "the humans"
        state.end_reason = f"the fleet jumped once more after {content.distance_goal} distance"
        blocks.append(para(b("The fleet has reached Kobol: the humans win.")))
    elif state.distance >= content.distance_goal:
        blocks.append(para(f"Distance {state.distance}: one more jump and the humans win."))
    if state.sleeper_due():
        blocks.append(
            para("The fleet has travelled far enough: ", b("the sleeper agent phase"), " follows.")
        )
    return Outcome("Jump", blocks)


# --- loyalty and titles -------------------------------------------------------------------
def cmd_sleeper(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    if not state.sleeper_due():
        why = (
            "was dealt already"
            if state.sleeper_done
            else (f"needs distance {state.content.sleeper_distance} (now {state.distance})")
        )
        raise TableError(f"the sleeper agent phase {why}")
    messages = []
    for seat in sorted(state.sleeper_deal):
        cards = state.sleeper_deal[seat]
        state.player(seat).loyalty += cards
        names = "; ".join(c.name for c in cards)
        lines = [f"Sleeper agent phase: your new Loyalty card{_s(cards)}: {names}"]
        if any(c.kind == SYMPATHIZER for c in cards):
            lines.append(
                "The Sympathizer is revealed at once: say so in the thread; the moderator then "
                "resolves it (a Cylon if a resource is in the red, else to the Brig)."
            )
        messages.append(message(state, n, "sleeper", seat, lines))
    state.sleeper_done = True
    extra = [
        state.who(p.seat)
        for p in state.players
        if state.content.extra_phase(p.character) == "sleeper"
    ]
    text = "Sleeper agent phase: everyone receives one more Loyalty card by private message"
    text += f" ({', '.join(extra)}: two)." if extra else "."
    return Outcome("Sleeper agent phase", [para(b(text)), *commitments(state, messages)], messages)


def _reveal(state: TableState, seat: int) -> list[Block]:
    player = state.player(seat)
    player.revealed = True
    player.brig = False
    return title_lines(state, state.pass_titles())


def cmd_cylon(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    if player.revealed:
        raise TableError(f"{player.name} is already a revealed Cylon")
    if not player.holds_cylon_card():
        raise TableError(f"{player.name} holds no You Are a Cylon card")
    blocks = [para(f"{state.who(seat)} reveals a Loyalty card: ", b("a Cylon!"))]
    blocks += _reveal(state, seat)
    return Outcome("A Cylon revealed", blocks)


def cmd_sympathizer(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    if not player.holds_sympathizer():
        raise TableError(f"{player.name} holds no Sympathizer card")
    red = state.red_resources()
    blocks = [para(f"{state.who(seat)} reveals ", b(state.content.sympathizer_card), ".")]
    if red:
        blocks.append(para(f"A resource is in the red ({', '.join(red)}): ", b("a Cylon!")))
        blocks += _reveal(state, seat)
    else:
        player.brig = True
        blocks.append(para("No resource is in the red: ", b("to the Brig.")))
        blocks += title_lines(state, state.pass_titles())
    player.loyalty = [c for c in player.loyalty if c.kind != "sympathizer"]
    return Outcome("The Sympathizer", blocks)


def cmd_brig(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    release = bool(args.get("release"))
    if player.revealed:
        raise TableError(f"{player.name} is a revealed Cylon")
    if player.brig != release:
        raise TableError(f"{player.name} is {'not ' if release else ''}in the Brig")
    player.brig = not release
    if release:
        # A released Admiral does not get the title back (the rules say so).
        return Outcome("Out of the Brig", [para(f"{state.who(seat)} leaves the Brig.")])
    blocks = [para(f"{state.who(seat)} is sent to the ", b("Brig"), ".")]
    blocks += title_lines(state, state.pass_titles())
    return Outcome("To the Brig", blocks)


def cmd_title(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A card or location gives a title to a player (e.g. an election)."""
    not_over(state)
    title = str(args["title"])
    if title not in TITLES:
        raise TableError(f"no title {title!r} (expected one of: {', '.join(TITLES)})")
    seat = seat_of(state, args["player"])
    player = state.player(seat)
    if player.revealed or (title in state.content.lost_in_brig and player.brig):
        raise TableError(f"{player.name} may not hold the {TITLE_NAMES[title]} title now")
    old = state.titles[title]
    if old == seat:
        raise TableError(f"{player.name} is already {TITLE_NAMES[title]}")
    state.titles[title] = seat
    if title == "president":
        state.move_quorum_hand(old, seat)
    return Outcome(TITLE_NAMES[title], title_lines(state, [(title, old, seat)]))


# --- turns and the end --------------------------------------------------------------------
def cmd_next(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    not_over(state)
    no_open_check(state)
    no_sleeper_due(state)
    if state.jump_due:
        raise TableError("the fleet is at Auto Jump: jump first (bsg jump)")
    done = state.who(state.current_seat)
    discard(state, state.table_cards)
    state.table_cards = []
    state.current_seat = (state.current_seat + 1) % len(state.players)
    state.turn += 1
    return Outcome(
        "Next turn",
        [
            para(
                f"{done}'s turn is over. ",
                b(f"Turn {state.turn}: {state.who(state.current_seat)}"),
                ".",
            )
        ],
    )


def cmd_end(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """The moderator ends the game (e.g. Galactica destroyed or boarded)."""
    not_over(state)
    winner = str(args["winner"])
    if winner not in ("humans", "cylons"):
        raise TableError(f"winner {winner!r}: expected humans or cylons")
    state.winner = f"the {winner.capitalize()}" if winner == "cylons" else "the humans"
    state.end_reason = free_text(args.get("reason") or "declared by the moderator", "reason")
    return Outcome(
        "The end", [para(b(f"{state.winner.capitalize()} win"), f": {state.end_reason}.")]
    )


COMMANDS: dict[str, Command] = {
    "draw": cmd_draw,
    "skills": cmd_skills,
    "play": cmd_play,
    "check-open": cmd_check_open,
    "check-add": cmd_check_add,
    "check-resolve": cmd_check_resolve,
    "fleet": cmd_fleet,
    "prep": cmd_prep,
    "jump": cmd_jump,
    "sleeper": cmd_sleeper,
    "cylon": cmd_cylon,
    "sympathizer": cmd_sympathizer,
    "brig": cmd_brig,
    "title": cmd_title,
    "next": cmd_next,
    "end": cmd_end,
}
