"""Table commands for the space around Galactica: ships placed and destroyed, vipers
launched, the Cylon ships activated by the Crisis card's icon, attacks, damage and repairs.

Every die roll comes from the seed (one named stream per roll, board.roll) and is said in
the post: a replay rolls the same, and the seed's commitment in the setup post covers
every roll. Where the rules let the current player choose (which ship a raider attacks,
which way on a tie, which ships are not placed at a component limit) the kit takes one
stated rule and the post says so; the moderator undoes nothing, but may place or remove
ships by hand (bsg place, bsg destroy) when the table chose otherwise."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.board import (
    AREA_NAMES,
    AREAS,
    BASESTAR_DAMAGE,
    BASESTAR_DESTROYED_AT,
    BOARDING_SPACES,
    CIVILIANS,
    GALACTICA_DAMAGE,
    GALACTICA_DESTROYED_AT,
    HITS,
    LAUNCH_AREAS,
    LIMITS,
    LOCATIONS,
    SPACE,
    VIPER_DESTROYED_ON,
    Area,
    Basestar,
    adjacent,
    civilian_text,
    damage_text,
    step_toward,
)
from generator.games.battlestar.posts.post import TableBlock, b, item, para
from generator.games.battlestar.state import COMMAND_VIPERS, ICONS, TableState
from generator.games.battlestar.table.common import (
    Outcome,
    TableError,
    counted,
    no_open_check,
    not_over,
    seat_of,
)
from generator.games.battlestar.table.sequence import (
    action_step,
    at_location,
    command_activation,
    current_only,
    extra_card,
    extra_note,
    refuse,
)
from generator.plan.rng import Stream

KINDS = ("basestar", "raider", "heavy-raider", "civilian", "viper")


def _area(value: Any) -> str:
    area = str(value).strip().casefold()
    if area not in AREAS:
        raise TableError(f"no space area {value!r} (expected one of: {', '.join(AREAS)})")
    return area


def _end(state: TableState, winner: str, reason: str, blocks: list[TableBlock]) -> None:
    if state.winner is None:
        state.winner, state.end_reason = winner, reason
        blocks.append(para(b(f"{reason[0].upper()}{reason[1:]}: {winner} win.")))


def lose(state: TableState, losses: dict[str, int], blocks: list[TableBlock]) -> None:
    """Resources lost (a civilian ship, a damage token); a dial at 0 ends the game."""
    for key, amount in losses.items():
        old = state.resources[key]
        state.resources[key] = max(0, old - amount)
        blocks.append(item(f"{key.capitalize()}: {old} → ", b(str(state.resources[key]))))
    empty = [r.name.lower() for r in state.content.resources if state.resources[r.id] <= 0]
    if empty:
        _end(state, "the Cylons", f"the fleet ran out of {', '.join(empty)}", blocks)


def damage_galactica(state: TableState, blocks: list[TableBlock]) -> None:
    board = state.board
    if not board.damage_pile:
        blocks.append(para("No Galactica damage token is left to draw."))
        return
    token = board.damage_pile.pop(0)
    resource = next(r for t, _, r in GALACTICA_DAMAGE if t == token)
    # The ruling: a resource token costs its resource and leaves the game; Galactica is
    # destroyed by 6 damaged locations. A log begun before counted every token on her.
    if not (resource and state.sequenced):
        board.galactica_damage.append(token)
    blocks.append(para("Galactica is hit: ", b(damage_text(token)), "."))
    if resource:
        lose(state, {resource: 1}, blocks)
        if state.sequenced:
            blocks.append(item("The token leaves the game (it damages no location)."))
    else:
        for seat, where in sorted(board.positions.items()):
            if where == token:
                board.positions[seat] = "sickbay"
                blocks.append(item(f"{state.who(seat)} goes to Sickbay."))
    if state.sequenced:
        count = len(board.damaged_locations())
        said = f"{count} of {GALACTICA_DESTROYED_AT} locations damaged"
    else:
        count = len(board.galactica_damage)
        said = f"{count} of {GALACTICA_DESTROYED_AT}"
    blocks.append(item(f"Galactica damage: {said}."))
    if count >= GALACTICA_DESTROYED_AT:
        _end(state, "the Cylons", "Galactica is destroyed", blocks)


def _destroy_civilian(state: TableState, area: Area, name: str, blocks: list[TableBlock]) -> None:
    index = area.civilians.pop(0)
    state.board.civilians_lost.append(index)
    blocks.append(
        para(f"A civilian ship in {name} is destroyed; turned face up: ", b(civilian_text(index)))
    )
    lose(state, dict(CIVILIANS[index]), blocks)


def _viper_hit(state: TableState, area: Area, destroyed: bool, blocks: list[TableBlock]) -> None:
    """A viper in the area is damaged or destroyed: an unmanned one first (the kit's choice
    for the current player); its pilot goes to Sickbay."""
    board = state.board
    unmanned = None in area.vipers
    pilot = None if unmanned else area.vipers[0]
    area.vipers.remove(pilot)
    if destroyed:
        board.vipers_destroyed += 1
    else:
        board.vipers_damaged += 1
    what = "destroyed" if destroyed else "damaged"
    blocks.append(item("A viper is ", b(what), "."))
    if pilot is not None:
        board.positions[pilot] = "sickbay"
        blocks.append(item(f"Its pilot, {state.who(pilot)}, goes to Sickbay."))


def _roll(state: TableState, need: int, what: str, blocks: list[TableBlock]) -> tuple[int, bool]:
    value = state.board.roll(state.seed)
    hit = value >= need
    blocks.append(
        item(f"{what}: die ", b(str(value)), f" (hits on {need}+): {'hit' if hit else 'miss'}")
    )
    return value, hit


def _damage_basestar(
    state: TableState, area: Area, star: Basestar, blocks: list[TableBlock]
) -> None:
    board = state.board
    if not board.basestar_pile:
        board.basestar_pile = [t for t, _, _ in BASESTAR_DAMAGE if t not in _all_damage(state)]
    token = board.basestar_pile.pop(0)
    star.damage.append(token)
    name = next(n for t, n, _ in BASESTAR_DAMAGE if t == token)
    blocks.append(item(f"Basestar {star.label} takes damage: ", b(name)))
    if star.strength_lost() >= BASESTAR_DESTROYED_AT:
        _remove_basestar(state, area, star, blocks)


def _all_damage(state: TableState) -> set[str]:
    return {t for a in state.board.areas.values() for s in a.basestars for t in s.damage}


def _remove_basestar(
    state: TableState, area: Area, star: Basestar, blocks: list[TableBlock]
) -> None:
    area.basestars.remove(star)
    state.board.basestar_pile += star.damage  # its tokens go back
    blocks.append(item(f"Basestar {star.label} is ", b("destroyed"), "."))


SHIP_WORDS = {"civilian": "civilian ship", "heavy-raider": "heavy raider"}


def ship_words(kind: str, count: int) -> str:
    """'1 raider', '2 civilian ships (face down)': the noun takes the plural, not the note."""
    noun = SHIP_WORDS.get(kind, kind) + ("s" if count != 1 else "")
    return f"{noun} (face down)" if kind == "civilian" else noun


def _place(state: TableState, area_id: str, kind: str, count: int, blocks: list[TableBlock]) -> int:
    """Place up to `count`; at a component limit the rest are not placed. Returns placed."""
    board = state.board
    area = board.areas[area_id]
    name = AREA_NAMES[area_id]
    if kind == "viper":
        room = state.reserves["vipers"]
    elif kind == "civilian":
        room = min(LIMITS["civilians"] - board.count("civilians"), len(board.civilian_pile))
    else:
        room = LIMITS[f"{kind}s"] - board.count(f"{kind}s")
    placed = max(0, min(count, room))
    for _ in range(placed):
        if kind == "basestar":
            area.basestars.append(Basestar(board.free_basestar_label()))
        elif kind == "raider":
            area.raiders += 1
        elif kind == "heavy-raider":
            area.heavy_raiders += 1
        elif kind == "civilian":
            area.civilians.append(board.civilian_pile.pop(0))
        else:
            area.vipers.append(None)
            state.reserves["vipers"] -= 1
    if placed:
        blocks.append(item(f"{name}: +{placed} {ship_words(kind, placed)}"))
    if placed < count:
        blocks.append(
            item(f"{count - placed} {ship_words(kind, count - placed)} not placed: none left")
        )
    return placed


# --- commands -----------------------------------------------------------------------------
def cmd_place(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Ships placed as a Crisis card shows them (the current player's choice at a limit)."""
    not_over(state)
    area = _area(args["area"])
    ships = counted(args.get("ships"), "ships")
    if not ships:
        raise TableError("name the ships, e.g. raider=3 basestar=1")
    for kind, count in ships:
        if kind not in KINDS:
            raise TableError(f"unknown ship {kind!r} (expected one of: {', '.join(KINDS)})")
        if not 1 <= count <= 16:
            raise TableError(f"{kind}={count}: expected 1-16")
    blocks: list[TableBlock] = [para("Ships placed:")]
    for kind, count in ships:
        _place(state, area, kind, count, blocks)
    return Outcome("Ships placed", blocks)


