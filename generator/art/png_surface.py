"""The Pillow backend of `Surface`: draws on an RGB image in pixels, origin top-left."""

from __future__ import annotations

import io
import zlib
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from generator.art.surface import BLACK, FONTS, WHITE, Anchor, Color, FontName, Point
from generator.art.typed import Run, font_path, name_runs, runs

_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
# Fast and deterministic: no optimiser pass, modest zlib effort; Pillow writes no timestamp.
PNG_OPTIONS: dict[str, object] = {"optimize": False, "compress_level": 3}
PALETTE_COLOURS = 256


def make_palette(sample: Image.Image) -> Image.Image:
    """A palette of the colours of `sample` (a mosaic of a game's pictures), for
    `encode_png`: mapping onto a known palette is several times faster than finding one.
    It is the palette of Pillow's fast octree quantizer."""
    return sample.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE)


def palette_data(palette: Image.Image) -> bytes:
    """A palette's colours as bytes (R, G, B per entry), to keep it between runs."""
    return bytes(palette.getpalette("RGB") or [])


def palette_from(data: bytes) -> Image.Image:
    """The palette `palette_data` kept: `encode_png` maps onto it exactly as onto the
    original (the encoder reads only the colours)."""
    palette = Image.new("P", (1, 1))
    palette.putpalette(data, "RGB")
    return palette


# What a kept picture holds: RGB pixels, or the palette index of each pixel (mode "P").
_PICTURE_MAGIC = {"RGB": b"sheetgen-rgb-2\n", "P": b"sheetgen-indices-2\n"}
_CHANNELS = {"RGB": 3, "P": 1}
_MAX_SIDE = 8192


def picture_data(image: Image.Image) -> bytes:
    """An RGB picture (or one of palette indices, mode "P") as bytes to keep between runs."""
    return pixels_data(image.mode, image.size, image.tobytes())


def pixels_data(mode: str, size: tuple[int, int], pixels: bytes) -> bytes:
    """A picture's size and its pixels (as `Image.tobytes` gives them), compressed fast (it
    is read back far more often than written): raw deflate, without zlib's checksum, which
    costs as much as the inflating itself. What keeps them checks them whole (the bundle's
    SHA-256, common/cache.py), and `picture_from` checks the size and the end."""
    width, height = size
    header = _PICTURE_MAGIC[mode] + width.to_bytes(4, "big") + height.to_bytes(4, "big")
    packer = zlib.compressobj(1, zlib.DEFLATED, -15)
    return header + packer.compress(pixels) + packer.flush()


def picture_from(data: bytes, size: tuple[int, int], mode: str = "RGB") -> Image.Image | None:
    """The picture `picture_data` kept, if `data` is one of `size` and `mode`; else None."""
    magic = _PICTURE_MAGIC[mode]
    start = len(magic)
    if not data.startswith(magic) or len(data) < start + 8:
        return None
    width = int.from_bytes(data[start : start + 4], "big")
    height = int.from_bytes(data[start + 4 : start + 8], "big")
    if (width, height) != size or not (0 < width <= _MAX_SIDE and 0 < height <= _MAX_SIDE):
        return None
    expected = width * height * _CHANNELS[mode]
    unpack = zlib.decompressobj(-15)
    try:
        # Never more than the picture's own size, whatever the data claims.
        pixels = unpack.decompress(memoryview(data)[start + 8 :], expected + 1)
    except zlib.error:
        return None
    if len(pixels) != expected or not unpack.eof or unpack.unused_data:
        return None
    # Indices are read as they lie in the bytes (a read-only picture, only ever pasted),
    # not copied into a new picture first cleared; RGB pixels are copied (Pillow keeps them
    # four bytes apart).
    return Image.frombuffer(mode, size, pixels, "raw", mode, 0, 1)


