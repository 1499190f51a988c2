"""Post images of a whole Galaxy Trucker game: counts, sizes, alt text, determinism, and
that no main image gives away a dice result or a card of the hidden stack."""

from __future__ import annotations

import dataclasses
import io
import re
from typing import Any

import pytest
from PIL import Image, ImageChops

from generator.art.indexed_surface import IndexedSurface
from generator.art.png_surface import PngSurface
from generator.games import OutputFile, RenderOptions, Scope
from generator.games.galaxy_trucker.art.cards import draw_card
from generator.games.galaxy_trucker.pictures import layout as images_layout
from generator.games.galaxy_trucker.pictures.layout import render_png
from generator.games.galaxy_trucker.pictures.planned import PlannedImage, stack_image
from generator.games.galaxy_trucker.plan import GalaxyTruckerPlan
from generator.games.galaxy_trucker.posts import PostWriter
from generator.kit.session import Game, open_game
from generator.plan.model import from_data, to_data

SEED = "2020"


@pytest.fixture(scope="module")
def game() -> Game:
    return open_game("galaxy-trucker", SEED, None)


@pytest.fixture(scope="module")
def files(game: Game) -> dict[str, bytes]:
    out: list[OutputFile] = game.rules.outputs(
        game.content, game.plan, Scope("game"), RenderOptions()
    )
    return {f.path: f.data for f in out}


def pngs(files: dict[str, bytes], suffix: str) -> list[str]:
    return sorted(p for p in files if p.endswith(suffix) and "/SPOILER_" not in p)


def planned(game: Game, plan: GalaxyTruckerPlan | None = None) -> list[PlannedImage]:
    writer = PostWriter(game.content, plan or game.plan)
    return [im for post in writer.all_posts() for im in post.images]  # type: ignore[misc]


def test_the_game_has_every_image(game: Game, files: dict[str, bytes]) -> None:
    rolls = sum(
        len(e["rolls"])
        for rnd in to_data(game.plan)["rounds"]
        for turn in rnd["flight_turns"]
        for e in turn["events"]
    )
    assert rolls > 0
    assert len(pngs(files, "-build-tiles.png")) == 33
    assert len(pngs(files, "-flight-cards.png")) == 18
    # One picture per roll, so none shows a turn's rolls at once; only as SPOILER_ files.
    dice = sorted(p for p in files if p.endswith("-dice.png"))
    assert len(dice) == rolls and all("/SPOILER_turn-" in p for p in dice)
    stacks = sorted(p for p in files if "stack-" in p and p.endswith(".png"))
    assert stacks == [
        f"round-{r}/SPOILER_stack-{s}-cards.png" for r in (1, 2, 3) for s in (1, 2, 3)
    ]
    pictures = [p for p in files if p.endswith(".png")]
    assert len(pictures) == 33 + 18 + rolls + 9


def test_images_are_feed_sized_pngs(files: dict[str, bytes]) -> None:
    for path, data in files.items():
        if path.endswith(".png"):
            with Image.open(io.BytesIO(data)) as image:
                assert image.format == "PNG"
                assert image.size in ((1080, 1350), (1080, 1080)), path
                assert not image.info.get("timestamp")


def test_every_image_is_named_in_its_host_notes(game: Game, files: dict[str, bytes]) -> None:
    images = planned(game)
    assert len(images) == len({im.file for im in images})
    posts = PostWriter(game.content, game.plan).all_posts()
    for post in posts:
        host = files[f"{post.key}.host.txt"].decode()
        for image in post.images:
            assert image.alt and f"Alt text for `{image.file}`: {image.alt}" in host
            # Facebook steps name only images that show nothing hidden.
            facebook = host.split("Discord:")[0]
            assert (image.file in facebook) == (not image.hidden), image.file
            assert image.file in host.split("Discord:")[1]
        for name, data in files.items():
            if name.startswith(post.key + ".") and not name.endswith(".host.txt"):
                text = data.decode()
                # HTML carries the alt text where it belongs: the <img> tag's alt attribute.
                assert name.endswith(".html") or all(im.alt not in text for im in post.images), name
                # BGG's own image tag ([ImageID=…]) is the picture itself, not a note.
                assert not re.search(r"\[Image(?!ID=…\])|\[Host|-# Image", text), name


def test_alt_text_names_the_tiles(game: Game) -> None:
    build = next(im for im in planned(game) if im.kind == "build")
    assert build.alt.startswith("Build turn 1 of 8, round 1")
    for label in ("Set A: A1 ", "A2 ", "A3 ", "Set B: B1 ", "Set C: C1 ", "C3 "):
        assert label in build.alt
    assert "top " in build.alt and "left " in build.alt


def changed_rolls(plan: GalaxyTruckerPlan) -> GalaxyTruckerPlan:
    other = to_data(plan)
    for rnd in other["rounds"]:
        for turn in rnd["flight_turns"]:
            for event in turn["events"]:
                event["rolls"] = [[7 - a, 1 + b % 6] for a, b in event["rolls"]]
    return from_data(GalaxyTruckerPlan, other)


