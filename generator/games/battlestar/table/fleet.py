"""Table commands for the fleet: resources, reserves and nukes, jump preparation, jumps;
with the loss (a resource at 0) and the win (a jump after the distance goal)."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.posts.post import TableBlock, b, item, para
from generator.games.battlestar.state import (
    RESOURCE_IDS,
    Card,
    TableState,
)
from generator.games.battlestar.table.common import (
    Outcome,
    TableError,
    counted,
    no_open_check,
    no_sleeper_due,
    not_over,
    take_from_hand,
)
from generator.games.battlestar.table.sequence import (
    action_step,
    at_location,
    extra_card,
    extra_note,
    refuse,
)
from generator.games.battlestar.table.space import clear_space, lose

EARLY_JUMP_LOSS_ON = 6  # an early jump's die: 1-6 loses the population the track shows


# --- the fleet ----------------------------------------------------------------------------
def cmd_fleet(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Change resources, reserves or nukes by the amounts given (e.g. food=-1)."""
    not_over(state)
    content = state.content
    changes = dict(counted(args.get("changes"), "fleet changes"))
    if not changes:
        raise TableError("give changes, e.g. food=-1 morale=-1")
    # The box's count less the ships elsewhere: vipers in space, damaged or destroyed.
    board = state.board
    elsewhere = {
        "vipers": board.count("vipers") + board.vipers_damaged + board.vipers_destroyed,
        "raptors": board.raptors_destroyed,
    }
    limits = {r.id: r.count - elsewhere.get(r.id, 0) for r in content.reserves}
    lines: list[TableBlock] = []
    new_resources = dict(state.resources)
    new_reserves = dict(state.reserves)
    nukes = state.nukes
    for key, delta in changes.items():
        if key in RESOURCE_IDS:
            wanted = new_resources[key] + delta
            if wanted > content.dial_max and state.sequenced:
                raise TableError(
                    f"{key} {new_resources[key]}{delta:+d} = {wanted}: the dial stops at "
                    f"{content.dial_max} (expected a change of at most "
                    f"{content.dial_max - new_resources[key]:+d})"
                )
            value = max(0, min(content.dial_max, wanted))
            stop = f" (the dial stops at 0, not {wanted})" if wanted < 0 else ""
            lines.append(item(f"{key.capitalize()}: {new_resources[key]} → ", b(str(value)), stop))
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
    blocks: list[TableBlock] = [para("Fleet changes:"), *lines]
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
    steps = int(args.get("steps", 1))  # 0 is refused below, never read as 1
    track = state.content.jump_track
    if not 1 <= steps <= len(track) - 1:
        raise TableError(f"{steps} steps: expected 1-{len(track) - 1}")
    card = extra_card(args) if state.sequenced else None
    if state.sequenced:
        no_open_check(state)
        if card is None:
            _prep_step(state, steps)
    old = state.jump
    state.jump = min(len(track) - 1, state.jump + steps)
    if state.crisis is not None and state.crisis.jump and not state.crisis.prepared:
        state.crisis.prepared = True
    blocks = [
        para(
            "Jump preparation: ",
            f"{track[old].name} → ",
            b(track[state.jump].name),
            f"{extra_note(card)}.",
        )
    ]
    if state.jump == len(track) - 1:
        state.jump_due = True
        blocks.append(
            para(b("The fleet jumps."), " The Admiral draws 2 Destination cards and chooses one.")
        )
    return Outcome("Jump preparation", blocks)


def _prep_step(state: TableState, steps: int) -> None:
    """The Prepare for Jump step: once, one space, for a Crisis card showing the icon, after
    its resolution and the Cylon ships' activation."""
    crisis = state.crisis
    if crisis is None or not crisis.jump:
        shown = f"{crisis.card} shows no jump icon" if crisis else "no Crisis card is drawn"
        raise refuse(
            state,
            f"the jump preparation step follows a Crisis card with the icon ({shown}); a card "
            "that moves the track: --extra CARD",
        )
    if crisis.prepared:
        raise refuse(
            state,
            f"the track has moved for {crisis.card} already (once per Crisis card; a card "
            "that moves it again: --extra CARD)",
        )
    if steps != 1:
        raise refuse(state, "the jump preparation step moves the track one space")
    early = [s for s in crisis.open_steps() if s in ("resolve", "activate")]
    if early:
        raise refuse(state, f"jump preparation comes after {' and '.join(early)}")


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
    blocks: list[TableBlock] = []
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
    jump_card = extra_card(args) if state.sequenced else None
    if early and state.sequenced and jump_card is None:
        at_location(state, "ftl-control", "an early jump")
        if not space.population_risk:
            raise refuse(
                state,
                f"the fleet is in the red zone ({space.name}): FTL Control jumps only from the "
                "spaces outside it (a card that jumps the fleet: --extra CARD)",
            )
        action_step(state, "FTL Control's jump")
    if early and space.population_risk and not state.strict:
        blocks.append(
            para(
                f"Jumping early from space {space.name}: the board marks −{space.population_risk}"
                " population for this space (resolve it as the rules say, then bsg fleet)."
            )
        )
    elif early and space.population_risk:
        # Before the win check: a jump that wins may still cost population first.
        value = state.board.roll(state.seed)
        lost = value <= EARLY_JUMP_LOSS_ON
        blocks.append(
            para(
                f"Jumping early from {space.name}: die ",
                b(str(value)),
                f" (1-{EARLY_JUMP_LOSS_ON} loses {space.population_risk} population): "
                + ("population lost." if lost else "no loss."),
            )
        )
        if lost:
            lose(state, {"population": space.population_risk}, blocks)
    blocks += clear_space(state)
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
    if state.over:
        pass
    elif before >= content.distance_goal:
        state.winner = "the humans"
        state.end_reason = f"the fleet jumped once more after {content.distance_goal} distance"
        blocks.append(para(b("The fleet has reached Kobol: the humans win.")))
    elif state.distance >= content.distance_goal:
        blocks.append(para(f"Distance {state.distance}: one more jump and the humans win."))
    if state.sleeper_due() and not state.over:
        blocks.append(
            para("The fleet has travelled far enough: ", b("the sleeper agent phase"), " follows.")
        )
    return Outcome("Jump", blocks)
