"""The words of the per-round commitments (plan/round_commit.py), for any game that plans
its rounds ahead: the list published in the game start post, and the reveal of one round
in its last post. Both say what a match proves and what it does not."""

from __future__ import annotations

from collections.abc import Sequence

from generator.plan.round_commit import FINAL, RoundKey, commitment_of, record_lines, round_salt
from generator.render.post import Block, Per, code, hidden_code, line, para

CHECK_PAGE = "round-check.html"
# What the check covers, said once for the first post, the reveals and the README.
PROVES = (
    "A MATCH proves the round's tiles, cards and dice were fixed before the game began "
    "and not changed since; it does not prove they came fairly from the seed: that is "
    "checked at the end, when the host reveals the seed (sheetgen verify)."
)
PROVES_SHORT = (
    "MATCH: fixed before the game began (that it came fairly from the seed is checked at the end)."
)


def reveal_lines(
    game_id: str, seed: str, round_number: RoundKey, record: Sequence[str]
) -> list[str]:
    """One round's reveal, canonical: what its commitment is the SHA-256 of."""
    return record_lines(game_id, round_number, round_salt(seed, round_number), record)


def round_commitments(
    game_id: str,
    seed: str,
    records: Sequence[Sequence[str]],
    final: Sequence[str] | None = None,
) -> dict[RoundKey, str]:
    """Every round's commitment, round 1 first; then the final record's, if the game has
    one (what is drawn after the last round: plan/round_commit.py)."""
    found: dict[RoundKey, str] = {
        number: commitment_of(reveal_lines(game_id, seed, number, record))
        for number, record in enumerate(records, 1)
    }
    if final is not None:
        found[FINAL] = commitment_of(reveal_lines(game_id, seed, FINAL, final))
    return found


def record_comment(round_number: RoundKey) -> str:
    """The name of the Facebook comment that holds a hidden record (`reveal_blocks`)."""
    return f"Round {round_number} record"


def record_button(round_number: RoundKey) -> str:
    """What a reader taps on the catch-up page to open a hidden record (`record_summary`)."""
    return f"Show {record_comment(round_number)}"


def record_summary(round_number: RoundKey) -> str:
    """The words on the closed `<details>` that holds a hidden record on the catch-up page:
    what it holds, and why it waits to be opened."""
    return f"{record_button(round_number)} (it shows this round's last dice)"


def commitments_blocks(
    game_id: str,
    seed: str,
    records: Sequence[Sequence[str]],
    final: Sequence[str] | None = None,
    final_words: str = "",
    hidden: bool = False,
) -> list[Block]:
    """The first post's list: one commitment per round (and the final record's, `final`,
    said in `final_words`: what it holds and when it is revealed). `hidden`: the rounds'
    reveals are hidden (`reveal_blocks`), and the words say what to paste on each platform:
    on Facebook the comment that holds the record, not the post."""
    commitments = round_commitments(game_id, seed, records, final)
    on_the_day = (
        f"into {CHECK_PAGE} (sent with the print pack) together with this post to check it "
        "on the day."
    )
    words = (
        "Round commitments (each the SHA-256 of a secret salt and everything that round "
        "will show: its tiles, cards and dice). "
    )
    shown = f"Each round's last post reveals its salt and record: paste that post {on_the_day}"
    reveals: str | Per = shown
    if hidden:
        spoiler = (
            "Each round's last post reveals its salt and record in a spoiler (it shows the "
            f"round's last dice): open it, then paste that post {on_the_day}"
        )
        comment = record_comment("N")
        reveals = Per(
            facebook=(
                "Each round's last post reveals its salt and record in a comment under it, "
                f"“{comment}” (N the round), below a spoiler warning (it shows the round's "
                f"last dice): paste that comment {on_the_day}"
            ),
            discord=spoiler,
            html=(
                "Each round's last post reveals its salt and record behind "
                f"“{record_button('N')}” (N the round; it shows the round's last dice): open "
                f"it, then paste that post {on_the_day}"
            ),
        )
    tail = f" {final_words}" if final is not None else ""
    return [
        para(words, reveals, f"{tail} {PROVES}"),
        *(line(f"Round {key}: {c}") for key, c in commitments.items()),
    ]


def reveal_blocks(
    game_id: str,
    seed: str,
    round_number: RoundKey,
    record: Sequence[str],
    hidden: bool = False,
) -> list[Block]:
    """A round's last post: its salt and record, to check against the first post. Short
    words before the block: the block and they stay in one Discord message.

    `hidden`: the record holds rolls that were hidden until now (the last flight turn's,
    whose post goes out in the same slot), so it is hidden as they were: one spoiler around
    the block on Discord and BGG, on Facebook, where a post hides nothing, a comment of its
    own (`record_comment`) below a spoiler warning, and on the catch-up page a closed
    `<details>` (`record_summary`)."""
    lines = reveal_lines(game_id, seed, round_number, record)
    words = (
        f"Check round {round_number}: paste this post and the game start post into "
        f"{CHECK_PAGE}. {PROVES_SHORT}"
    )
    if not hidden:
        return [para(words), code("\n".join(lines))]
    comment = record_comment(round_number)
    in_comment = (
        f"Check round {round_number}: its salt and record are in the comment "
        f"“{comment}” under this post, below a spoiler warning: they show this "
        "round's last dice, so read it once you have resolved every event. Paste that comment "
        f"and the game start post into {CHECK_PAGE}. {PROVES_SHORT}"
    )
    return [
        para(Per(facebook=in_comment, discord=words)),
        hidden_code("\n".join(lines), context=comment, summary=record_summary(round_number)),
    ]