def test_no_main_image_shows_the_dice(game: Game) -> None:
    other = changed_rolls(game.plan)
    assert other != game.plan
    mine, theirs = planned(game), planned(game, other)
    for a, b in zip(mine, theirs, strict=True):
        assert a.file == b.file
        if a.kind == "rolls":
            assert a.alt != b.alt
        else:
            assert a.alt == b.alt
    # Build images do not read the flight at all: two of them stand for the rest.
    sample = [im for im in mine if im.round == 1 and (im.kind != "build" or im.index < 2)]
    for image in sample:
        same = render_png(game.content, game.plan, image) == render_png(game.content, other, image)
        assert same == (image.kind != "rolls"), image.file


def test_no_image_shows_the_hidden_stack(game: Game) -> None:
    """Swap the hidden stack's cards for others: no image or alt text may change but the
    flight turns that draw those cards."""
    other = to_data(game.plan)
    rnd = other["rounds"][2]
    hidden = rnd["hidden_stack"] - 1
    in_round = {c["id"] for stack in rnd["stacks"] for c in stack}
    spare = [c for c in game.content.cards if c.id not in in_round]
    for i, ref in enumerate(rnd["stacks"][hidden]):
        card = next(c for c in spare if c.level == ref["level"])
        spare.remove(card)
        rnd["stacks"][hidden][i] = {"id": card.id, "type": card.kind, "level": card.level}
    other = from_data(GalaxyTruckerPlan, other)
    assert other != game.plan
    for image in planned(game):
        if image.kind == "stack" and image.round == 3:
            assert render_png(game.content, game.plan, image) == render_png(
                game.content, other, image
            )
    with pytest.raises(ValueError):
        stack_image(game.content, game.plan, game.plan.rounds[0], 3)


def test_pool_and_single_process_draw_the_same_bytes(game: Game, files: dict[str, bytes]) -> None:
    images_layout.forget_pictures()
    sample = [im for im in planned(game) if im.round == 2][::3]
    assert len(sample) > 4
    for image in sample:
        assert render_png(game.content, game.plan, image) == files[image.file]


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        (
            1,
            {
                "round-1/turn-01-build-tiles.png",
                *(f"round-1/SPOILER_stack-{s}-cards.png" for s in (1, 2, 3)),
            },
        ),
        (10, {"round-1/turn-10-flight-cards.png"}),
        (
            12,
            {
                "round-1/turn-12-flight-cards.png",
                *(f"round-1/SPOILER_turn-12-event-8-meteor-{m}-dice.png" for m in (1, 2, 3, 4)),
            },
        ),
    ],
)
def test_a_turn_writes_its_own_images(game: Game, turn: int, expected: set[str]) -> None:
    out = game.rules.outputs(game.content, game.plan, Scope("turn", turn), RenderOptions())
    assert {f.path for f in out if f.path.endswith(".png")} == expected


def test_images_show_the_game_id_never_the_seed(game: Game) -> None:
    image = next(im for im in planned(game) if im.kind == "build")
    reseeded = dataclasses.replace(game.plan, seed="another-seed-entirely")
    renamed = dataclasses.replace(game.plan, game_id="0000-0000")
    drawn = render_png(game.content, game.plan, image)
    assert render_png(game.content, reseeded, image) == drawn
    assert render_png(game.content, renamed, image) != drawn


def empty_rows(data: bytes) -> tuple[list[bool], int]:
    """Which pixel rows are pure background, and the image height."""
    with Image.open(io.BytesIO(data)) as image:
        rgb = image.convert("RGB")
    width, height = rgb.size
    background = Image.new("RGB", rgb.size, images_layout.BACKGROUND)
    ink = ImageChops.difference(rgb, background).convert("L").point(lambda v: 255 if v > 6 else 0)
    return [ink.crop((0, y, width, y + 1)).getbbox() is None for y in range(height)], height


def widest_band(rows: list[bool]) -> int:
    run = best = 0
    for empty in rows:
        run = run + 1 if empty else 0
        best = max(best, run)
    return best


def test_images_use_their_canvas_and_keep_the_bottom_clear(files: dict[str, bytes]) -> None:
    """No empty band wider than 12 % of the height (the old 2-card flight image left 15 %
    above and below its cards), and nothing at all in the bottom 8 % (feeds overlay it)."""
    for path, data in files.items():
        if not path.endswith(".png"):
            continue
        rows, height = empty_rows(data)
        safe = int(height * (1 - images_layout.BOTTOM_SAFE))
        assert all(rows[safe:]), f"{path}: something drawn in the bottom 8 %"
        assert widest_band(rows[:safe]) < 0.12 * height, path


def test_the_band_check_can_fail(game: Game) -> None:
    image = next(im for im in planned(game) if im.kind == "flight")
    data = render_png(game.content, game.plan, image)
    with Image.open(io.BytesIO(data)) as drawn:
        taller = Image.new("RGB", (1080, drawn.height + 300), images_layout.BACKGROUND)
        taller.paste(drawn, (0, 0))
        buffer = io.BytesIO()
        taller.save(buffer, "PNG")
    rows = empty_rows(buffer.getvalue())[0]
    assert widest_band(rows) >= 300


