"""Table commands for cards: draw from a deck, receive skills, play or discard."""

from __future__ import annotations

from typing import Any

from generator.games.battlestar.posts.post import b, para
from generator.games.battlestar.state import (
    CRISIS_KINDS,
    ICONS,
    PLAYS_SAID,
    Card,
    CrisisStep,
    TableState,
    skill_deck,
)
from generator.games.battlestar.table.common import (
    DECK_NAMES,
    PRIVATE_DECKS,
    PUBLIC_DECKS,
    Outcome,
    TableError,
    card_name,
    commitments,
    counted,
    discard,
    listed,
    message,
    not_over,
    seat_of,
    take_from_hand,
)
from generator.games.battlestar.table.sequence import (
    action_step,
    current_only,
    extra_card,
    extra_note,
    refuse,
    skills_first,
)

REVEALED_DRAW = 2  # a revealed Cylon's Receive Skills: 2 cards of any types


# --- cards --------------------------------------------------------------------------------
def cmd_draw(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """Draw from a pack deck: Crisis cards go on the table in the open; Super Crisis,
    Quorum and Destination cards go to a player's hand by private message."""
    not_over(state)
    deck = str(args["deck"])
    count = int(args.get("count", 1))  # 0 is refused below, never read as 1
    if deck not in DECK_NAMES:
        raise TableError(f"no deck {deck!r} (expected one of: {', '.join(DECK_NAMES)}, or skills)")
    if not 1 <= count <= 10:
        raise TableError(f"draw {count} {DECK_NAMES[deck]} cards: expected a count of 1-10")
    name = DECK_NAMES[deck]
    seat = None if deck in PUBLIC_DECKS else _deck_holder(state, deck, args.get("player"))
    kind, icon, jump = _crisis_marks(state, deck, count, args)
    cards = state.decks[deck].draw(state.seed, count)
    plural = "s" if count > 1 else ""
    if seat is None:
        state.table_cards += [(deck, c) for c in cards]
        why = extra_note(extra_card(args)) if kind is not None and state.crises > 1 else ""
        blocks = [para(f"{state.who(state.current_seat)} draws: ", *(listed(cards)), why)]
        if kind is not None:
            state.crisis = CrisisStep(cards[-1], kind, icon, jump)
            blocks.append(
                para(
                    f"{cards[-1]}: ",
                    b(CRISIS_KINDS[kind]),
                    f"; Cylon ships: {ICONS[icon or 'none']}; "
                    + ("prepare for jump." if jump else "no jump preparation."),
                )
            )
        return Outcome(f"{name} card{plural}", blocks)
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


def _crisis_marks(
    state: TableState, deck: str, count: int, args: dict[str, Any]
) -> tuple[str | None, str | None, bool]:
    """The Crisis card's kind and icons as the moderator reads them from their card: the
    turn's steps follow from them (the action queue says which are left)."""
    kind = args.get("kind")
    if deck == "crisis" and kind is None and state.sequenced:
        raise TableError(
            "say the Crisis card's kind (--kind attack|check|event) and its icons (--icon, "
            "--jump), read from your copy: the turn's steps follow from them"
        )
    if deck != "crisis" or kind is None:
        if args.get("icon") is not None or args.get("jump"):
            raise TableError("--kind, --icon and --jump are for a Crisis card")
        return None, None, False
    kind = str(kind)
    if kind not in CRISIS_KINDS:
        raise TableError(f"crisis kind {kind!r}: expected one of: {', '.join(CRISIS_KINDS)}")
    icon = str(args.get("icon") or "none")
    if icon not in ICONS:
        raise TableError(f"icon {icon!r}: expected one of: {', '.join(ICONS)}")
    if count != 1:
        raise TableError("a Crisis card with --kind is drawn one at a time")
    extra = extra_card(args) if state.sequenced else None
    if state.no_crisis_step() and extra is None:
        raise TableError(
            "this turn has no Crisis step (a revealed Cylon's, a reveal's, or a player's in the "
            "Brig)"
        )
    if state.sequenced:
        skills_first(state, "the Crisis card")
        if state.check is not None:
            raise refuse(state, f"the skill check {state.check.name!r} is open")
        if state.crises and extra is None:
            raise refuse(
                state,
                f"one Crisis card a turn ({state.crisis.card if state.crisis else 'drawn'}); "
                "a card that says to draw another: --extra CARD",
            )
    if state.crisis is not None and state.crisis.open_steps():
        steps = ", ".join(state.crisis.open_steps())
        if state.sequenced:
            raise refuse(state, f"{state.crisis.card} still has steps to go ({steps})")
        raise TableError(f"{state.crisis.card} still has steps to go ({steps})")
    if state.sequenced:
        state.crises += 1
    return kind, icon, bool(args.get("jump"))


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
    # In the order given: the drawn cards reach the hand, and the message, in that order.
    wanted = dict(counted(args.get("types"), "skill types"))
    card = extra_card(args)
    if state.sequenced:
        if card is None:
            current_only(state, seat, "Receive Skills")
        extra = card is not None
    else:
        extra = bool(args.get("extra")) or seat != state.current_seat or not state.strict
    character = content.character(state.player(seat).character)
    if not extra:
        if state.skills_received:
            raise TableError(
                f"{state.player(seat).name} has received skills this turn already (a card or "
                "location that gives more: --extra CARD)"
            )
        if state.crisis is not None or state.moved or state.acted:
            raise TableError("Receive Skills is the turn's first step; it is over (--extra CARD)")
    if not wanted:
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
    if not extra:
        _check_skill_set(state, seat, wanted)
        state.skills_received = True
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
            para(
                f"{state.who(seat)} draws ",
                b(counts),
                f"{extra_note(card) if state.sequenced else ''} (sent privately).",
            ),
            *commitments(state, [note]),
        ],
        [note],
    )


