"""The setup's words: the choosing post (while characters are being chosen), the public
setup post and one private message per player. No public text depends on a loyalty card:
only the commitments do, and those are hashes."""

from __future__ import annotations

from collections import Counter

from generator.common.bidi import isolate
from generator.games.battlestar.choosing import ChoiceProgress, choice_order
from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.gamefile import GameSpec
from generator.games.battlestar.pictures import board_view
from generator.games.battlestar.posts.post import TableBlock, TablePost, b, item, para
from generator.games.battlestar.setup import SetupRecord, first_seat
from generator.games.battlestar.state import TableState

GAME = "Battlestar Galactica"
SETUP_KEY = "000-setup"


def title(game_id: str, what: str) -> str:
    return f"{GAME} · Game {game_id} · {what}"


def choosing_post(
    content: Battlestar, spec: GameSpec, game_id: str, progress: ChoiceProgress
) -> TablePost:
    count = len(spec.names)
    first = first_seat(spec.seed, count)
    order = choice_order(count, first)
    blocks: list[TableBlock] = [
        para("Players in seat order (clockwise):"),
        *(item(f"Seat {s + 1}: {isolate(name)}") for s, name in enumerate(spec.names)),
        para("First player (chosen at random from the seed): ", b(isolate(spec.names[first]))),
        para(
            "Choose characters in this order. Each takes a character of the most plentiful "
            "type still available among political leaders, military leaders and pilots; a "
            "support character may be chosen at any time."
        ),
    ]
    for seat in order:
        character = spec.characters[seat]
        chosen = content.character(character).name if character else "to choose"
        blocks.append(item(f"{isolate(spec.names[seat])}: {chosen}"))
    if progress.next_seat is not None:
        names = ", ".join(content.character(c).name for c in progress.allowed)
        blocks.append(para(f"{isolate(spec.names[progress.next_seat])} may choose: {names}."))
    queue = (
        (f"{isolate(spec.names[progress.next_seat])}: choose a character",)
        if progress.next_seat is not None
        else ("Moderator: set up the game",)
    )
    key = f"public/choose-{len(progress.chosen_seats)}"
    return TablePost(key, title(game_id, "Choosing characters"), tuple(blocks), queue)


def _types_text(content: Battlestar, cards: list[str]) -> str:
    counts = Counter(card.partition(":")[0] for card in cards)
    return ", ".join(f"{n} {content.skill_name(t)}" for t, n in counts.items())


def setup_messages(state: TableState, record: SetupRecord) -> list[PrivateMessage]:
    content = state.content
    messages = []
    for seat in record.order:
        player = state.player(seat)
        cards = record.loyalty.setup[seat]
        lines = [
            title(state.game_id, f"Setup · private message for {player.name} (seat {seat + 1})"),
            "",
            f"Your character: {content.character(player.character).name}",
            f"Your Loyalty card{'s' if len(cards) > 1 else ''}: "
            + "; ".join(card.name for card in cards),
        ]
        draws = record.skill_draws.get(seat)
        if draws:
            names = ", ".join(content.skill_card_name(c) for c in draws)
            lines.append(f"Your Skill cards: {names}")
        else:
            lines.append(
                "Your Skill cards: none yet (the first player draws at the start of turn 1)"
            )
        if state.titles["president"] == seat and record.quorum:
            lines.append(f"Your Quorum card (President): {', '.join(record.quorum)}")
        lines += [
            "",
            "Keep this message as it is: its commitment is in the setup post, and at the end "
            "the moderator reveals the salt that lets everyone check it.",
        ]
        messages.append(
            PrivateMessage(
                f"{SETUP_KEY}/seat-{seat + 1}", seat, player.name, "\n".join(lines) + "\n"
            )
        )
    return sorted(messages, key=lambda m: m.seat)


def commitment_blocks(state: TableState, messages: list[PrivateMessage]) -> list[TableBlock]:
    if not messages:
        return []
    return [
        para(
            "Private messages sent, with their commitments (SHA-256 of a salt and the text; "
            "the salts are revealed at the end):"
        ),
        *(
            item(f"{isolate(m.player)} ({m.id}): {m.commitment(state.seed)}")
            for m in sorted(messages, key=lambda m: m.id)
        ),
    ]