def cmd_destroy(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Ships removed or destroyed by a card or an effect the kit does not roll: Cylon ships
    leave the board, a viper goes to the destroyed pile, a civilian ship is turned face up
    and its loss applied, a raptor leaves the reserves."""
    not_over(state)
    kind = str(args["kind"])
    count = int(args.get("count", 1))
    if not 1 <= count <= 16:
        raise TableError(f"{count} ships: expected 1-16")
    blocks: list[TableBlock] = []
    board = state.board
    if kind == "raptor":
        if state.reserves["raptors"] < count:
            raise TableError(f"{state.reserves['raptors']} raptors in reserve, not {count}")
        state.reserves["raptors"] -= count
        board.raptors_destroyed += count
        blocks.append(para(b(f"{count} raptor{'s' if count != 1 else ''} destroyed"), "."))
        return Outcome("Raptor lost", blocks)
    if kind == "centurion":
        if len(board.centurions) < count:
            raise TableError(f"{len(board.centurions)} centurions on the track, not {count}")
        for _ in range(count):
            board.centurions.remove(max(board.centurions))
        blocks.append(para(b(f"{count} centurion{'s' if count != 1 else ''} removed"), "."))
        return Outcome("Centurion removed", blocks)
    area_id = _area(args.get("area"))
    area = board.areas[area_id]
    name = AREA_NAMES[area_id]
    have = {
        "basestar": len(area.basestars),
        "raider": area.raiders,
        "heavy-raider": area.heavy_raiders,
        "civilian": len(area.civilians),
        "viper": len(area.vipers),
    }
    if kind not in have:
        raise TableError(
            f"unknown ship {kind!r} (expected one of: {', '.join(KINDS)}, raptor, centurion)"
        )
    if have[kind] < count:
        raise TableError(f"{name} holds {have[kind]} {kind}(s), not {count}")
    for _ in range(count):
        if kind == "basestar":
            _remove_basestar(state, area, area.basestars[0], blocks)
        elif kind == "raider":
            area.raiders -= 1
        elif kind == "heavy-raider":
            area.heavy_raiders -= 1
        elif kind == "civilian":
            _destroy_civilian(state, area, name, blocks)
        else:
            _viper_hit(state, area, True, blocks)
    if kind in ("raider", "heavy-raider"):
        blocks.append(para(f"{name}: {count} {kind}{'s' if count != 1 else ''} destroyed."))
    return Outcome("Ships destroyed", blocks)


def cmd_launch(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A viper from the reserves to a launch area; with a pilot (Hangar Deck), the pilot's
    character goes into it."""
    not_over(state)
    area_id = _area(args.get("area") or LAUNCH_AREAS[0])
    if area_id not in LAUNCH_AREAS:
        raise TableError(f"vipers launch into {' or '.join(LAUNCH_AREAS)}, not {area_id}")
    if state.reserves["vipers"] < 1:
        raise TableError("no viper in the reserves (a viper in space may be returned first)")
    board = state.board
    pilot = args.get("pilot")
    card = extra_card(args) if state.sequenced else None
    blocks: list[TableBlock] = []
    seat = None
    if pilot:
        seat = seat_of(state, pilot)
        where = board.positions.get(seat, "")
        if state.player(seat).revealed or state.player(seat).brig or where.startswith(SPACE):
            raise TableError(f"{state.player(seat).name} cannot launch now ({state.where(seat)})")
        if "hangar-deck" in board.damaged_locations():
            raise TableError("the Hangar Deck is damaged: no pilot launches from it")
        if state.sequenced and card is None:
            _hangar_launch(state, seat)
        board.positions[seat] = SPACE + area_id
    elif state.sequenced and card is None:
        command_activation(
            state, "reserves", state.reserves["vipers"], "launching a viper", lands=area_id
        )
    state.reserves["vipers"] -= 1
    board.areas[area_id].vipers.append(seat)
    who = f" piloted by {state.who(seat)}" if seat is not None else ""
    blocks.append(
        para("A viper launches into ", b(AREA_NAMES[area_id]), f"{who}{extra_note(card)}.")
    )
    return Outcome("Viper launched", blocks)


def _hangar_launch(state: TableState, seat: int) -> None:
    """The Hangar Deck's action: a character with piloting in their skill set, there, launches
    themselves in a viper (the current player, in the action step)."""
    current_only(state, seat, "launching from the Hangar Deck (an action)")
    character = state.content.character(state.player(seat).character)
    if not any("piloting" in entry.types for entry in character.skills):
        raise refuse(
            state, f"{character.name} has no piloting in the skill set: only a pilot launches"
        )
    at_location(state, "hangar-deck", "launching in a viper")
    action_step(state, "the Hangar Deck's launch")


def _viper_attacker(state: TableState, area_id: str, card: str | None) -> None:
    """Which viper attacks: the current player's own (their action), else an unmanned one
    Command activates (each once), else one a card activates (--extra CARD)."""
    if not state.sequenced or card is not None:
        return
    area = state.board.areas[area_id]
    seat = state.current_seat
    if seat in area.vipers:  # a pilot in space activates their own viper, as the action
        action_step(state, "activating one's viper")
        return
    unmanned = sum(1 for v in area.vipers if v is None)
    if not unmanned:
        raise refuse(
            state,
            f"no viper in {AREA_NAMES[area_id]} may attack now: the current player's own "
            "viper attacks as their action, unmanned ones by Command's (a card's: --extra CARD)",
        )
    command_activation(state, area_id, unmanned, "a viper's attack")


def cmd_attack(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """An attack rolled by the kit: a viper, Galactica (Weapons Control), a nuke (the
    Admiral's) or the Armory (on the front centurion)."""
    not_over(state)
    attacker = str(args["attacker"])
    target = str(args["target"])
    board = state.board
    card = extra_card(args) if state.sequenced else None
    blocks: list[TableBlock] = [para(f"{card} allows this attack.")] if card else []
    if attacker == "armory":
        if not board.centurions:
            raise TableError("no centurion on the boarding track")
        if "armory" in board.damaged_locations():
            raise TableError("the Armory is damaged")
        if state.sequenced and card is None:
            at_location(state, "armory", "the Armory's attack")
            action_step(state, "the Armory's attack")
        _, hit = _roll(
            state, HITS[("armory", "centurion")], "Armory on the front centurion", blocks
        )
        if hit:
            board.centurions.remove(max(board.centurions))
            blocks.append(item("The centurion is ", b("destroyed"), "."))
        return Outcome("Armory", blocks)
    area_id = _area(args.get("area"))
    area = board.areas[area_id]
    name = AREA_NAMES[area_id]
    if attacker == "viper" and not area.vipers:
        raise TableError(f"no viper in {name}")
    if attacker == "galactica" and "weapons-control" in board.damaged_locations():
        raise TableError("Weapons Control is damaged")
    if (attacker, target) not in HITS and attacker != "nuke":
        raise TableError(
            f"{attacker} on {target}: expected viper on raider, heavy-raider or basestar; "
            "galactica on raider, heavy-raider or basestar; nuke on basestar; armory on "
            "centurion"
        )
    present = {
        "raider": area.raiders,
        "heavy-raider": area.heavy_raiders,
        "basestar": len(area.basestars),
    }
    if attacker != "nuke" and not present[target]:
        raise TableError(f"no {target} in {name}")
    if attacker == "galactica" and card is None and state.sequenced:
        at_location(state, "weapons-control", "Galactica's attack")
        action_step(state, "Weapons Control's attack")
    elif attacker == "viper":
        _viper_attacker(state, area_id, card)
    if attacker == "nuke":
        return _nuke(state, area_id, blocks, card)
    bonus = 2 if target == "basestar" and "structural-damage" in area.basestars[0].damage else 0
    _, hit = _roll(
        state,
        HITS[(attacker, target)] - bonus,
        f"{attacker.capitalize()} on a {target} in {name}",
        blocks,
    )
    if hit:
        if target == "raider":
            area.raiders -= 1
            blocks.append(item("The raider is ", b("destroyed"), "."))
        elif target == "heavy-raider":
            area.heavy_raiders -= 1
            blocks.append(item("The heavy raider is ", b("destroyed"), "."))
        else:
            _damage_basestar(state, area, area.basestars[0], blocks)
    return Outcome("Attack", blocks)


def _nuke(
    state: TableState, area_id: str, blocks: list[TableBlock], card: str | None = None
) -> Outcome:
    area = state.board.areas[area_id]
    if state.nukes < 1:
        raise TableError("the Admiral has no nuke left")
    if not area.basestars:
        raise TableError(f"no basestar in {AREA_NAMES[area_id]}")
    if state.sequenced and card is None:
        if state.holder("admiral") != state.current_seat:
            raise refuse(state, "a nuke is the Admiral's action, in the Admiral's turn")
        action_step(state, "the Admiral's nuke")
    state.nukes -= 1
    value = state.board.roll(state.seed)
    star = area.basestars[0]
    blocks.append(
        item(f"Nuke on basestar {star.label}: die ", b(str(value)), f" (nukes left: {state.nukes})")
    )
    if value <= 2:
        _damage_basestar(state, area, star, blocks)
        if star in area.basestars:
            _damage_basestar(state, area, star, blocks)
    else:
        _remove_basestar(state, area, star, blocks)
        if value >= 7:
            gone = min(3, area.raiders)
            area.raiders -= gone
            blocks.append(item(f"{gone} raiders in the area destroyed with it."))
    return Outcome("Nuke", blocks)


def cmd_damage(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Damage a card or effect deals without a roll: a Galactica token, a viper, a basestar."""
    not_over(state)
    target = str(args["target"])
    blocks: list[TableBlock] = []
    if target == "galactica":
        for _ in range(int(args.get("count", 1))):
            if not state.over:
                damage_galactica(state, blocks)
        return Outcome("Galactica damaged", blocks)
    area_id = _area(args.get("area"))
    area = state.board.areas[area_id]
    if target == "viper":
        if not area.vipers:
            raise TableError(f"no viper in {AREA_NAMES[area_id]}")
        _viper_hit(state, area, False, blocks)
        return Outcome("Viper damaged", blocks)
    if target == "basestar":
        if not area.basestars:
            raise TableError(f"no basestar in {AREA_NAMES[area_id]}")
        _damage_basestar(state, area, area.basestars[0], blocks)
        return Outcome("Basestar damaged", blocks)
    raise TableError(f"damage {target!r}: expected galactica, viper or basestar")


def cmd_repair(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A damaged viper back to the reserves, or a Galactica location token removed (it goes
    under the pile of damage tokens)."""
    not_over(state)
    what = str(args["what"])
    board = state.board
    if what == "viper":
        if board.vipers_damaged < 1:
            raise TableError("no damaged viper")
        board.vipers_damaged -= 1
        state.reserves["vipers"] += 1
        return Outcome(
            "Repair", [para("A damaged viper is repaired: ", b("back to the reserves"), ".")]
        )
    if what not in board.damaged_locations():
        damaged = ", ".join(sorted(board.damaged_locations())) or "none"
        raise TableError(f"{what!r} is not a damaged location (damaged: {damaged})")
    board.galactica_damage.remove(what)
    board.damage_pile.append(what)
    return Outcome("Repair", [para(b(f"{LOCATIONS[what][0]} repaired"), ".")])


# --- activation ----------------------------------------------------------------------------
def cmd_activate(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Activate the Cylon ships by the icon the moderator names (the Crisis card's)."""
    not_over(state)
    no_open_check(state)
    icon = str(args["icon"])
    if icon not in ICONS or icon == "none":
        raise TableError(
            f"icon {icon!r}: expected one of: {', '.join(i for i in ICONS if i != 'none')}"
        )
    crisis = state.crisis
    card = extra_card(args) if state.sequenced else None
    if state.sequenced and card is None:
        if crisis is None:
            raise refuse(
                state,
                "the Cylon ships activate after the Crisis card (an activation a card asks "
                "for: --extra CARD)",
            )
        if "resolve" in crisis.open_steps():
            raise refuse(state, f"activation comes after {crisis.card} is resolved")
    if crisis is not None and crisis.icon not in (None, icon) and not args.get("extra"):
        raise TableError(
            f"{crisis.card} shows {ICONS[crisis.icon or 'none']}, not {ICONS[icon]} "
            "(--extra for an activation a card asks for)"
        )
    if crisis is not None and crisis.icon == icon and crisis.activated and not args.get("extra"):
        raise TableError(f"the ships were activated for {crisis.card} already")
    blocks: list[TableBlock] = [
        para("Cylon ships activate: ", b(ICONS[icon]), f"{extra_note(card)}.")
    ]
    {
        "raiders": _raiders,
        "heavy-raiders": _heavy,
        "basestars": _basestars,
        "launch-raiders": _launch,
    }[icon](state, blocks)
    if crisis is not None and crisis.icon == icon and (card is None or not state.sequenced):
        crisis.activated = True
    return Outcome("Cylon ships activate", blocks)


def _raiders(state: TableState, blocks: list[TableBlock]) -> None:
    board = state.board
    if board.count("raiders") == 0:
        blocks.append(para("No raider is on the board: each basestar launches 2 raiders."))
        _launch(state, blocks, 2)
        return
    blocks.append(
        para("Each raider attacks a viper in its area (an unmanned one first), else destroys a "
             "civilian ship there, else moves toward the nearest civilian ship (clockwise on "
             "a tie), else attacks Galactica.")
    )  # fmt: skip
    acting = {a: board.areas[a].raiders for a in AREAS}  # a raider that moved acts no more
    for area_id in AREAS:
        area = board.areas[area_id]
        name = AREA_NAMES[area_id]
        for _ in range(acting[area_id]):
            if state.over:
                return
            if area.vipers:
                value = board.roll(state.seed)
                need = HITS[("raider", "viper")]
                blocks.append(
                    item(
                        f"Raider in {name} on a viper: die ",
                        b(str(value)),
                        f" ({need}-7 damages, 8 destroys)",
                    )
                )
                if value >= need:
                    _viper_hit(state, area, value >= VIPER_DESTROYED_ON, blocks)
            elif area.civilians:
                _destroy_civilian(state, area, name, blocks)
            else:
                targets = [a for a in AREAS if board.areas[a].civilians]
                if targets:
                    to = step_toward(area_id, targets, clockwise=state.sequenced)
                    area.raiders -= 1
                    board.areas[to].raiders += 1
                    blocks.append(item(f"A raider moves {name} → {AREA_NAMES[to]}."))
                else:
                    _, hit = _roll(
                        state,
                        HITS[("raider", "galactica")],
                        f"Raider in {name} on Galactica",
                        blocks,
                    )
                    if hit:
                        damage_galactica(state, blocks)


def _heavy(state: TableState, blocks: list[TableBlock]) -> None:
    board = state.board
    if board.centurions:
        board.centurions = [c + 1 for c in board.centurions]
        blocks.append(
            para("Centurions advance on the boarding track: ", b(_track(board.centurions)), ".")
        )
        if max(board.centurions) >= BOARDING_SPACES:
            _end(state, "the Cylons", "centurions have boarded Galactica", blocks)
            return
    if board.count("heavy-raiders") == 0:
        blocks.append(para("No heavy raider is on the board: each basestar launches 1."))
        for area_id in AREAS:
            for star in board.areas[area_id].basestars:
                if not star.disabled("hangar"):
                    _place(state, area_id, "heavy-raider", 1, blocks)
        return
    acting = {a: board.areas[a].heavy_raiders for a in AREAS}
    for area_id in AREAS:
        area = board.areas[area_id]
        for _ in range(acting[area_id]):
            if area_id in LAUNCH_AREAS:
                area.heavy_raiders -= 1
                if len(board.centurions) < LIMITS["centurions"]:
                    board.centurions.append(0)
                    blocks.append(
                        item(
                            f"A heavy raider in {AREA_NAMES[area_id]} lands: a centurion "
                            "boards Galactica."
                        )
                    )
                else:
                    blocks.append(item("A heavy raider lands; no centurion is left to place."))
            else:
                to = step_toward(area_id, list(LAUNCH_AREAS), clockwise=state.sequenced)
                area.heavy_raiders -= 1
                board.areas[to].heavy_raiders += 1
                blocks.append(
                    item(f"A heavy raider moves {AREA_NAMES[area_id]} → {AREA_NAMES[to]}.")
                )


def _track(centurions: list[int]) -> str:
    return ", ".join(f"space {c + 1}" for c in sorted(centurions)) or "none"


def _basestars(state: TableState, blocks: list[TableBlock]) -> None:
    board = state.board
    stars = [s for a in AREAS for s in board.areas[a].basestars]
    if not stars:
        blocks.append(para("No basestar is on the board."))
    for star in stars:
        if state.over:
            return
        if star.disabled("weapons"):
            blocks.append(item(f"Basestar {star.label}: weapons disabled."))
            continue
        _, hit = _roll(
            state, HITS[("basestar", "galactica")], f"Basestar {star.label} on Galactica", blocks
        )
        if hit:
            damage_galactica(state, blocks)


def _launch(state: TableState, blocks: list[TableBlock], count: int = 3) -> None:
    board = state.board
    stars = [(a, s) for a in AREAS for s in board.areas[a].basestars]
    if not stars:
        blocks.append(para("No basestar is on the board to launch raiders."))
    for area_id, star in stars:
        if star.disabled("hangar"):
            blocks.append(item(f"Basestar {star.label}: hangar disabled."))
            continue
        _place(state, area_id, "raider", count, blocks)


def clear_space(state: TableState) -> list[TableBlock]:
    """After a jump: every ship leaves the board; civilian ships go back face down into the
    pile (reshuffled from the seed), vipers to the reserves, pilots to the Hangar Deck.
    Damaged vipers stay damaged; centurions stay aboard."""
    board = state.board
    back: list[int] = []
    for area_id in AREAS:
        area = board.areas[area_id]
        for seat in area.vipers:
            state.reserves["vipers"] += 1
            if seat is not None:
                board.positions[seat] = "hangar-deck"
        board.basestar_pile += [t for s in area.basestars for t in s.damage]
        back += area.civilians
        board.areas[area_id] = Area()
    state.command_vipers = {}  # the vipers Command activated are back in the reserves
    board.reshuffles += 1
    board.civilian_pile = Stream(state.seed, "bsg", "civilians", board.reshuffles).shuffled(
        board.civilian_pile + back
    )
    return [para("Every ship leaves the board: vipers to the reserves, pilots to the Hangar Deck.")]


# --- ships moved by an activation or a card -------------------------------------------------
RESERVES = "reserves"


def cmd_shift(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """An unmanned viper moved to an adjacent area (one of Command's activations, or a
    card's) or back to the reserves (before a Hangar Deck launch when none is left, or a
    card's); a civilian ship moved to an adjacent area (a card's)."""
    not_over(state)
    kind = str(args["kind"])
    start = _area(args.get("area"))
    to_value = str(args.get("to") or "").strip().casefold()
    to = RESERVES if to_value == RESERVES else _area(to_value)
    card = extra_card(args) if state.sequenced else None
    board = state.board
    area = board.areas[start]
    blocks: list[TableBlock] = []
    if kind == "viper":
        unmanned = sum(1 for v in area.vipers if v is None)
        if not unmanned:
            raise TableError(f"no unmanned viper in {AREA_NAMES[start]} (a pilot moves: bsg move)")
        if to == RESERVES:
            _viper_home(state, card)
        elif not adjacent(start, to):
            raise TableError(f"{AREA_NAMES[start]} → {AREA_NAMES[to]}: a viper moves one area")
        elif state.sequenced and card is None:
            command_activation(state, start, unmanned, "moving an unmanned viper", lands=to)
        area.vipers.remove(None)
        if to == RESERVES:
            state.reserves["vipers"] += 1
            blocks.append(
                para(
                    f"An unmanned viper in {AREA_NAMES[start]} returns to the ",
                    b("reserves"),
                    f"{extra_note(card)}.",
                )
            )
        else:
            board.areas[to].vipers.append(None)
            blocks.append(
                para(
                    f"An unmanned viper moves {AREA_NAMES[start]} → ",
                    b(AREA_NAMES[to]),
                    f"{extra_note(card)}.",
                )
            )
        if state.sequenced and card is None and to != RESERVES:
            command_note(state, blocks)
        return Outcome("Viper moved", blocks)
    if kind != "civilian":
        raise TableError(f"shift {kind!r}: expected viper or civilian")
    if not area.civilians:
        raise TableError(f"no civilian ship in {AREA_NAMES[start]}")
    if to == RESERVES or not adjacent(start, to):
        raise TableError("a civilian ship moves to an adjacent area")
    if state.sequenced and card is None:
        raise refuse(state, "a civilian ship moves only by a card's text: --extra CARD")
    board.areas[to].civilians.append(area.civilians.pop(0))
    blocks.append(
        para(
            f"A civilian ship (face down) moves {AREA_NAMES[start]} → ",
            b(AREA_NAMES[to]),
            f"{extra_note(card)}.",
        )
    )
    return Outcome("Civilian ship moved", blocks)


def _viper_home(state: TableState, card: str | None) -> None:
    """A viper back to the reserves without a card: only to launch from the Hangar Deck when
    none is left (the current player there, their action still to take)."""
    if not state.sequenced or card is not None:
        return
    seat = state.current_seat
    if state.reserves["vipers"] > 0:
        raise refuse(
            state,
            "a viper goes back to the reserves without a card only when none is left there "
            "(for a Hangar Deck launch); a card's: --extra CARD",
        )
    at_location(state, "hangar-deck", "returning a viper to launch")
    if state.acted or state.crisis is not None:
        raise refuse(state, f"{state.player(seat).name} has no action left to launch with")


def command_note(state: TableState, blocks: list[TableBlock]) -> None:
    """How many of Command's activations are left, said in the post."""
    used = sum(state.command_used.values())
    if used:
        left = COMMAND_VIPERS - used
        blocks.append(item(f"Command: activation {used} of {COMMAND_VIPERS} ({left} left)."))
