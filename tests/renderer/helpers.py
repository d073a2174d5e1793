"""Pixel-sampling helpers for the renderer tests."""

from __future__ import annotations

from PIL import Image

from renderer import Point, Snapshot, geometry, render_image

RGB = tuple[int, int, int]


def luma(rgb: RGB) -> float:
    """Perceived brightness, 0..255."""
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def pixel(im: Image.Image, x: int, y: int) -> RGB:
    """One RGB pixel."""
    value = im.getpixel((x, y))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def at(snap: Snapshot, point: Point, dx: float = 0, dy: float = 0) -> RGB:
    """The pixel at an intersection, offset by fractions of a cell."""
    g = geometry(snap.size)
    x, y = g.center(*point)
    return pixel(render_image(snap), x + round(dx * g.cell), y + round(dy * g.cell))


def cell_pixels(im: Image.Image, size: int, point: Point, inner: float = 0.45) -> list[RGB]:
    """All pixels of the square of side 2 × inner cells around an intersection."""
    g = geometry(size, im.width)
    x, y = g.center(*point)
    h = round(inner * g.cell)
    crop = im.crop((x - h, y - h, x + h + 1, y + h + 1)).convert("RGB")
    return [pixel(crop, i, j) for j in range(crop.height) for i in range(crop.width)]


def close(a: RGB, b: RGB, tolerance: int = 12) -> bool:
    """True when two colours differ by at most tolerance on every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