def setup_post(
    state: TableState,
    record: SetupRecord,
    spec: GameSpec,
    messages: list[PrivateMessage],
    seed_commitment: str,
) -> TablePost:
    content = state.content
    first = state.first_seat
    blocks: list[TableBlock] = [
        para("Players in seat order (clockwise), with their characters and where they start:"),
    ]
    for player in state.players:
        character = content.character(player.character)
        blocks.append(
            item(
                f"Seat {player.seat + 1}: {isolate(player.name)}: {character.name} "
                f"({character.setup})"
            )
        )
    blocks.append(para("First player: ", b(state.who(first))))
    for title_id, label in (("president", "President"), ("admiral", "Admiral")):
        seat = state.titles[title_id]
        extra = ""
        if title_id == "admiral":
            extra = f" (holds {content.admiral_nukes} nukes)"
        elif content.president_quorum_draw:
            extra = f" (draws {content.president_quorum_draw} Quorum card)"
        blocks.append(para(f"{label}: ", b(state.who(seat) if seat is not None else "none"), extra))
    difficulty = content.difficulty(spec.difficulty)
    dials = ", ".join(f"{r.name} {state.resources[r.id]}" for r in content.resources)
    launchers = [
        state.who(p.seat) for p in state.players if content.character(p.character).launches_viper
    ]
    kept = []
    for reserve in content.reserves:
        text = f"{state.reserves[reserve.id]} {reserve.name.strip().split(' ')[0].lower()}"
        # Where the rest of the box went: the setup's ships, and a viper launched (Apollo).
        away = [f"{reserve.placed} {reserve.placed_where or 'on the board'}"] * bool(reserve.placed)
        if reserve.id == "vipers":
            away += [f"1 launched by {who}" for who in launchers]
        if away:
            text += f" (of {reserve.count}: {', '.join(away)})"
        kept.append(text)
    reserves = ", ".join(kept)
    blocks += [
        para(f"Fleet ({difficulty.name}): ", b(dials), f". In reserve: {reserves}."),
        para(
            f"Jump preparation: {content.jump_track[0].name}. Distance: 0 of "
            f"{content.distance_goal}."
        ),
    ]
    if content.setup_ships:
        blocks.append(para(f"Ships: {content.setup_ships}."))
    row = content.loyalty_rows[len(state.players)]
    extra_names = [
        state.who(p.seat) for p in state.players if content.extra_phase(p.character) == "setup"
    ]
    loyalty_text = (
        f"Loyalty: the deck holds {record.loyalty.deck_size} cards for this game"
        f" ({row.cylon} You Are a Cylon). Everyone has one card by private message"
    )
    loyalty_text += f" ({', '.join(extra_names)}: two)." if extra_names else "."
    if row.sympathizer:
        loyalty_text += (
            " The Sympathizer card is now shuffled into the rest of the deck, which is dealt in"
            " the sleeper agent phase."
        )
    blocks.append(para(loyalty_text))
    blocks.append(para("Skill cards drawn at setup (types only):"))
    for seat in record.order:
        if seat == first:
            blocks.append(item(f"{isolate(state.player(seat).name)}: none (first player)"))
        else:
            text = _types_text(content, record.skill_draws[seat])
            blocks.append(item(f"{isolate(state.player(seat).name)}: {text}"))
    blocks.append(
        para(
            f"Destiny deck: {len(state.destiny)} cards "
            f"({content.destiny_per_type} of each skill type), shuffled."
        )
    )
    blocks += commitment_blocks(state, messages)
    blocks.append(
        para(
            f"Seed commitment: {seed_commitment} (the moderator reveals the seed at the end; "
            "sheetgen verify checks it)."
        )
    )
    return TablePost(
        f"public/{SETUP_KEY}",
        title(state.game_id, "Setup"),
        tuple(blocks),
        tuple(state.queue()),
        board_view(state),
    )
