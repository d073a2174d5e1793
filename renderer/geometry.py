"""Where everything goes: pixel layout of a board image for a board size and an image width."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from renderer.snapshot import MAX_SIZE, MIN_SIZE, Point

DEFAULT_WIDTH = 720
MIN_WIDTH = 240


def star_points(size: int) -> tuple[Point, ...]:
    """Hoshi for a board size: 4-4 points (3-3 below 13), sides and centre on odd boards."""
    if size < 7:
        return ((size // 2, size // 2),) if size % 2 else ()
    edge = 2 if size < 12 else 3
    far = size - 1 - edge
    mid = size // 2
    corners = [(edge, edge), (edge, far), (far, edge), (far, far)]
    if size % 2 == 0:
        return tuple(corners)
    if size < 15:
        return (*corners, (mid, mid))
    sides = [(edge, mid), (mid, edge), (mid, far), (far, mid)]
    return (*corners, *sides, (mid, mid))


@dataclass(frozen=True, slots=True)
class Geometry:
    """Pixel layout: a header band, the square board (grid and coordinates), a footer band."""

    size: int
    width: int
    cell: int  # distance between lines, always odd so stones centre on a pixel
    line: int  # grid line width, odd
    gutter: int  # coordinate band on each side of the grid
    header: int
    footer: int
    x0: int  # pixel of column 0
    y0: int  # pixel of the top row (row size - 1)
    coord_px: int
    band_px: int

    @property
    def height(self) -> int:
        """Image height: header, square board, footer (a counting footer may be taller)."""
        return self.header + self.width + self.footer

    @property
    def board_box(self) -> tuple[int, int, int, int]:
        """The wooden square."""
        return (0, self.header, self.width, self.header + self.width)

    def center(self, row: int, col: int) -> tuple[int, int]:
        """The pixel at the intersection ``(row, col)``, counted from the bottom-left."""
        return (self.x0 + col * self.cell, self.y0 + (self.size - 1 - row) * self.cell)

    def cell_box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """The square of one intersection; the squares of different points never overlap."""
        x, y = self.center(row, col)
        half = self.cell // 2
        return (x - half, y - half, x + half + 1, y + half + 1)


@functools.cache
def geometry(size: int, width: int = DEFAULT_WIDTH) -> Geometry:
    """The layout for a board size and an image width."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size {size} is outside {MIN_SIZE}..{MAX_SIZE}")
    if width < MIN_WIDTH:
        raise ValueError(f"width {width} is below {MIN_WIDTH}")
    coord_px = max(10, round(width * 0.027))
    roomy = (width - 3.1 * coord_px) / size  # big cells can afford bigger coordinates
    coord_px = max(coord_px, min(round(width * 0.035), round(roomy * 0.4)))
    gutter = round(coord_px * 1.55)
    cell = (width - 2 * gutter) // size
    cell -= 1 - cell % 2
    line = 1 if cell < 61 else 3
    margin = (width - size * cell) // 2
    band_px = max(11, round(width * 0.031))
    header = round(band_px * 3.1)  # two rows: the names, then the prisoners
    footer = round(band_px * 2.0)
    x0 = margin + cell // 2
    return Geometry(
        size=size,
        width=width,
        cell=cell,
        line=line,
        gutter=gutter,
        header=header,
        footer=footer,
        x0=x0,
        y0=header + x0,
        coord_px=coord_px,
        band_px=band_px,
    )