def _check_skill_set(state: TableState, seat: int, wanted: dict[str, int]) -> None:
    """Receive Skills draws the character sheet's skill set: each single skill as listed,
    each multi-skill split as the player chose. In Sickbay: 1 card of a type of the set."""
    character = state.content.character(state.player(seat).character)
    sheet = ", ".join(f"{e.count} {'/'.join(e.types)}" for e in character.skills)
    if state.player(seat).revealed:
        if sum(wanted.values()) != REVEALED_DRAW:
            raise TableError(f"a revealed Cylon draws {REVEALED_DRAW} skill cards of any types")
        return
    if state.board.positions.get(seat) == "sickbay":
        types = {t for e in character.skills for t in e.types}
        if sum(wanted.values()) != 1 or not set(wanted) <= types:
            raise TableError(
                f"{character.name} is in Sickbay: Receive Skills draws 1 card of a type of the "
                f"skill set ({sheet})"
            )
        return
    left = dict(wanted)
    for entry in character.skills:
        if len(entry.types) == 1:
            left[entry.types[0]] = left.get(entry.types[0], 0) - entry.count
    multi = [e for e in character.skills if len(e.types) > 1]
    short = {t: -c for t, c in left.items() if c < 0}
    spare = {t: c for t, c in left.items() if c > 0}
    fits = not short and _split(spare, [(set(e.types), e.count) for e in multi])
    if not fits:
        given = ", ".join(f"{c} {t}" for t, c in wanted.items())
        raise TableError(
            f"{character.name}'s skill set is {sheet}: {given} does not match it (a multi-skill "
            "splits its count between its types)"
        )


def _split(spare: dict[str, int], multi: list[tuple[set[str], int]]) -> bool:
    """Whether the spare cards are exactly the multi-skills' counts, each within its types."""
    if not multi:
        return not any(spare.values())
    (types, count), rest = multi[0], multi[1:]
    options = [t for t in types if spare.get(t, 0) > 0]

    def fill(left: int, index: int, pool: dict[str, int]) -> bool:
        if left == 0:
            return _split(pool, rest)
        if index >= len(options):
            return False
        t = options[index]
        for take in range(min(left, pool.get(t, 0)), -1, -1):
            trial = dict(pool)
            trial[t] = trial.get(t, 0) - take
            if fill(left - take, index + 1, trial):
                return True
        return False

    return fill(count, 0, dict(spare))


def cmd_resolved(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """The moderator has resolved this turn's Crisis card (a skill check's resolve does it
    for a skill check crisis)."""
    not_over(state)
    crisis = state.crisis
    if crisis is None or crisis.kind is None:
        raise TableError("no Crisis card drawn with --kind this turn")
    if crisis.resolved:
        raise TableError(f"{crisis.card} is resolved already")
    if state.check is not None:
        raise TableError(f"the skill check {state.check.name!r} is open: resolve it first")
    crisis.resolved = True
    return Outcome("Crisis resolved", [para(b(f"{crisis.card} is resolved"), ".")])


def cmd_play(state: TableState, n: int, args: dict[str, Any]) -> Outcome:
    """A player plays or discards cards from their hand: they are shown and discarded."""
    not_over(state)
    seat = seat_of(state, args["player"])
    refs = [str(r) for r in args.get("cards") or []]
    if not refs:
        raise TableError("name the cards to play or discard")
    why = ""
    if state.rules >= PLAYS_SAID:
        _play_said(state, seat, args)
    if state.sequenced and not args.get("discard"):
        if args.get("action"):
            current_only(state, seat, "a card's action")
            if state.player(seat).brig:
                raise refuse(state, "in the Brig, the only action is the Brig's own check")
            action_step(state, "a card's action")
            why = " as the turn's action"
        elif args.get("interrupt"):
            why = " (a card played when its text allows)"
        elif seat != state.current_seat:
            raise refuse(
                state,
                f"it is {state.who(state.current_seat)}'s turn: {state.player(seat).name} plays "
                "a card only when its text allows (--interrupt) or discards (--discard)",
            )
    cards = take_from_hand(state, seat, refs, skill_only=False)
    discard(state, cards)
    verb = "discards" if args.get("discard") else "plays"
    keep = state.discard_to.get(seat)
    if keep is not None and state.player(seat).skill_cards() <= keep:
        del state.discard_to[seat]
    return Outcome(
        "Cards played" if verb == "plays" else "Cards discarded",
        [
            para(
                f"{state.who(seat)} {verb}: ",
                *listed([card_name(state, c) for c in cards]),
                f"{why}.",
            )
        ],
    )


def _play_said(state: TableState, seat: int, args: dict[str, Any]) -> None:
    """Under rules 4 on, the moderator says what a play is: the kit cannot read card texts
    (the rulings: the moderator reads their own copy), and a card whose text is an Action
    played without --action would be an action on top of the turn's one. The current
    player's card in their own turn is --action (the turn's action) or --interrupt (its
    text lets it be played outside the action); a discard is neither."""
    action, interrupt = bool(args.get("action")), bool(args.get("interrupt"))
    if args.get("discard") and (action or interrupt):
        raise TableError("--discard is neither an action nor a card played: give it alone")
    if action and interrupt:
        raise TableError(
            "--action or --interrupt, not both: the card is the turn's action, or its text "
            "lets it be played outside the action"
        )
    if args.get("discard") or action or interrupt or seat != state.current_seat:
        return
    raise refuse(
        state,
        f"say what {state.player(seat).name}'s card is, from your copy: --action (its text is "
        "an Action: the turn's one action) or --interrupt (its text lets it be played outside "
        "the action, e.g. in a skill check or another player's turn)",
    )
