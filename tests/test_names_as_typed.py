"""Players' names as typed, everywhere (issue 21, item 5): a right-to-left name is isolated
in every text flavour (FSI ... PDI, `<bdi>` in HTML) so the score after it stays after it;
names in any script are drawn with glyphs, not boxes, in the podium PNG and in digest.pdf,
whose text layer holds them; a character no font has gets a visible stand-in; the picture
and its alt text count the same "and N more"; a name with `<` survives BGG
as docs/hosting.md says."""

from __future__ import annotations

import base64
import io
import re
import unicodedata
from pathlib import Path
from typing import Any

import pypdf
import pytest
from bsg_helpers import BsgGame
from card_race_helpers import start_table
from PIL import Image, ImageDraw

from generator.art.png_surface import draw_typed, load_font
from generator.art.typed import COMPANION, coverage, name_runs, runs, shown
from generator.common.bidi import FSI, PDI, holds_rtl, isolate
from generator.host.rankings import Entry, Ranking, ScoreSpec, rank
from generator.host.rankings_post import (
    GameTitle,
    alt_text,
    ranking_picture,
    ranking_post,
    table_rows,
)
from generator.render.digest_pdf import digest_pdf
from generator.render.html import Page, PageImage, PagePhase, PagePost, PageSection
from generator.render.post import BGG_LESS_THAN, ZERO_WIDTH

SPEC = ScoreSpec(rounds=("final",))
GAME = GameTitle("Moon Drop", "ABCD-1234")
HEBREW, ARABIC, GREEK, CYRILLIC = "שרה", "علي", "Ζωή", "Ана"
NAMES = ("<script>", HEBREW, "Zoë", CYRILLIC, "😀Bob", ARABIC, GREEK, "🦄 Uni")


def ranking(names: tuple[str, ...] = NAMES) -> Ranking:
    entries = [Entry(0, n, "final", 50 - i, {}, {}) for i, n in enumerate(names)]
    (final,) = rank(entries, SPEC, None)
    return final


# --- text flavours: isolation ----------------------------------------------------------


def test_a_right_to_left_name_is_isolated_in_every_text_flavour() -> None:
    post = ranking_post(ranking(), SPEC, GAME)
    for flavour in ("facebook", "discord", "bgg"):
        text = getattr(post, flavour)
        for name in (HEBREW, ARABIC):
            assert f"{FSI}{name}{PDI}: " in text, flavour
            assert text.count(name) == text.count(f"{FSI}{name}{PDI}"), flavour
        # A name with no right-to-left letter cannot reorder the line: left as typed.
        assert f"{FSI}Zoë" not in text and "Zoë: 48" in text, flavour
    assert post.html is not None
    assert f"<bdi>{HEBREW}</bdi>: 49" in post.html and f"<bdi>{ARABIC}</bdi>: 45" in post.html
    assert FSI not in post.html.split("<img", 1)[0]  # the body: <bdi>, not isolates
    won = ranking_post(ranking((HEBREW, "Bo")), SPEC, GAME).facebook or ""
    assert f"Congratulations, {FSI}{HEBREW}{PDI}: the winner!" in won
    # The alt text, pasted by the host as plain text, isolates the same way.
    assert f"place 2: {FSI}{HEBREW}{PDI}, 49" in alt_text(ranking(), SPEC)


def test_isolation_is_for_names_that_need_it() -> None:
    assert isolate("שרה כהן") == f"{FSI}שרה כהן{PDI}"
    assert isolate("٤٢") == f"{FSI}٤٢{PDI}"  # Arabic-Indic digits reorder a line too
    for name in ("Ann", "Zoë", "Ана", "Ζωή", "<script>", "😀Bob", "李雷", "O'Neil"):
        assert not holds_rtl(name) and isolate(name) == name


def test_card_race_posts_isolate_a_right_to_left_seat(run: Any, tmp_path: Path) -> None:
    seats = f"[{HEBREW}, Ben, Cleo]"
    folder = start_table(tmp_path, run, "names-cr-seed-0123456789", players=seats)
    texts = {p.name: p.read_text() for p in (folder / "round-01").glob("round.*")}
    for name in ("round.facebook.txt", "round.discord.md", "round.bgg.txt"):
        text = texts[name]
        assert f"{FSI}{HEBREW}{PDI}" in text, name
        assert text.count(HEBREW) == text.count(f"{FSI}{HEBREW}{PDI}"), name
    assert f"<bdi>{HEBREW}</bdi>" in texts["round.html"] and FSI not in texts["round.html"]


def test_battlestar_posts_isolate_a_right_to_left_forum_name(tmp_path: Path) -> None:
    game = BsgGame(
        tmp_path,
        players=[
            (HEBREW, "laura-roslin", None),
            ("bob_b", "william-adama", None),
            ("Carol", "kara-thrace", ["tactics", "piloting", "leadership"]),
        ],
    )
    game.run("setup")
    public = sorted((game.folder / "public").glob("*.facebook.txt"))
    assert public
    for path in public:
        text = path.read_text()
        assert text.count(HEBREW) == text.count(f"{FSI}{HEBREW}{PDI}"), path.name
    assert any(f"Seat 1: {FSI}{HEBREW}{PDI}: " in p.read_text() for p in public)


