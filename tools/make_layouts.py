"""Generate assets/layouts/hammer.tmx, witch_trial.tmx, salem.tmx and testimony.tmx (Tiled maps; run by hand).

    .venv/bin/python tools/make_layouts.py [GAME ...]

The maps are ordinary Tiled files: open them in Tiled to adjust zones by hand, or edit
the tables here and regenerate. Coordinates are pixels on a 1920x1080 table
(240x135 tiles of 8 px). One object group per player count (``players_N``); each
rectangle's name is the zone name and its class (``type``) the zone kind.

Seat zones: ``seat_0`` is the seat shown on this screen (bottom, above the hand);
``seat_1`` … ``seat_{n-1}`` follow clockwise from it (left, top, right), so a scene
places seat ``(shown + k) % n`` in zone ``seat_k``.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

WIDTH, HEIGHT, TILE = 1920, 1080, 8

Rect = tuple[int, int, int, int]


# ---------------------------------------------------------------- Hammer of the Witches
def hammer_zones(n: int) -> list[tuple[str, str, Rect, dict]]:
    z: list[tuple[str, str, Rect, dict]] = []

    def add(name: str, kind: str, rect: Rect, **props) -> None:
        z.append((name, kind, rect, props))

    # the shown seat's side of the table: always the same place
    add("phase_track", "phase_track", (416, 8, 1088, 48))
    add("banner", "banner", (416, 372, 1088, 200))
    add("seat_0", "seat", (416, 580, 1088, 264), orientation="bottom", own=True)
    add("message", "message", (416, 850, 1088, 28))
    add("hand", "hand", (416, 884, 1088, 188))
    if n == 3:
        add("seat_1", "seat", (8, 64, 948, 300), orientation="top")
        add("seat_2", "seat", (964, 64, 948, 300), orientation="top")
        add("log", "log", (8, 372, 400, 700))
        add("deck", "deck", (1548, 400, 150, 210))
        add("discard", "discard", (1722, 400, 150, 210))
    else:
        add("seat_1", "seat", (8, 8, 400, 640), orientation="left")
        if n == 4:
            add("seat_2", "seat", (416, 64, 1088, 300), orientation="top")
            add("seat_3", "seat", (1512, 8, 400, 640), orientation="right")
        else:
            add("seat_2", "seat", (416, 64, 540, 300), orientation="top")
            add("seat_3", "seat", (964, 64, 540, 300), orientation="top")
            add("seat_4", "seat", (1512, 8, 400, 640), orientation="right")
        add("log", "log", (8, 656, 400, 416))
        add("deck", "deck", (1548, 690, 150, 210))
        add("discard", "discard", (1722, 690, 150, 210))
    return z


# ---------------------------------------------------------------- Witch Trial
def witch_trial_zones(n: int) -> list[tuple[str, str, Rect, dict]]:
    z: list[tuple[str, str, Rect, dict]] = []

    def add(name: str, kind: str, rect: Rect, **props) -> None:
        z.append((name, kind, rect, props))

    # opponents in a row along the top, clockwise from the left
    others = n - 1
    gap = 8
    seat_w = min(460, (WIDTH - 16 - gap * (others - 1)) // others)
    row_w = seat_w * others + gap * (others - 1)
    x0 = (WIDTH - row_w) // 2
    for k in range(1, n):
        add(f"seat_{k}", "seat", (x0 + (k - 1) * (seat_w + gap), 8, seat_w, 204), orientation="top")
    # the market: deck, then the five lineup slots outward (slot 1 next to the deck)
    add("deck", "deck", (8, 222, 150, 224))
    prices = (20, 15, 10, 5, 0)
    for i, price in enumerate(prices, start=1):
        add(f"lineup_{i}", "lineup", (166 + (i - 1) * 158, 222, 150, 224), slot=i, price=price)
    add("discard", "discard", (966, 222, 150, 224))
    add("court_fees", "court_fees", (1124, 222, 284, 224))
    add("jury_box", "jury_box", (1416, 222, 496, 340))
    add("court", "court", (8, 454, 1100, 298))
    add("dice", "dice", (1116, 454, 292, 298))
    add("log", "log", (1416, 570, 496, 502))
    add("banner", "banner", (8, 760, 1400, 86))
    add("seat_0", "seat", (8, 854, 300, 218), orientation="bottom", own=True)
    add("message", "message", (316, 854, 1092, 26))
    add("hand", "hand", (316, 884, 1092, 188))
    return z


def salem_zones(n: int) -> list[tuple[str, str, Rect, dict]]:
    # the seats go round the table by a rule (4-12 seats), kept beside the scene
    from game.ui.scenes.salem.common import layout_zones

    return layout_zones(n)


# ---------------------------------------------------------------- Testimony
def testimony_zones(n: int) -> list[tuple[str, str, Rect, dict]]:
    """The seats round an oval table (the scene's own built-in zones, one source)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from game.ui.scenes.testimony.common import design_zones

    z: list[tuple[str, str, Rect, dict]] = []
    for name, rect in design_zones(n).items():
        kind = "seat" if name.startswith("seat_") else name
        props = {"own": True} if name == "seat_0" else {}
        z.append((name, kind, tuple(rect), props))
    return z


GAMES = {
    "hammer": (range(3, 6), hammer_zones),
    "witch_trial": (range(3, 8), witch_trial_zones),
    "salem": (range(4, 13), salem_zones),
    "testimony": (range(3, 8), testimony_zones),
}


def _prop_xml(key: str, value) -> str:
    if isinstance(value, bool):
        kind, text = "bool", "true" if value else "false"
    elif isinstance(value, int):
        kind, text = "int", str(value)
    elif isinstance(value, float):
        kind, text = "float", repr(value)
    else:
        kind, text = "string", str(value)
    return f"    <property name={quoteattr(key)} type={quoteattr(kind)} value={quoteattr(text)}/>\n"


def tmx_text(game: str) -> str:
    counts, zones_for = GAMES[game]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{WIDTH // TILE}" height="{HEIGHT // TILE}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'infinite="0" nextlayerid="{len(counts) + 1}" nextobjectid="{{next_id}}">\n',
        " <properties>\n",
        f'  <property name="game" value="{game}"/>\n',
        " </properties>\n",
    ]
    obj_id = 1
    for layer_id, n in enumerate(counts, start=1):
        out.append(f' <objectgroup id="{layer_id}" name="players_{n}">\n')
        for name, kind, (x, y, w, h), props in zones_for(n):
            head = (
                f'  <object id="{obj_id}" name={quoteattr(name)} type={quoteattr(kind)} '
                f'x="{x}" y="{y}" width="{w}" height="{h}"'
            )
            if props:
                out.append(head + ">\n   <properties>\n")
                out.extend(_prop_xml(k, v) for k, v in props.items())
                out.append("   </properties>\n  </object>\n")
            else:
                out.append(head + "/>\n")
            obj_id += 1
        out.append(" </objectgroup>\n")
    out.append("</map>\n")
    return "".join(out).replace("{next_id}", str(obj_id))


def main(games: list[str] | None = None) -> int:
    root = Path(__file__).resolve().parent.parent / "assets" / "layouts"
    root.mkdir(parents=True, exist_ok=True)
    for game in games or GAMES:
        (root / f"{game}.tmx").write_text(tmx_text(game), encoding="utf-8")
        print(f"wrote {root / (game + '.tmx')}")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