def indices_from(data: bytes, size: tuple[int, int]) -> Image.Image | None:
    """The palette indices `picture_data` kept (mode "P", pasted as they are), if `data` is
    a picture of them of `size`; else None."""
    return picture_from(data, size, "P")


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """The one PNG encoder every post image goes through. Post images are flat art (a few
    colours plus the anti-aliased edges between them), so they go out as 8-bit palette
    PNGs: a third of the bytes of RGB and several times faster to compress, with no
    visible loss. The palette is the game's (`make_palette`) or else the image's own
    (octree); both are deterministic: the same image, the same bytes."""
    buffer = io.BytesIO()
    if palette is None:
        flat = image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE)
    else:
        flat = image.quantize(palette=palette, dither=Image.Dither.NONE)
    flat.save(buffer, "PNG", **PNG_OPTIONS)
    return buffer.getvalue()


MASKS_PER_FONT = 4096


class MaskKeepingFont(ImageFont.FreeTypeFont):
    """A font that keeps the mask of each text it renders: a game's pictures draw the same
    labels (tile codes, card titles, headings) hundreds of times, and rendering the glyphs
    is most of the cost of drawing text. A kept mask is the very one FreeType made, at the
    same fractional start, so the pixels are the same; only plain grey-scale text is kept
    (no stroke, colour glyphs or layout options)."""

    # Pillow's own signature: it makes a font again from these (a copy, `font_variant`).
    def __init__(
        self,
        font: str,
        size: float = 10,
        index: int = 0,
        encoding: str = "",
        layout_engine: ImageFont.Layout | None = None,
    ) -> None:
        super().__init__(font, size, index, encoding, layout_engine)
        self._masks: dict[tuple[object, ...], tuple[Any, tuple[int, int]]] = {}
        self._lengths: dict[tuple[str | bytes, str], float] = {}
        self._boxes: dict[
            tuple[str | bytes, str, str | None], tuple[float, float, float, float]
        ] = {}

    def __setstate__(self, state: list[Any]) -> None:
        super().__setstate__(state)  # Pillow's, which calls its own __init__, not this one
        self._masks = {}
        self._lengths = {}
        self._boxes = {}

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        """Pillow's length of a text, kept per text: a layout measures the same labels and
        titles again for every picture (the shaping behind each measure is HarfBuzz's)."""
        if direction or features or language:
            return super().getlength(text, mode, direction, features, language)
        key = (text, mode)
        found = self._lengths.get(key)
        if found is None:
            found = super().getlength(text, mode)
            if len(self._lengths) < MASKS_PER_FONT:
                self._lengths[key] = found
        return found

    def getbbox(
        self,
        text: str | bytes | bytearray,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
    ) -> tuple[float, float, float, float]:
        """Pillow's box of a text, kept per text and anchor, as its length is."""
        if direction or features or language or stroke_width or isinstance(text, bytearray):
            return super().getbbox(text, mode, direction, features, language, stroke_width, anchor)
        key = (text, mode, anchor)
        found = self._boxes.get(key)
        if found is None:
            found = super().getbbox(text, mode, anchor=anchor)
            if len(self._boxes) < MASKS_PER_FONT:
                self._boxes[key] = found
        return found

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        plain = not (args or direction or features or language or stroke_width)
        if not plain or mode not in ("L", "1") or set(kwargs) - {"stroke_filled"}:
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start,
                *args, **kwargs,
            )  # fmt: skip
        # `ink` is left out: FreeType uses it for colour (RGBA) glyphs alone, and so is
        # `stroke_filled`, which shapes a stroke alone (there is none): a mask asked for
        # to measure text (art/indexed_surface.py) is the one drawing it uses.
        # Pillow 10 passes `start` as a list, later releases as a tuple.
        at = None if start is None else tuple(start)
        key = (text, mode, anchor, at)
        found = self._masks.get(key)
        if found is None:
            found = super().getmask2(text, mode, None, None, None, 0, anchor, ink, start, **kwargs)
            if len(self._masks) < MASKS_PER_FONT:
                self._masks[key] = found
        return found


@lru_cache(maxsize=64)
def load_font(name: str, size: int) -> ImageFont.FreeTypeFont:
    if name not in FONTS:
        # A companion font draws text already in display order (art/typed.py): Pillow's
        # basic layout, which reorders nothing and is the same on every machine.
        return MaskKeepingFont(str(font_path(name)), size, layout_engine=ImageFont.Layout.BASIC)
    return MaskKeepingFont(str(FONTS[name]), size)


def runs_width(pieces: list[Run], size: int) -> float:
    return sum(load_font(font, size).getlength(text) for text, font in pieces)