# --- BGG: a `<` in a name ---------------------------------------------------------------


def bgg_filter(post: str) -> str:
    """What BGG keeps of a post: everything before a `<` followed by anything but a space
    (its HTML filter deletes from there to the end)."""
    cut = re.search(r"<(?! )", post)
    return post if cut is None else post[: cut.start()]


def as_read_on_bgg(text: str) -> str:
    """The text a reader sees, with the substitutions docs/hosting.md names: ‹ for `<`, an invisible
    zero-width space after `[`, invisible isolates."""
    for shown_as, typed_as in ((BGG_LESS_THAN, "<"), (ZERO_WIDTH, ""), (FSI, ""), (PDI, "")):
        text = text.replace(shown_as, typed_as)
    return text


def test_a_name_with_a_less_than_sign_survives_bgg_as_documented() -> None:
    names = ("<script>", "a<b", "x<", "[o]Ann", HEBREW, "Bo")
    post = ranking_post(ranking(names), SPEC, GAME)
    assert post.bgg is not None
    kept = bgg_filter(post.bgg)
    assert kept == post.bgg  # nothing is cut: every post line reaches the readers
    assert f"[b]1.[/b] {BGG_LESS_THAN}script>: 50" in kept
    read = as_read_on_bgg(kept)
    for place, name in enumerate(names, 1):
        assert f"[b]{place}.[/b] {name}: {51 - place}" in read
    assert set(re.findall(r"\[/?(\w+)", kept)) <= {"b", "i", "ImageID"}  # no tag from a name
    # Facebook and the HTML keep the `<` itself.
    assert "1. <script>: 50" in (post.facebook or "")
    assert "&lt;script&gt;: 50" in (post.html or "")


# --- PNG and PDF: glyphs, not boxes -----------------------------------------------------


def ink(image: Image.Image) -> Image.Image:
    return image.convert("L").point(lambda v: 255 if v < 128 else 0)


def drawn(text: str, font: str = "Vera", name: bool = True) -> Image.Image:
    image = Image.new("RGB", (900, 80), (255, 255, 255))
    draw_typed(ImageDraw.Draw(image), (10, 40), text, size=40, font=font, anchor="lm", name=name)
    return image


def notdef(font: str, count: int) -> Image.Image:
    """`count` characters the font has no glyph for: its .notdef box, drawn."""
    image = Image.new("RGB", (900, 80), (255, 255, 255))
    face = load_font(font, 40)
    ImageDraw.Draw(image).text((10, 40), "\ue000" * count, fill=(0, 0, 0), font=face, anchor="lm")
    return image


@pytest.mark.parametrize("name", [HEBREW, ARABIC, GREEK, CYRILLIC])
@pytest.mark.parametrize("font", ["Vera", "VeraBd"])
def test_names_in_any_script_are_drawn_with_glyphs(name: str, font: str) -> None:
    pieces = name_runs(name, font)
    wide = COMPANION[font]
    assert all(chosen == wide for _, chosen in pieces)
    # Every character drawn has a glyph in the font that draws it (its cmap) ...
    for piece, chosen in pieces:
        assert all(ord(char) in coverage(chosen) for char in piece), (piece, chosen)
    # ... and the drawing has ink, and is not the font's box for a missing glyph.
    picture = ink(drawn(name, font))
    assert picture.getbbox() is not None
    assert picture.tobytes() != ink(notdef(wide, len(name))).tobytes()
    assert picture.tobytes() != ink(notdef(font, len(name))).tobytes()


def test_right_to_left_names_are_drawn_in_display_order() -> None:
    assert shown(isolate(HEBREW)) == HEBREW[::-1]
    assert shown(isolate("שרה 2")) == "2 הרש"  # its own direction: the digit on the left
    assert shown(isolate("(שרה)")) == "(הרש)"  # brackets mirrored, as a reader sees them
    # A vowel point before its letter once reversed: DejaVu Sans draws it over the next glyph.
    assert shown(isolate("עַלִי")) == "עַלִי"[::-1]
    assert shown(f"1. {isolate(HEBREW)}: 42") == f"1. {HEBREW[::-1]}: 42"
    # Arabic letters take their joined forms: initial, medial, final.
    assert shown(isolate(ARABIC)) == "\ufef2\ufee0\ufecb"
    assert unicodedata.normalize("NFKC", shown(isolate(ARABIC))[::-1]) == ARABIC


