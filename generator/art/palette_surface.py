"""A post picture drawn straight in the game's palette: the same PNG bytes as drawing it in RGB
and mapping every pixel onto the palette after (`encode_png`), without that mapping's pass
over the whole picture, nor an RGB canvas four times the size.

Why the bytes are the same: the mapping is a function of each pixel's colour alone (no
dithering; Pillow's nearest-colour cache depends on the colour, not on where it is), so
- a flat fill of colour c becomes the index of c;
- a pasted picture becomes its own mapped pixels (kept by the caller, `Picture.indices`);
- text blends its ink into what is under it by each pixel's coverage a (0-255) alone, so
  over a flat colour u a text pixel is the index of blend(u, ink, a): a table of 256
  indices per (u, ink), made by Pillow's own blending of a 256-pixel strip and mapped.
The surface records which pixels are still a flat colour it drew (`flat`: 0 for a picture's
or a text's pixels). Text whose box is not all one flat colour, or any drawing this surface
does not do in the palette (lines, polygons, circles, names typed by players), turns the
surface back into an RGB one: every step so far is drawn again in RGB, and the picture is
mapped after, as `PngSurface` does."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any, Protocol

from PIL import Image, ImageDraw

from generator.art.png_surface import _ANCHORS, PNG_OPTIONS, PngSurface, load_font
from generator.art.surface import BLACK, Anchor, Color, FontName

NOT_FLAT = 0


class Picture(Protocol):
    """A picture pasted whole (a tile, a card, dice): RGB, and mapped onto a palette."""

    def rgb(self) -> Image.Image: ...

    def indices(self, palette: Image.Image) -> Image.Image:
        """Mode "L": the palette index of each pixel, as the mapping would make it."""
        ...


def map_colour(colour: Color, palette: Image.Image) -> int:
    mapped = Image.new("RGB", (1, 1), colour).quantize(palette=palette, dither=Image.Dither.NONE)
    return mapped.tobytes()[0]


class _Mapping:
    """What one palette's posts share: each flat colour's index, each text table."""

    def __init__(self, palette: Image.Image) -> None:
        self.palette = palette
        self.indices: dict[Color, int] = {}
        self.tables: dict[tuple[Color, int], list[int]] = {}
        reference = Image.new("RGB", (1, 1)).quantize(palette=palette, dither=Image.Dither.NONE)
        self.colours = reference.palette  # as Pillow's mapping gives its pictures

    def index(self, colour: Color) -> int:
        found = self.indices.get(colour)
        if found is None:
            found = self.indices[colour] = map_colour(colour, self.palette)
        return found

    def table(self, under: Color, ink: int) -> list[int]:
        """The index of each coverage 0-255 of `ink` over `under`, by Pillow's blending."""
        found = self.tables.get((under, ink))
        if found is None:
            strip = Image.new("RGB", (256, 1), under)
            coverage = Image.new("L", (256, 1))
            coverage.putdata(range(256))
            ImageDraw.Draw(strip).draw.draw_bitmap((0, 0), coverage.im, ink)
            mapped = strip.quantize(palette=self.palette, dither=Image.Dither.NONE)
            found = self.tables[(under, ink)] = list(mapped.tobytes())
        return found


_MAPPINGS: dict[bytes, _Mapping] = {}


def _mapping(palette: Image.Image) -> _Mapping:
    key = bytes(palette.getpalette("RGB") or [])
    found = _MAPPINGS.get(key)
    if found is None:
        found = _MAPPINGS[key] = _Mapping(palette)
    return found


def _paste_indices(canvas: Image.Image, indices: Any, box: tuple[int, int, int, int]) -> None:
    """Palette indices (a mode "L" core) pasted as they are into the "P" canvas: Pillow's
    `Image.paste` would first convert them as grey levels. The core clips to the canvas."""
    canvas.load()
    canvas.im.paste(indices, box)


