"""A post picture composed straight in a palette's indices (a "P" image), through Pillow's
public API: the picture a `PngSurface` would draw in RGB and `encode_png` would then map
onto the palette, without drawing the RGB picture nor mapping every pixel of it.

Why it is (nearly always) the same picture: mapping onto a palette without dithering
(`Image.quantize(palette=..., dither=NONE)`) is a function of each pixel's colour alone, and
Pillow draws rectangles, lines, ellipses and polygons without anti-aliasing, so
- a shape's pixels are its colour, mapped once (`PaletteMap.index`) and drawn as that index;
- a pasted picture (a tile, a card, dice) is its own pixels mapped once (the caller keeps
  them mapped: `Picture.indices`);
- text, the only anti-aliased drawing, is drawn in RGB on a patch of its own box, over
  what is under it there, and the patch is mapped back.
What is under text is known exactly where it is a colour this surface filled (each index
stands for the colour filled as it); elsewhere each index stands for a colour that maps onto
it again (near its palette colour), so every pixel the text leaves alone keeps its index.
Text blended over a pasted picture or over other text blends over that stand-in rather than
the picture's own colour, so a pixel of it may map onto another index than in the RGB
picture. No post of the games draws text over a picture or over other text (their folders
are the same bytes either way); a test says what text over a picture may change."""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from typing import Protocol

from PIL import Image, ImageDraw, ImageFont

from generator.art.png_surface import PNG_OPTIONS, dash_pieces, draw_typed, load_font
from generator.art.surface import BLACK, Anchor, Color, FontName, Point

_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
# Pixels added around a text's box: Pillow renders glyphs from a fractional start, which
# may reach a pixel past the box it measures.
_TEXT_PAD = 2
# Where text boxes are measured (any drawing measures the same: a font's metrics).
_MEASURE = ImageDraw.Draw(Image.new("RGB", (1, 1)))


# What text is drawn in: a colour on an RGB patch, or 255 on a mask of its coverage.
Ink = Color | int


class Picture(Protocol):
    """A picture pasted whole: the palette index of each of its pixels."""

    def indices(self, palette: Image.Image) -> Image.Image:
        """Mode "P": each pixel's index, as `PaletteMap.mapped` maps it."""
        ...


