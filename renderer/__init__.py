"""Board images for the Go bot: PNG boards, counting overlays and animated replays (Pillow only)."""

from __future__ import annotations

from renderer.animation import render_animation
from renderer.geometry import DEFAULT_WIDTH, Geometry, geometry, star_points
from renderer.render import clear_caches, render_image, render_palette_image, render_png
from renderer.snapshot import COLUMNS, Mark, Point, Snapshot, point_name

__all__ = [
    "COLUMNS",
    "DEFAULT_WIDTH",
    "Geometry",
    "Mark",
    "Point",
    "Snapshot",
    "clear_caches",
    "geometry",
    "point_name",
    "render_animation",
    "render_image",
    "render_palette_image",
    "render_png",
    "star_points",
]
