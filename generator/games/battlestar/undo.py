"""Corrections at a Battlestar table: `bsg undo` undoes the last entry that stands (with,
optionally, the command it should have been), and each entry is checked against what it
wrote when it was logged.

The log is never rewritten: an undo is an entry of its own, naming the entry it undoes
(`args.entry`) and what stands in its place (`args.instead`: a command and its arguments).
A replay keeps the table as it was before each entry some undo names, and at the undo goes
back to it. What the undone entry drew or rolled goes back too: the seed gives the same
cards and dice to the next command that draws or rolls, so an undo never re-rolls a die.
The undone entry's private messages were sent: they stay committed and are revealed at the
end like every other.

The correction post says what changed (the public table before and after) and what stands
(every other entry; the table as the post shows it), in every flavour, as Card Race's undo
does.

An entry logged since rules 3 carries `after`, a digest of the table it left (every fact, the
hands and decks too) and of its private messages: a replay that gives another table for it
(the log edited by hand, e.g. `fuel=-1` changed to `-3`) is refused, naming the entry."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from generator.games.battlestar.board import AREA_NAMES, AREAS
from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.posts.post import TableBlock, b, item, para
from generator.games.battlestar.state import TableState
from generator.games.battlestar.table.common import Outcome

UNDO = "undo"


def public_facts(state: TableState) -> dict[str, str]:
    """What the thread knows of the table, each fact as it reads in a correction."""
    content = state.content
    board = state.board
    facts = {
        "Turn": f"{state.turn} ({state.who(state.current_seat)})",
        **{r.name: str(state.resources[r.id]) for r in content.resources},
        "Jump track": content.jump_track[state.jump].name,
        "Distance": str(state.distance),
        "Vipers in reserve": str(state.reserves.get("vipers", 0)),
        "Raptors in reserve": str(state.reserves.get("raptors", 0)),
        "Nukes": str(state.nukes),
        "Damaged locations": ", ".join(sorted(board.damaged_locations())) or "none",
        "Centurions": ", ".join(str(c + 1) for c in sorted(board.centurions)) or "none",
        "Vipers damaged": str(board.vipers_damaged),
        "Vipers destroyed": str(board.vipers_destroyed),
        "Civilian ships lost": str(len(board.civilians_lost)),
        "Skill check": state.check.name if state.check else "none",
        "Die rolls": str(board.rolls),
    }
    for area_id in AREAS:
        area = board.areas[area_id]
        ships = [
            f"{len(area.basestars)} basestar" if area.basestars else "",
            f"{area.raiders} raider" if area.raiders else "",
            f"{area.heavy_raiders} heavy raider" if area.heavy_raiders else "",
            f"{len(area.vipers)} viper" if area.vipers else "",
            f"{len(area.civilians)} civilian" if area.civilians else "",
        ]
        facts[AREA_NAMES[area_id]] = ", ".join(s for s in ships if s) or "empty"
    for player in state.players:
        where = state.where(player.seat)
        marks = " (in the Brig)" if player.brig else " (revealed Cylon)" if player.revealed else ""
        facts[state.who(player.seat)] = f"{where}{marks}, {len(player.hand)} cards"
    for title, seat in state.titles.items():
        facts[title.capitalize()] = state.who(seat) if seat is not None else "nobody"
    return facts


def after_digest(state: TableState, messages: list[PrivateMessage]) -> str:
    """The table an entry leaves, secrets included, and its messages: what a replay of the
    entry must give again."""
    data: dict[str, Any] = {
        "public": public_facts(state),
        "hands": [[list(c) for c in p.hand] for p in state.players],
        "loyalty": [[c.name for c in p.loyalty] for p in state.players],
        "decks": {k: [len(d.pile), len(d.discard), d.reshuffles] for k, d in state.decks.items()},
        "destiny": list(state.destiny),
        "winner": state.winner,
        "messages": [[m.id, m.text] for m in messages],
    }
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def correction(
    before: TableState,
    after: TableState,
    target: int,
    target_title: str,
    target_messages: list[PrivateMessage],
    instead: tuple[str, Outcome] | None,
) -> Outcome:
    """The correction post: which entry no longer stands, what stands in its place, what
    changed on the table, and what stands."""
    blocks: list[TableBlock] = [
        para(b(f"Correction: entry {target} ({target_title}) is undone"), ".")
    ]
    if target_messages:
        ids = ", ".join(m.id for m in target_messages)
        one = len(target_messages) == 1
        blocks.append(
            item(
                f"Its private message{'' if one else 's'} ({ids}) no longer "
                f"stand{'s' if one else ''}; "
                + ("its commitment stays and is" if one else "their commitments stay and are")
                + " revealed at the end."
            )
        )
    blocks.append(
        item(
            "What it drew or rolled goes back: the next draw or roll gives the same cards and "
            "dice (the seed's), so nothing is drawn or rolled again by the undo."
        )
    )
    messages: list[PrivateMessage] = []
    if instead is not None:
        command, outcome = instead
        blocks.append(para("In its place: ", b(f"{command} ({outcome.what})"), ":"))
        blocks += outcome.blocks
        messages = outcome.messages
    old, new = public_facts(before), public_facts(after)
    changed = [k for k in new if old.get(k) != new[k]]
    if changed:
        blocks.append(para("What changed:"))
        blocks += [item(f"{k}: {old.get(k, '—')} → ", b(new[k])) for k in changed]
    else:
        blocks.append(para("Nothing public changed."))
    blocks.append(para("What stands: every other entry, and the table as this post shows it."))
    title = f"Correction of entry {target}"
    return Outcome(title, blocks, messages)