class _Capture:
    """Stands in for Pillow's drawing core under `ImageDraw.text`: records each glyph mask
    and where it goes, exactly as Pillow would draw it on an RGB image."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.bitmaps: list[tuple[tuple[int, int], Any, int]] = []

    def draw_ink(self, ink: Any) -> int:
        return int(self.real.draw_ink(ink))

    def draw_bitmap(self, xy: tuple[int, int], mask: Any, ink: int) -> None:
        self.bitmaps.append(((int(xy[0]), int(xy[1])), mask, ink))


# Pillow's text drawing, recording where each glyph mask goes instead of drawing it.
_CAPTURE = ImageDraw.Draw(Image.new("RGB", (1, 1)))
_CAPTURE.draw = _Capture(_CAPTURE.draw)  # type: ignore[assignment]


class PaletteSurface:
    """The few drawing steps of a post's frame, in the palette (see the module's docstring);
    `image` is there only for code that reads the size."""

    def __init__(self, width: int, height: int, background: Color, palette: Image.Image) -> None:
        self.palette = palette
        self.size = (width, height)
        self.background = background
        self.steps: list[Callable[[PngSurface], None]] = []
        self.rgb: PngSurface | None = None
        self.mapping = _mapping(palette)
        self.colours: dict[Color, int] = {}  # flat colour -> its number in `flat`
        # The picture itself, in mode "P" from the start: its pixels are the indices, its
        # colours are set when it is saved.
        self.index = Image.new("P", self.size, self.mapping.index(background))
        self.flat = Image.new("L", self.size, self._flat_id(background))

    @property
    def image(self) -> Image.Image:
        return self.rgb.image if self.rgb is not None else self.index

    # --- the steps --------------------------------------------------------------------
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
        def step(s: PngSurface) -> None:
            s.rect(x, y, w, h, stroke=stroke, fill=fill, width=width, radius=radius)

        if self._in_rgb(step):
            return
        if stroke is not None or fill is None:
            self._to_rgb(step)  # an outline: not one of the steps done in the palette
            return
        self.steps.append(step)
        box = [x, y, x + w, y + h]
        indexed = ((self.index, self.mapping.index(fill)), (self.flat, self._flat_id(fill)))
        for layer, value in indexed:
            draw = ImageDraw.Draw(layer)
            if radius:
                draw.rounded_rectangle(box, radius=radius, fill=value, outline=None, width=0)
            else:
                draw.rectangle(box, fill=value, outline=None, width=0)

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
        def step(s: PngSurface) -> None:
            s.text(x, y, text, size=size, font=font, color=color, anchor=anchor)

        if self._in_rgb(step):
            return
        if "\n" in text or "\r" in text:
            self._to_rgb(step)  # lines laid out by Pillow: drawn in RGB
            return
        capture: _Capture = _CAPTURE.draw  # type: ignore[assignment]
        capture.bitmaps.clear()
        face = load_font(font, round(size))
        _CAPTURE.text((x, y), text, fill=color, font=face, anchor=_ANCHORS[anchor])
        planned = []
        for (left, top), mask, ink in capture.bitmaps:
            width, height = mask.size
            box = (left, top, left + width, top + height)
            clipped = (
                max(0, left),
                max(0, top),
                min(self.size[0], box[2]),
                min(self.size[1], box[3]),
            )
            if clipped[0] >= clipped[2] or clipped[1] >= clipped[3]:
                continue  # wholly off the picture
            low, high = self.flat.crop(clipped).getextrema()  # type: ignore[misc]
            if low != high or low == NOT_FLAT:
                self._to_rgb(step)  # over a picture, an edge or other text
                return
            planned.append((box, mask, ink, self._colour_of(int(low))))
        self.steps.append(step)
        for box, mask, ink, under in planned:
            # Pillow's core maps the coverage through the table (Image.point would first
            # round each of its 256 entries again, in Python, for every text).
            _paste_indices(self.index, mask.point(self.mapping.table(under, ink), "L"), box)
            self.flat.paste(NOT_FLAT, box)

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float:
        return load_font(font, round(size)).getlength(text)

    # What a post's frame does not draw in the palette: drawn in RGB from here on.
    def line(self, *args: Any, **kwargs: Any) -> None:
        self._rgb_step(lambda s: s.line(*args, **kwargs))

    def polygon(self, *args: Any, **kwargs: Any) -> None:
        self._rgb_step(lambda s: s.polygon(*args, **kwargs))

    def circle(self, *args: Any, **kwargs: Any) -> None:
        self._rgb_step(lambda s: s.circle(*args, **kwargs))

    def typed_text(self, *args: Any, **kwargs: Any) -> None:
        self._rgb_step(lambda s: s.typed_text(*args, **kwargs))

    def paste(self, picture: Picture, xy: tuple[int, int]) -> None:
        def step(s: PngSurface) -> None:
            s.image.paste(picture.rgb(), xy)

        if self._in_rgb(step):
            return
        self.steps.append(step)
        indices = picture.indices(self.palette)
        box = (xy[0], xy[1], xy[0] + indices.width, xy[1] + indices.height)
        _paste_indices(self.index, indices.im, box)
        self.flat.paste(NOT_FLAT, box)

    def png(self) -> bytes:
        if self.rgb is not None:
            return self.rgb.png(self.palette)
        # The picture `encode_png` would make: these indices with the palette's colours
        # as Pillow's own mapping gives them (a copy of the palette), saved alike.
        if self.mapping.colours is not None:
            self.index.putpalette(self.mapping.colours.copy())
        buffer = io.BytesIO()
        self.index.save(buffer, "PNG", **PNG_OPTIONS)
        return buffer.getvalue()

    # --- how -------------------------------------------------------------------------
    def _in_rgb(self, step: Callable[[PngSurface], None]) -> bool:
        if self.rgb is None:
            return False
        step(self.rgb)
        return True

    def _rgb_step(self, step: Callable[[PngSurface], None]) -> None:
        if not self._in_rgb(step):
            self._to_rgb(step)

    def _to_rgb(self, step: Callable[[PngSurface], None]) -> None:
        """From here on an RGB surface: every step so far drawn again, then this one."""
        self.rgb = PngSurface.blank(*self.size, self.background)
        for done in self.steps:
            done(self.rgb)
        step(self.rgb)
        self.steps.clear()

    def _flat_id(self, colour: Color) -> int:
        found = self.colours.get(colour)
        if found is None:
            if len(self.colours) >= 255:
                return NOT_FLAT  # more flat colours than the layer numbers: none are known
            found = self.colours[colour] = len(self.colours) + 1
        return found

    def _colour_of(self, flat_id: int) -> Color:
        return next(c for c, n in self.colours.items() if n == flat_id)
