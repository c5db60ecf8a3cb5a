"""Render contact sheets of every card face and of the table layouts to PNG (run by hand).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/contact_sheet.py [OUT_DIR] [--scale S]

Writes cards_hammer.png, cards_witch_trial.png and layout_<game>_<n>.png (zones drawn
at 1280x720, the smallest window we design for) into OUT_DIR (default /tmp/witchhunt_sheets).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ui import theme
from game.ui.card_art import CardArt, all_card_ids, face_info, villager_ids
from game.ui.fonts import render_text
from game.ui.layout import PLAYER_COUNTS, load_layout


def felt(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    surf.fill(theme.FELT)
    return surf


def distinct_faces(game: str) -> list[str]:
    """One id per different-looking face (kind, value, caption)."""
    seen, out = set(), []
    for cid in all_card_ids(game):
        info = face_info(game, cid)
        key = (info.kind, info.value, info.caption)
        if key not in seen:
            seen.add(key)
            out.append(cid)
    return out


def card_sheet(game: str, art: CardArt, size=(90, 126), cols=12, zoom_ids=()) -> pygame.Surface:
    ids = distinct_faces(game)
    gap = 10
    villagers = villager_ids(game)
    rows = -(-len(ids) // cols) + (-(-len(villagers) // cols) if villagers else 0)
    zoom_w = 300
    width = cols * (size[0] + gap) + gap
    header = 40
    zh = int(zoom_w * 1.4) if zoom_ids else 0
    height = header + rows * (size[1] + gap) + gap + (zh + 2 * gap + 30 if zoom_ids else 0)
    width = max(width, gap + len(zoom_ids) * (zoom_w + gap) + 2 * (size[0] + gap) + 200)
    sheet = felt((width, height))
    sheet.blit(
        render_text(
            f"{game}: every face at {size[0]}x{size[1]} (hand size at 1280x720)", 22, theme.TEXT_LIGHT, title=True
        ),
        (gap, 8),
    )
    i = 0
    for cid in ids:
        x = gap + (i % cols) * (size[0] + gap)
        y = header + (i // cols) * (size[1] + gap)
        sheet.blit(art.face(game, cid, size), (x, y))
        i += 1
    i = -(-i // cols) * cols
    for vid in villagers:
        x = gap + (i % cols) * (size[0] + gap)
        y = header + (i // cols) * (size[1] + gap)
        sheet.blit(art.villager(vid, size), (x, y))
        i += 1
    y0 = header + rows * (size[1] + gap) + gap
    sheet.blit(render_text("zoom views, card back and hover glow", 18, theme.TEXT_LIGHT, title=True), (gap, y0))
    y0 += 30
    x = gap
    for zid in zoom_ids:
        sheet.blit(art.zoom(game, zid, zoom_w), (x, y0))
        x += zoom_w + gap
    sheet.blit(art.back(game, size), (x + 10, y0))
    m = CardArt.glow_margin(size)
    gx = x + 10 + size[0] + gap + m
    sheet.blit(art.face(game, ids[0], size), (gx, y0 + m))
    sheet.blit(art.highlight(size, theme.HIGHLIGHT), (gx - m, y0))
    sheet.blit(art.face(game, ids[1], size), (gx, y0 + size[1] + 3 * m))
    sheet.blit(art.highlight(size, theme.DANGER), (gx - m, y0 + size[1] + 2 * m))
    return sheet


def layout_sheet(game: str, players: int, size=(1280, 720)) -> pygame.Surface:
    layout = load_layout(game, players)
    sheet = felt(size)
    colours = {
        "seat": (214, 80, 64),
        "hand": (220, 180, 60),
        "log": (90, 140, 210),
        "banner": (160, 100, 200),
        "deck": (230, 230, 230),
        "discard": (150, 150, 150),
        "lineup": (120, 200, 120),
        "jury_box": (70, 190, 190),
        "court": (220, 130, 180),
        "message": (240, 240, 120),
    }
    for name, (x, y, w, h) in layout.rects(*size).items():
        zone = layout.zone(name)
        c = colours.get(zone.kind, (200, 200, 200))
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        box.fill((*c, 60))
        sheet.blit(box, (x, y))
        pygame.draw.rect(sheet, c, (x, y, w, h), 2)
        label = render_text(f"{name} ({w}x{h})", 14, theme.TEXT_LIGHT, bold=True)
        sheet.blit(label, (x + 4, y + 3))
    sheet.blit(
        render_text(f"{game}, {players} players, at {size[0]}x{size[1]}", 16, theme.HIGHLIGHT, title=True),
        (size[0] // 2 - 120, size[1] // 2 - 10),
    )
    return sheet


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else Path("/tmp/witchhunt_sheets")
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    art = CardArt()
    sheets = {
        "hammer": card_sheet("hammer", art, zoom_ids=("confession-4", "bribe-9", "karl")),
        "witch_trial": card_sheet("witch_trial", art, cols=12, zoom_ids=("lewis-1", "smuggling-1", "drama-1")),
    }
    for game, sheet in sheets.items():
        pygame.image.save(sheet, str(out / f"cards_{game}.png"))
    for game, counts in PLAYER_COUNTS.items():
        for n in counts:
            pygame.image.save(layout_sheet(game, n), str(out / f"layout_{game}_{n}.png"))
    print(f"wrote sheets to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
