"""The end of a game in the thread: `bsg reveal` writes the reveal as posts (`public/reveal`,
split for Discord like every post), with the seed, every private message and moderator's
record (who added which card to each skill check, the Destiny cards) with its salt and
commitment, and the die rolls the seed decided, so that anyone can check each commitment
posted during the game: sha256(salt + newline + text)."""

from __future__ import annotations

from generator.common.bidi import isolate
from generator.games.battlestar.commit import PrivateMessage
from generator.games.battlestar.posts.post import TableBlock, TablePost, b, code, item, para
from generator.games.battlestar.posts.setup import title
from generator.games.battlestar.state import TableState

REVEAL_KEY = "public/reveal"


def reveal_post(
    state: TableState, game_id: str, seed: str | None, messages: list[PrivateMessage]
) -> TablePost:
    blocks: list[TableBlock] = [
        para(
            "Every private message and moderator's record of this game, with its salt, and "
            "its text exactly as it was committed: the lines of its code block (between the "
            "``` lines; on BGG inside the code box), each line ending with a newline, the "
            "last one too."
        ),
        para(
            "To check one: sha256(salt + newline + text), in UTF-8, is the commitment posted "
            "in the thread when it was sent. In Python: hashlib.sha256((salt + "
            '"\\n" + text).encode()).hexdigest().'
        ),
    ]
    if seed is not None:
        blocks.append(
            para("Seed: ", b(seed), " (sheetgen verify checks it against the setup post).")
        )
    else:
        blocks.append(para("The seed stays secret: the game is not over."))
    for m in messages:
        to = "kept by the moderator" if m.is_record else f"to {isolate(m.player)}"
        blocks.append(para(b(f"{m.id}"), f" ({to})"))
        blocks.append(item(f"salt: {m.salt(state.seed)}"))
        blocks.append(item(f"commitment: {m.commitment(state.seed)}"))
        blocks.append(code(m.text))
    blocks.append(
        para(
            f"Die rolls: {state.board.rolls}, each from the seed (stream bsg/die/N for roll N), "
            "as every post gave them."
        )
    )
    return TablePost(REVEAL_KEY, title(game_id, "The reveal"), tuple(blocks), tuple(state.queue()))