def typed_width(text: str, size: int, font: str = "Vera", *, name: bool = True) -> float:
    """The width of what players typed as drawn (see `draw_typed`)."""
    return runs_width(name_runs(text, font) if name else runs(text, font), size)


def draw_typed(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    *,
    size: int,
    font: str = "Vera",
    fill: Color | int = BLACK,
    anchor: str = "ls",
    name: bool = True,
) -> None:
    """What players typed, drawn: `text` is one name (`name`) or a line holding names
    between isolates, set in the game's font with its wide companion where that lacks a
    letter (art/typed.py). `anchor` is Pillow's two-letter anchor; text that needs one font
    only is drawn exactly as `draw.text` draws it."""
    pieces = name_runs(text, font) if name else runs(text, font)
    if len(pieces) == 1:
        piece, chosen = pieces[0]
        draw.text(xy, piece, fill=fill, font=load_font(chosen, size), anchor=anchor)
        return
    across, down = anchor[0], anchor[1]
    total = runs_width(pieces, size)
    x = xy[0] - {"l": 0.0, "m": total / 2, "r": total}[across]
    for piece, chosen in pieces:
        face = load_font(chosen, size)
        draw.text((x, xy[1]), piece, fill=fill, font=face, anchor=f"l{down}")
        x += face.getlength(piece)


class TypedMeasure:
    """Measures a line holding players' names as `PngSurface.typed_text` draws it (for
    `fit_size`); a line in Vera alone measures as `PngSurface.text_width` measures it."""

    def text_width(self, text: str, *, size: float, font: FontName = "Vera") -> float:
        return typed_width(text, round(size), font, name=False)


def dash_pieces(
    x1: float, y1: float, x2: float, y2: float, dash: tuple[float, float]
) -> list[list[Point]]:
    """The drawn pieces of a dashed line (`dash`: on and off lengths), from its start: a
    raster surface draws each as a plain line."""
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    on, off = dash
    pieces: list[list[Point]] = []
    pos = 0.0
    while pos < length:
        end = min(pos + on, length)
        pieces.append(
            [
                (x1 + (x2 - x1) * pos / length, y1 + (y2 - y1) * pos / length),
                (x1 + (x2 - x1) * end / length, y1 + (y2 - y1) * end / length),
            ]
        )
        pos = end + off
    return pieces


class PngSurface:
    """Wraps a Pillow image. Sizes are rounded to whole pixels where Pillow needs them."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)

    @classmethod
    def blank(cls, width: int, height: int, background: Color = WHITE) -> PngSurface:
        return cls(Image.new("RGB", (width, height), background))

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
        w = max(1, round(width))
        if not dash:
            self.draw.line([(x1, y1), (x2, y2)], fill=color, width=w)
            return
        for piece in dash_pieces(x1, y1, x2, y2, dash):
            self.draw.line(piece, fill=color, width=w)

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
        if radius:
            self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=stroke, width=lw)
        else:
            self.draw.rectangle(box, fill=fill, outline=stroke, width=lw)

    def polygon(
        self,
        points: list[Point],
        *,
        stroke: Color | None = BLACK,
        fill: Color | None = None,
        width: float = 1.0,
    ) -> None:
        lw = max(1, round(width)) if stroke is not None else 0
        self.draw.polygon(points, fill=fill, outline=stroke, width=lw)

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
        self.draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=stroke, width=lw)

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
        self.draw.text(
            (x, y), text, fill=color, font=load_font(font, round(size)), anchor=_ANCHORS[anchor]
        )

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
        """A line holding players' names (each between isolates when it needs them): what
        Vera lacks is set in its companion font; Vera-only text is drawn as `text` draws it."""
        draw_typed(
            self.draw,
            (x, y),
            text,
            size=round(size),
            font=font,
            fill=color,
            anchor=_ANCHORS[anchor],
            name=False,
        )

    def paste(self, picture: Any, xy: tuple[int, int]) -> None:
        """A whole picture pasted at `xy`: anything with an `rgb()` giving its RGB image."""
        self.image.paste(picture.rgb(), xy)

    def png(self, palette: Image.Image | None = None) -> bytes:
        return encode_png(self.image, palette)
