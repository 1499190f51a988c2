"""The files a Galactic Card Race game folder gets from its plan: round posts, private
hands (text and image), score pads and the rules card, in the chosen language(s)."""

from __future__ import annotations

from generator.common.bidi import isolate
from generator.games import OutputFile, Scope
from generator.games.card_race.cards import parse_id
from generator.games.card_race.content import CardRace
from generator.games.card_race.flavours import post_files, private_files
from generator.games.card_race.languages import languages
from generator.games.card_race.plan import CardRacePlan
from generator.games.card_race.posts import Writer, hand_stem

PAD_PLAYERS = (3, 4, 5)


def round_files(
    content: CardRace, plan: CardRacePlan, number: int, lang: str, images: bool
) -> list[OutputFile]:
    from generator.games.card_race.pictures import hand_png

    files: list[OutputFile] = []
    for code, suffix in languages(lang):
        writer = Writer(content, plan, code)
        files += _encode(post_files(writer.round_post(number), suffix))
        for player in plan.table.players:
            image = f"{hand_stem(number, player)}{suffix}.png" if images else None
            message = writer.hand_message(number, player, image)
            files += _encode(private_files(message, suffix, player))
            if image:
                cards = [parse_id(c) for c in plan.rounds[number - 1].hands[player]]
                titles = [writer.title(number), writer.t.get("hand_cards", count=len(cards))]
                titles[1] = f"{isolate(player)}: {titles[1].rstrip(':')}"
                files.append(OutputFile(image, hand_png(content, cards, titles, code)))
    return files


def sheet_files(content: CardRace, lang: str, papers: tuple[str, ...]) -> list[OutputFile]:
    from generator.games.card_race.sheets import rules_card_pdf, score_pad_pdf

    files = []
    for code, suffix in languages(lang):
        for paper in papers:
            for players in PAD_PLAYERS:
                name = f"sheets/score-pad-{players}p-{paper}{suffix}.pdf"
                files.append(OutputFile(name, score_pad_pdf(content, players, paper, code)))
            name = f"sheets/rules-card-{paper}{suffix}.pdf"
            files.append(OutputFile(name, rules_card_pdf(content, paper, code)))
    return files


def game_files(
    content: CardRace,
    plan: CardRacePlan,
    scope: Scope,
    lang: str,
    papers: tuple[str, ...],
    images: bool,
) -> list[OutputFile]:
    rounds = plan.table.rounds
    files: list[OutputFile] = []
    if scope.kind == "game":
        for number in range(1, rounds + 1):
            files += round_files(content, plan, number, lang, images)
    elif scope.kind in ("round", "turn"):
        files += round_files(content, plan, scope.number or 1, lang, images)
    if scope.kind == "game":
        for code, suffix in languages(lang):
            guide = Writer(content, plan, code).posting_guide(suffix)
            files.append(OutputFile(f"posting-guide{suffix}.md", guide.encode("utf-8")))
    if scope.kind in ("game", "sheets"):
        files += sheet_files(content, lang, papers)
    return files


def _encode(texts: dict[str, str]) -> list[OutputFile]:
    return [OutputFile(name, text.encode("utf-8")) for name, text in texts.items()]
