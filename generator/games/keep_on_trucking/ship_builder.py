"""Keep on Trucking's ship builder page: Galaxy Trucker's page (galaxy_trucker/ship_builder.py)
with every ship board (I, II, III and the A ships), the expansion's tiles, its end-of-building
check (the engines' rule read against the rear the player picks on Ship IA, whose compass
the round start post gives; fancy wiring) and the `ability:` line of its ship files."""

from __future__ import annotations

from types import SimpleNamespace

from generator.common.output_file import OutputFile
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.ship_builder import FLAGS, Rules, builder_file
from generator.games.keep_on_trucking.flight.geometry import PARTNERS
from generator.games.keep_on_trucking.flight.legality import PARTNER_WORDS, SIDE_WORDS

BOARDS = ["I", "II", "III", "IA", "IIA", "IIIA"]
COMPASS = ("IA",)  # the boards whose front the dice compass picks (KoT's hits.py)


def _partner_flag(kind: str) -> str:
    """The kind flag a wired kind's partner must have: the one that satisfies its test in
    geometry.PARTNERS (so the page cannot drift from the engine's partners)."""
    found = [f for f in FLAGS if PARTNERS[kind](SimpleNamespace(**{g: g == f for g in FLAGS}))]
    assert len(found) == 1, (kind, found)
    return found[0]


def rules() -> Rules:
    wiring = {kind: (_partner_flag(kind), PARTNER_WORDS[kind]) for kind in PARTNERS}
    return Rules(wiring=wiring, compass=COMPASS, edges=SIDE_WORDS, ability=True)


def trucking_builder_file(content: GalaxyTrucker, game_id: str) -> OutputFile:
    boards = [b for b in BOARDS if b in content.boards]
    return builder_file(content, game_id, boards, rules())