def test_a_character_no_font_has_gets_a_visible_stand_in() -> None:
    assert runs("🦄 Uni", "Vera") == [("[U+1F984] Uni", "Vera")]
    # DejaVu Sans has 😀, but no glyph past U+FFFF is drawn: reportlab's text layer cannot
    # map one, and PNG and PDF show the same.
    assert runs("😀Bob", "Vera") == [("[U+1F600]Bob", "Vera")]
    assert shown("李雷") == "[U+674E][U+96F7]"
    # Invisible characters the fonts lack are left out, not shown as boxes or code points.
    assert shown("❤\ufe0f Di") == "❤ Di" and shown("a\u200db") == "ab"
    # The stand-in is drawn in Vera (it has every character of it): ink, no box.
    picture = ink(drawn("🦄Bob"))
    assert picture.tobytes() == ink(drawn("[U+1F984]Bob")).tobytes()


def test_latin_names_are_drawn_exactly_as_before() -> None:
    """A name Vera can set is drawn by one `draw.text` call in Vera, as before this change
    (the folder-hash golden of the Card Race pictures holds to it)."""
    for name in ("Ann", "Zoë", "<script>", "O'Neil"):
        assert name_runs(name, "VeraBd") == [(name, "VeraBd")]
        before = Image.new("RGB", (900, 80), (255, 255, 255))
        ImageDraw.Draw(before).text(
            (10, 40), name, fill=(0, 0, 0), font=load_font("Vera", 40), anchor="lm"
        )
        assert drawn(name).tobytes() == before.tobytes()


@pytest.fixture
def texts_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every `draw.text` call from now on: (text, the font file's name)."""
    calls: list[tuple[str, str]] = []
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        calls.append((str(text), Path(kwargs["font"].path).stem))
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    return calls


def test_the_podium_draws_every_character_with_a_glyph(texts_drawn: list[tuple[str, str]]) -> None:
    picture = ranking_picture(ranking(), SPEC, GAME)
    # The winner over the middle step (bold) and in the table (regular), right to left.
    assert (HEBREW[::-1], "DejaVuSans-Bold") in texts_drawn
    assert (HEBREW[::-1], "DejaVuSans") in texts_drawn
    assert ("[U+1F600]", "Vera") in texts_drawn or ("[U+1F600]Bob", "Vera") in texts_drawn
    for text, font in texts_drawn:
        missing = [c for c in text if ord(c) not in coverage(font)]
        assert missing == [], (text, font)
    assert picture.tobytes() == ranking_picture(ranking(), SPEC, GAME).tobytes()


# --- the picture and its alt text count alike -------------------------------------------


def test_the_picture_and_its_alt_text_say_the_same_and_n_more(
    texts_drawn: list[tuple[str, str]],
) -> None:
    twelve = ranking(tuple(f"Player {n}" for n in range(12)))
    ranking_picture(twelve, SPEC, GAME)
    (drawn_more,) = [t for t, _ in texts_drawn if t.endswith("more in the post")]
    rows = {t for t, _ in texts_drawn if t.startswith("Player ")}
    alt = alt_text(twelve, SPEC)
    # The table has room for 9 rows: 3 more, in the picture and in its alt text alike.
    assert drawn_more == "and 3 more in the post" and table_rows(twelve) == 9
    assert alt.endswith(f"; {drawn_more}.")
    assert rows == {f"Player {n}" for n in range(9)} and alt.count("place ") == 9
    # No tail where the table shows everyone.
    nine = ranking(tuple(f"P{n}" for n in range(9)))
    assert table_rows(nine) == 9 and "more in the post" not in alt_text(nine, SPEC)


# --- digest.pdf: the text layer ---------------------------------------------------------


def digest_page(names: tuple[str, ...] = NAMES) -> Page:
    post = ranking_post(ranking(names), SPEC, GAME)
    picture = io.BytesIO()
    ranking_picture(ranking(names), SPEC, GAME).save(picture, "PNG")
    src = "data:image/png;base64," + base64.b64encode(picture.getvalue()).decode()
    page_post = PagePost(
        anchor="final",
        title="Final rankings",
        when="After the last post",
        blocks=post.blocks,
        kicker=post.kicker,
        images=(PageImage(src, post.images[0].alt, False),),
    )
    section = PageSection("rankings", "Rankings", [PagePhase("", [page_post])])
    return Page("Moon Drop · Game ABCD-1234", [], [], [section], "")


def test_the_names_are_in_the_pdfs_text_layer() -> None:
    data = digest_pdf(digest_page())
    assert data == digest_pdf(digest_page())  # same page, same bytes
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)
    # Arabic is written in its joined (presentation) forms; NFKC gives the letters back.
    plain = unicodedata.normalize("NFKC", text)
    for name in ("<script>", HEBREW, "Zoë", CYRILLIC, ARABIC, GREEK):
        assert name in plain, name
    assert "[U+1F600]Bob" in text and "[U+1F984] Uni" in text
    # The fonts that drew them are in the file: Vera and DejaVu Sans, both embedded.
    reader = pypdf.PdfReader(io.BytesIO(data))
    fonts = {
        str(font["/BaseFont"]).split("+")[-1]
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold", "DejaVuSans"} <= fonts
