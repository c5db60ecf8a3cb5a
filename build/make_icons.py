"""Make the app icon files in ``build/`` from ``build/witchhunt.svg``.

The outputs are committed, so building the app never needs this script; run it only
after changing the SVG:

    .venv/bin/python build/make_icons.py            # PNGs, .ico, .icns from the SVG
    .venv/bin/python build/make_icons.py --retile   # first re-make the SVG from the
                                                    # shipped glyph assets/icons/app.svg

pygame-ce (nanosvg) renders the SVG, so no Pillow is needed. The .ico and .icns files
hold PNG images, which every Windows since Vista and every macOS since 10.7 accept;
both formats are simple enough to write with ``struct``.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = Path(__file__).resolve().parent
SVG = HERE / "witchhunt.svg"
# The art layer's app glyph: "witch-flight" by Lorc, game-icons.net, CC BY 3.0 (ICON-CREDITS.md).
GLYPH = HERE.parent / "assets" / "icons" / "app.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # rendered
PNG_FILES = (16, 32, 48, 64, 128, 256, 512)  # kept as files (freedesktop hicolor sizes)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns element types that carry PNG data, by pixel size (Apple's "icns" format).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}

NIGHT = "#21182e"  # the tile: a night sky
EMBER = "#f0a93a"  # the moon and the witch: firelight amber
RIM = "#6b3f1e"  # a thin rim so the tile reads on dark and light desktops


def tiled_svg(glyph_svg: str) -> str:
    """Put the one-colour glyph on our own tile: recoloured, background added."""
    match = re.search(r"<svg\b[^>]*>(.*)</svg>", glyph_svg, re.DOTALL)
    if match is None:
        raise SystemExit(f"{GLYPH}: not an SVG document")
    body = re.sub(r'fill="(?:#000|#000000|black|currentColor)"', f'fill="{EMBER}"', match.group(1).strip())
    size = 512  # game-icons glyphs are drawn on a 512 x 512 view box
    # The glyph keeps its own padding; scale it to 84 % so it sits inside the rounded tile.
    scale = 0.84
    offset = size * (1 - scale) / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">\n'
        '  <!-- "witch-flight" by Lorc, https://game-icons.net, CC BY 3.0; tile and colours ours -->\n'
        f'  <rect x="8" y="8" width="{size - 16}" height="{size - 16}" rx="{size // 6}" fill="{NIGHT}" '
        f'stroke="{RIM}" stroke-width="10"/>\n'
        f'  <g transform="translate({offset:g} {offset:g}) scale({scale})">{body}</g>\n'
        "</svg>\n"
    )


def render_png(size: int) -> bytes:
    import pygame

    surface = pygame.image.load_sized_svg(str(SVG), (size, size))
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """ICONDIR + ICONDIRENTRYs + PNG payloads (width/height 0 means 256)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, payload = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(payload))
        payload += data
    return header + entries + payload


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    body = b""
    for size, kind in sorted(ICNS_TYPES.items()):
        data = pngs[size]
        body += kind + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--retile", action="store_true", help=f"re-make {SVG.name} from {GLYPH.name} first")
    args = parser.parse_args(argv)
    if args.retile:
        SVG.write_text(tiled_svg(GLYPH.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"wrote {SVG.relative_to(HERE.parent)}")
    import pygame

    pygame.display.init()  # image loading only: no audio device needed
    pngs = {size: render_png(size) for size in PNG_SIZES}
    for size in PNG_FILES:
        (HERE / f"witchhunt-{size}.png").write_bytes(pngs[size])
    (HERE / "witchhunt.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (HERE / "witchhunt.icns").write_bytes(icns_bytes(pngs))
    print("wrote", ", ".join(f"witchhunt-{s}.png" for s in PNG_FILES), "witchhunt.ico", "witchhunt.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