class PaletteMap:
    """Colours to a palette's indices, as `encode_png` maps a picture (Pillow's `quantize`
    without dithering): each flat colour is mapped once."""

    def __init__(self, palette: Image.Image) -> None:
        self.palette = palette
        self.data = bytes(palette.getpalette("RGB") or [])
        self._indices: dict[Color, int] = {}
        self.round_trip = self._round_trip_colours()
        # Text patches as mapped onto this palette (`IndexedSurface._text_patch`).
        self.drawn_text: dict[tuple[object, ...], Image.Image] = {}
        self._blends: dict[tuple[bytes, Color], bytes] = {}

    def index(self, colour: Color) -> int:
        found = self._indices.get(colour)
        if found is None:
            pixel = self.mapped(Image.new("RGB", (1, 1), colour))
            found = self._indices[colour] = pixel.tobytes()[0]
        return found

    def mapped(self, image: Image.Image) -> Image.Image:
        """An RGB picture mapped onto the palette: mode "P"."""
        return image.quantize(palette=self.palette, dither=Image.Dither.NONE)

    def blended(self, under: bytes, colour: Color) -> bytes:
        """For each coverage 0-255 of a text's mask, the index of `colour` drawn over
        `under` (R, G, B) with that coverage, blended as Pillow blends text (a colour
        pasted through a mask, the same blending) and mapped as `mapped` maps it."""
        key = (under, colour)
        found = self._blends.get(key)
        if found is None:
            strip = Image.frombytes("RGB", (256, 1), under * 256)
            strip.paste(colour, (0, 0, 256, 1), Image.frombytes("L", (256, 1), _COVERAGES))
            found = self._blends[key] = self.mapped(strip).tobytes()
        return found

    def _round_trip_colours(self) -> bytes:
        """For each index, a colour that maps onto it (R, G, B per index): its palette
        colour, or where that maps onto another index (Pillow maps a colour by the small
        cube of colours it falls in, which two close palette colours may share) the nearest
        colour around it that does. An index nothing maps onto keeps its palette colour: no
        mapped picture holds it."""
        count = len(self.data) // 3
        colours = bytearray(self.data[: 3 * count])
        back = self.mapped(Image.frombytes("RGB", (count, 1), bytes(colours))).tobytes()
        astray = [i for i in range(count) if back[i] != i]
        if not astray:
            return bytes(colours)
        steps = sorted(
            ((r, g, b) for r in _NEAR for g in _NEAR for b in _NEAR),
            key=lambda step: (sum(v * v for v in step), step),
        )
        candidates = bytearray()
        for i in astray:
            base = colours[3 * i : 3 * i + 3]
            for step in steps:
                candidates += bytes(
                    min(255, max(0, c + d)) for c, d in zip(base, step, strict=True)
                )
        strip = Image.frombytes("RGB", (len(candidates) // 3, 1), bytes(candidates))
        mapped = self.mapped(strip).tobytes()
        for n, i in enumerate(astray):
            for k in range(len(steps)):
                if mapped[n * len(steps) + k] == i:
                    at = 3 * (n * len(steps) + k)
                    colours[3 * i : 3 * i + 3] = candidates[at : at + 3]
                    break
        return bytes(colours)


# Every coverage of a text's mask, in order (`PaletteMap.blended`).
_COVERAGES = bytes(range(256))

# How far around a palette colour `_round_trip_colours` looks, per channel: Pillow's cubes
# are 4 levels wide.
_NEAR = (-8, -4, 0, 4, 8)


_MAPS: dict[bytes, PaletteMap] = {}


def palette_map(palette: Image.Image) -> PaletteMap:
    """The one `PaletteMap` of this process for a palette's colours."""
    key = bytes(palette.getpalette("RGB") or [])
    found = _MAPS.get(key)
    if found is None:
        found = _MAPS[key] = PaletteMap(palette)
    return found


class IndexedSurface:
    """Draws on a "P" image in the game's palette, in pixels, origin top-left: the steps of
    `PngSurface` a post's frame takes (see the module's docstring)."""

    def __init__(self, width: int, height: int, background: Color, palette: Image.Image) -> None:
        self.map = palette_map(palette)
        self.image = Image.new("P", (width, height), self.map.index(background))
        self.image.putpalette(self.map.data)
        self.draw = ImageDraw.Draw(self.image)
        # What each index stands for under text: the colour filled as it, where this
        # surface filled one, else a colour that maps onto it (near the palette's own).
        self._under = bytearray(self.map.round_trip)
        self._under_now = bytes(self._under)  # the same, as a key of drawn text
        self._filled: set[int] = set()
        self._ink(background)

    def _ink(self, colour: Color | None) -> int | None:
        """A flat colour's index, noted as what that index stands for under text."""
        if colour is None:
            return None
        index = self.map.index(colour)
        if index not in self._filled:
            self._filled.add(index)
            self._under[3 * index : 3 * index + 3] = bytes(colour)
            self._under_now = bytes(self._under)
        return index

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        color: Color = BLACK,
        width: float = 1.0,
        dash: tuple[float, float] | None = None,
    ) -> None:
        ink = self._ink(color)
        w = max(1, round(width))
        if not dash:
            self.draw.line([(x1, y1), (x2, y2)], fill=ink, width=w)
            return
        for piece in dash_pieces(x1, y1, x2, y2, dash):
            self.draw.line(piece, fill=ink, width=w)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
        radius: float = 0.0,
    ) -> None:
        box = [x, y, x + w, y + h]
        lw = max(1, round(width)) if stroke is not None else 0
        fill_ink, stroke_ink = self._ink(fill), self._ink(stroke)
        if radius:
            self.draw.rounded_rectangle(
                box, radius=radius, fill=fill_ink, outline=stroke_ink, width=lw
            )
        else:
            self.draw.rectangle(box, fill=fill_ink, outline=stroke_ink, width=lw)

    def polygon(
        self,
        points: list[Point],
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None:
        lw = max(1, round(width)) if stroke is not None else 0
        self.draw.polygon(points, fill=self._ink(fill), outline=self._ink(stroke), width=lw)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None:
        lw = max(1, round(width)) if stroke is not None else 0
        box = [cx - r, cy - r, cx + r, cy + r]
        self.draw.ellipse(box, fill=self._ink(fill), outline=self._ink(stroke), width=lw)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        font: FontName = "Vera",
        color: Color = BLACK,
        anchor: Anchor = "start",
    ) -> None:
        face = load_font(font, round(size))
        pillow_anchor = _ANCHORS[anchor]
        multiline = "\n" in text
        if multiline:  # lines laid out by Pillow
            box = _padded(_MEASURE.textbbox((x, y), text, font=face, anchor=pillow_anchor))
        else:
            box = _ink_box(face, text, pillow_anchor, x, y)

        def draw(on: ImageDraw.ImageDraw, at: Point, ink: Ink) -> None:
            on.text(at, text, fill=ink, font=face, anchor=pillow_anchor)

        what = ("text", text, font, round(size), pillow_anchor)
        self._text_patch(box, (x, y), color, draw, what, multiline=multiline)

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float:
        return load_font(font, round(size)).getlength(text)

    def typed_text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        font: FontName = "Vera",
        color: Color = BLACK,
        anchor: Anchor = "start",
    ) -> None:
        """A line holding players' names, as `PngSurface.typed_text` draws it: its patch is
        the image's whole width (the pieces are placed by sums of their lengths, which moving
        them could round), as tall as three times the size around the baseline."""
        box = _padded((0.0, y - 2 * size, float(self.image.width), y + size))

        def draw(on: ImageDraw.ImageDraw, at: Point, ink: Ink) -> None:
            draw_typed(
                on, at, text, size=round(size), font=font, fill=ink,
                anchor=_ANCHORS[anchor], name=False,
            )  # fmt: skip

        what = ("typed", text, font, round(size), _ANCHORS[anchor])
        self._text_patch(box, (x, y), color, draw, what)

    def paste(self, picture: Picture, xy: tuple[int, int]) -> None:
        """A whole picture pasted at `xy`: its indices as they are."""
        self.image.paste(picture.indices(self.map.palette), xy)

    def png(self) -> bytes:
        buffer = io.BytesIO()
        self.image.save(buffer, "PNG", **PNG_OPTIONS)
        return buffer.getvalue()

    def _text_patch(
        self,
        box: tuple[int, int, int, int],
        at: Point,
        colour: Color,
        draw: Callable[[ImageDraw.ImageDraw, Point, Ink], None],
        what: tuple[object, ...],
        multiline: bool = False,
    ) -> None:
        """Text drawn in RGB over what is under it in `box` (whole pixels its ink stays
        within; see the module's docstring), and mapped back: every pixel the text leaves
        alone maps back onto the index it had (what it stands for maps onto it). `what`
        names the text drawn by `draw` at `at` (its words, font, size and anchor): the same
        text drawn again over the same indices, standing for the same colours, is the same
        patch, pasted as it was mapped (a post's footer, the labels "Card 1", "Event 3")."""
        width, height = self.image.size
        x, y = at
        left, top, right, bottom = box
        left, top = max(0, left), max(0, top)
        # Pillow splits where text starts into a whole pixel and a fraction (the fraction
        # shapes the glyphs). Moved towards 0 by whole pixels, never past it, a start keeps
        # its fraction exactly (the difference of the two numbers is exact); lines Pillow
        # lays out below one another are placed by sums, which moving could round: not moved.
        left = min(left, math.floor(x)) if x >= 0 and not multiline else 0
        top = min(top, math.floor(y)) if y >= 0 and not multiline else 0
        right, bottom = min(width, right), min(height, bottom)
        if right <= left or bottom <= top:
            return
        where = (left, top, right, bottom)
        patch = self.image.crop(where)
        at_patch = (x - left, y - top)
        flat = _one_index(patch)
        if flat is not None:  # one flat colour under it all (a panel, the background)
            under = bytes(self._under[3 * flat : 3 * flat + 3])
            key = (*what, colour, at_patch, patch.size, under)
        else:
            key = (*what, colour, at_patch, patch.size, patch.tobytes(), self._under_now)
        drawn = self.map.drawn_text.get(key)
        if drawn is None:
            if flat is not None:
                # Text over one colour: each pixel is that colour blended with the text's
                # by the mask's coverage there, so the mask alone (drawn in white on black)
                # says each pixel's index.
                coverage = Image.new("L", patch.size, 0)
                draw(ImageDraw.Draw(coverage), at_patch, 255)
                indices = coverage.tobytes().translate(self.map.blended(under, colour))
                drawn = Image.frombuffer("P", patch.size, indices, "raw", "P", 0, 1)
            else:
                patch.putpalette(self._under)
                rgb = patch.convert("RGB")
                draw(ImageDraw.Draw(rgb), at_patch, colour)
                drawn = self.map.mapped(rgb)
            if len(self.map.drawn_text) < DRAWN_TEXTS:
                self.map.drawn_text[key] = drawn
        self.image.paste(drawn, where)