@pytest.mark.parametrize(
    ("pack", "seed"), [("galaxy-trucker", SEED), ("keep-on-trucking", "drawn-seed-00005")]
)
def test_post_image_text_is_at_least_28_px(
    pack: str, seed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every text drawn into a post image, at its final size, with no exemption: tile labels,
    the "2×" of a double, the glyphs inside icons (a coin's C, a good's value, a planet's
    number, the hazard sign's !). Pictures (tiles, cards, dice) are drawn at SUPERSAMPLE
    times their size and scaled down, so their sizes count divided. Keep on Trucking's
    tiles and cards share the drawers and add their own kinds."""
    sizes: list[tuple[float, str]] = []
    real_text = PngSurface.text
    real_post_text = IndexedSurface.text

    def recording(self: PngSurface, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
        # A picture pasted into a post is drawn at SUPERSAMPLE times its size; the palette's
        # mosaic at the post's own.
        scale = 1 if self.image.width == images_layout.WIDTH else images_layout.SUPERSAMPLE
        if text.strip():
            sizes.append((kw.get("size", 10) / scale, text))
        real_text(self, x, y, text, *args, **kw)

    def post_recording(
        self: IndexedSurface, x: float, y: float, text: str, *args: Any, **kw: Any
    ) -> None:
        if text.strip():  # the post's own frame
            sizes.append((kw.get("size", 10), text))
        real_post_text(self, x, y, text, *args, **kw)

    game = open_game(pack, seed, None)
    monkeypatch.setattr(PngSurface, "text", recording)
    monkeypatch.setattr(IndexedSurface, "text", post_recording)
    # Every picture drawn here, none pasted from the cache (pictures kept by earlier runs).
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    images_layout.forget_pictures()
    for image in planned(game):
        render_png(game.content, game.plan, image)
    images_layout.forget_pictures()
    assert len(sizes) > 500
    # The one-character glyphs and the doubles' marks are measured too.
    drawn = {text for _, text in sizes}
    assert {"2\u00d7", "C", "!", "1"} <= drawn
    small = sorted({(round(size, 1), text) for size, text in sizes if size < 28 - 0.01})
    assert not small, repr(small[:40])


def test_every_card_keeps_28_px_text_at_every_post_size(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every card of both packs, at every size the flight and stack layouts give a card (a
    4-card stack's cards are the shortest), whether or not a seed puts it there: a Junkyard
    in a 4-card stack once came out at 24 px."""
    card_sizes: set[tuple[int, int]] = set()
    real_picture = images_layout.card_picture

    def sized(content: Any, card_id: str, w: int, h: int) -> Image.Image:
        card_sizes.add((w, h))
        return real_picture(content, card_id, w, h)

    monkeypatch.setattr(images_layout, "card_picture", sized)
    for image in planned(game):
        if image.kind in ("flight", "stack"):
            render_png(game.content, game.plan, image)
    # One row of cards (a square image) and two rows (4:5); the pack's palette may add its
    # own size when it is first drawn.
    assert len(card_sizes) >= 2 and min(h for _, h in card_sizes) < 450, card_sizes

    sizes: list[tuple[float, str, str]] = []
    card = [""]

    class Recording(PngSurface):
        def text(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
            if text.strip():
                sizes.append((kw.get("size", 10) / images_layout.SUPERSAMPLE, text, card[0]))
            super().text(x, y, text, *args, **kw)

    scale = images_layout.SUPERSAMPLE
    for pack in ("galaxy-trucker", "keep-on-trucking"):
        content = open_game(pack, SEED, None).content
        for w, h in sorted(card_sizes):
            for c in content.cards:
                card[0] = f"{pack} {c.id} {w}x{h}"
                surface = Recording(PngSurface.blank(w * scale, h * scale).image)
                draw_card(surface, content, c, 0, 0, w * scale, h * scale)
    assert {text for _, text, _ in sizes} >= {"C", "1", "S"}
    small = sorted({(round(s, 1), text, where) for s, text, where in sizes if s < 28 - 0.01})
    assert not small, repr(small[:20])


def test_a_roll_post_s_dice_are_kept_with_the_pack_s_pictures(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A later game pastes the dice a roll post shows as kept, as it does the tiles and
    cards, without drawing them again (each is a picture of a third of the post)."""
    from generator.common.cache import flush_all

    # As a first process: a game run earlier in this one (another test's) holds the die
    # in memory already, and would paste it without ever keeping it in this test's cache.
    images_layout.forget_pictures()
    palette = images_layout.game_palette(game.content)
    first = images_layout.die_picture(game.content, 5, 372).indices(palette).tobytes()
    flush_all()
    images_layout.forget_pictures()  # as a later process, which draws nothing yet

    def not_again(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a kept die is drawn again")

    monkeypatch.setattr(images_layout, "draw_die", not_again)
    again = images_layout.die_picture(game.content, 5, 372).indices(palette).tobytes()
    images_layout.forget_pictures()
    assert again == first
