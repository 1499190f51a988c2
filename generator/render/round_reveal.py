"""The words of the per-round commitments (plan/round_commit.py), for any game that plans
its rounds ahead: the list published in the game start post, and the reveal of one round
in its last post. Both say what a match proves and what it does not."""

from __future__ import annotations

from collections.abc import Sequence

from generator.plan.round_commit import FINAL, RoundKey, commitment_of, record_lines, round_salt
from generator.render.post import Block, Per, Secret, code, line, para

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


def commitments_blocks(
    game_id: str,
    seed: str,
    records: Sequence[Sequence[str]],
    final: Sequence[str] | None = None,
    final_words: str = "",
) -> list[Block]:
    """The first post's list: one commitment per round (and the final record's, `final`,
    said in `final_words`: what it holds and when it is revealed)."""
    commitments = round_commitments(game_id, seed, records, final)
    words = (
        "Round commitments (each the SHA-256 of a secret salt and everything that round "
        "will show: its tiles, cards and dice). Each round's last post reveals its salt "
        f"and record: paste that post into {CHECK_PAGE} (sent with the print pack) "
        f"together with this post to check it on the day."
    )
    if final is not None:
        words += f" {final_words}"
    return [
        para(f"{words} {PROVES}"),
        *(line(f"Round {key}: {c}") for key, c in commitments.items()),
    ]


def reveal_blocks(
    game_id: str,
    seed: str,
    round_number: RoundKey,
    record: Sequence[str],
    facebook_comment: str = "",
) -> list[Block]:
    """A round's last post: its salt and record, to check against the first post. Short
    words before the block: the block and they stay in one Discord message.

    `facebook_comment`: the record holds rolls that were hidden until now (the last flight
    turn's, whose post goes out in the same slot): on Facebook, where a post hides nothing,
    the record goes in a comment of that name below a spoiler warning, as those rolls did."""
    lines = reveal_lines(game_id, seed, round_number, record)
    words = (
        f"Check round {round_number}: paste this post and the game start post into "
        f"{CHECK_PAGE}. {PROVES_SHORT}"
    )
    if not facebook_comment:
        return [para(words), code("\n".join(lines))]
    in_comment = (
        f"Check round {round_number}: its salt and record are in the comment "
        f"“{facebook_comment}” under this post, below a spoiler warning: they show this "
        "round's last dice, so read it once you have resolved every event. Paste that comment "
        f"and the game start post into {CHECK_PAGE}. {PROVES_SHORT}"
    )
    return [
        para(Per(facebook=in_comment, discord=words)),
        code("\n".join(lines), only=("discord", "bgg", "html")),
        Block("code", (Secret("\n".join(lines)),), context=facebook_comment, only=("facebook",)),
    ]