# How many mapped text patches a palette keeps for text drawn again (most are a label's
# size, a few kilobytes each).
DRAWN_TEXTS = 1024


def _one_index(patch: Image.Image) -> int | None:
    """The index every pixel of `patch` holds; None when they hold more than one."""
    lowest, highest = patch.getextrema()
    return lowest if lowest == highest and isinstance(lowest, int) else None


def _padded(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """A measured box of text, in whole pixels and widened by `_TEXT_PAD`."""
    return (
        math.floor(box[0]) - _TEXT_PAD,
        math.floor(box[1]) - _TEXT_PAD,
        math.ceil(box[2]) + _TEXT_PAD,
        math.ceil(box[3]) + _TEXT_PAD,
    )


def _ink_box(
    face: ImageFont.FreeTypeFont, text: str, anchor: str, x: float, y: float
) -> tuple[int, int, int, int]:
    """Where one line of text drawn at (x, y) puts its ink: the mask Pillow renders to draw
    it (from the same fractional start, so the font keeps it for the drawing), placed where
    Pillow places it, with no separate measuring."""
    start = (math.modf(x)[0], math.modf(y)[0])
    mask, (dx, dy) = face.getmask2(text, "L", anchor=anchor, start=start)
    left, top = int(x) + dx, int(y) + dy
    mask_width, mask_height = mask.size
    return left, top, left + mask_width, top + mask_height
