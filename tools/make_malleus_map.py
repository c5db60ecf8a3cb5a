"""Write assets/layouts/malleus.tmx: the Malleus table's zones and the village of Charmes.

A Tiled map (1920x1080, 8 px tiles, no tile layers) with:

* ``players_4`` / ``players_5`` / ``players_6``: the table's zones (the same for every
  count): ``map`` (the village), ``conflict`` (the conflict / round panel), ``ledger``
  (the tabs: general ledger, witch stereotypes, players, one's own ledger), ``log``,
  ``guide`` (the guide of the current step with its action bar), ``message`` (the hint
  strip under the map);
* ``places``: named places of the village, where scenes are framed (a rectangle each,
  named as the players read it, class ``place``);
* ``scenery``: the backdrop, drawn by the table from these shapes: ``field`` and
  ``river`` polygons, ``road`` polylines, ``wood`` ellipses, buildings as rectangles
  (class ``church``, ``house``, ``chateau``, ``mill``, ``tavern``, ``forge``, ``well``,
  ``bridge``, ``hall``, ``cross``, ``graves``, ``market``).

No building may lie under a place's label (its name is drawn centred under the place's
rectangle; checked by tests/ui/test_malleus_text_fit.py).

Run ``python tools/make_malleus_map.py`` after changing it; the file is committed, so the
game never needs this script.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "layouts" / "malleus.tmx"

ZONES = [  # name, x, y, w, h  (design pixels of 1920x1080)
    ("map", 8, 8, 1172, 992),
    ("message", 8, 1008, 1172, 64),
    ("guide", 1188, 8, 724, 226),
    ("conflict", 1188, 242, 724, 394),
    ("ledger", 1188, 644, 724, 240),
    ("log", 1188, 892, 724, 180),
]

PLACES = [  # name, x, y, w, h (inside the map)
    ("The church", 520, 90, 170, 170),
    ("The churchyard", 700, 96, 150, 130),
    ("The Prévôté", 680, 392, 150, 110),
    ("The village square", 480, 430, 190, 170),
    ("The well", 545, 470, 60, 68),
    ("The tavern", 680, 530, 140, 100),
    ("The bakehouse", 400, 400, 90, 90),
    ("The forge", 360, 620, 120, 90),
    ("The château", 120, 300, 220, 170),
    ("The crossroads", 220, 520, 140, 120),
    ("The bridge", 890, 470, 110, 110),
    ("The mill", 880, 780, 160, 140),
    ("The fields", 30, 40, 300, 230),
    ("The woods", 1010, 40, 160, 330),
    ("The river ford", 930, 640, 110, 90),
    ("The common pasture", 40, 760, 360, 220),
]

FIELDS = [
    [(30, 40), (330, 40), (300, 270), (40, 250)],
    [(40, 760), (400, 740), (420, 980), (40, 980)],
    [(470, 780), (820, 790), (800, 985), (480, 990)],
    [(1050, 420), (1170, 410), (1170, 740), (1060, 760)],
]
RIVER = [
    (860, 8),
    (905, 8),
    (935, 200),
    (960, 420),
    (975, 640),
    (1010, 860),
    (1040, 1000),
    (985, 1000),
    (955, 865),
    (925, 645),
    (910, 425),
    (885, 210),
]
ROADS = [
    [(8, 580), (230, 580), (300, 580), (480, 520), (575, 515)],
    [(575, 515), (700, 530), (890, 525), (1000, 520), (1180, 500)],
    [(575, 515), (590, 380), (600, 260)],
    [(575, 515), (560, 700), (520, 760), (420, 1000)],
    [(300, 580), (280, 460), (230, 400)],
    [(700, 530), (760, 700), (900, 820)],
    [(590, 380), (740, 445)],
]
WOODS = [
    (1020, 60, 70, 60),
    (1080, 110, 80, 70),
    (1030, 190, 90, 70),
    (1090, 270, 75, 80),
    (1015, 300, 60, 55),
    (1120, 40, 55, 50),
    (1130, 870, 50, 45),
    (1100, 930, 70, 60),
]
BUILDINGS = [  # class, x, y, w, h
    ("church", 560, 120, 86, 120),
    ("graves", 712, 110, 120, 96),
    ("hall", 700, 405, 110, 70),
    ("tavern", 700, 548, 96, 62),
    ("well", 560, 485, 30, 30),
    ("market", 500, 440, 40, 26),
    ("house", 412, 412, 56, 44),
    ("house", 330, 470, 40, 34),
    ("house", 622, 440, 44, 36),
    ("house", 640, 610, 46, 38),
    ("house", 500, 600, 50, 40),
    ("house", 835, 452, 40, 32),
    ("house", 450, 300, 46, 38),
    ("house", 660, 300, 44, 36),
    ("house", 820, 600, 42, 34),
    ("house", 300, 700, 44, 36),
    ("house", 210, 640, 40, 32),
    ("house", 780, 300, 40, 34),
    ("forge", 380, 640, 64, 46),
    ("chateau", 150, 330, 150, 100),
    ("cross", 250, 560, 18, 26),
    ("bridge", 905, 500, 80, 44),
    ("mill", 900, 800, 84, 72),
]


def _obj(oid: int, name: str, cls: str, x: float, y: float, w: float, h: float, extra: str = "") -> str:
    attrs = f'id="{oid}"'
    if name:
        attrs += f" name={quoteattr(name)}"
    attrs += f' type="{cls}" x="{x}" y="{y}"'
    if w or h:
        attrs += f' width="{w}" height="{h}"'
    if extra:
        return f"  <object {attrs}>\n{extra}  </object>\n"
    return f"  <object {attrs}/>\n"


def _points(points) -> str:
    return " ".join(f"{x},{y}" for x, y in points)


def build() -> str:
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        'width="240" height="135" tilewidth="8" tileheight="8" infinite="0" nextlayerid="10" '
        'nextobjectid="999">\n',
        ' <properties>\n  <property name="game" value="malleus"/>\n'
        '  <property name="village" value="Charmes, Duchy of Lorraine"/>\n </properties>\n',
    ]
    oid = 1
    layer = 1
    for players in (4, 5, 6):
        parts.append(f' <objectgroup id="{layer}" name="players_{players}">\n')
        for name, x, y, w, h in ZONES:
            parts.append(_obj(oid, name, name, x, y, w, h))
            oid += 1
        parts.append(" </objectgroup>\n")
        layer += 1
    parts.append(f' <objectgroup id="{layer}" name="places">\n')
    for name, x, y, w, h in PLACES:
        parts.append(_obj(oid, name, "place", x, y, w, h))
        oid += 1
    parts.append(" </objectgroup>\n")
    layer += 1
    parts.append(f' <objectgroup id="{layer}" name="scenery">\n')
    for poly in FIELDS:
        x0, y0 = poly[0]
        parts.append(
            _obj(
                oid, "", "field", x0, y0, 0, 0, f'   <polygon points="{_points((x - x0, y - y0) for x, y in poly)}"/>\n'
            )
        )
        oid += 1
    x0, y0 = RIVER[0]
    parts.append(
        _obj(oid, "", "river", x0, y0, 0, 0, f'   <polygon points="{_points((x - x0, y - y0) for x, y in RIVER)}"/>\n')
    )
    oid += 1
    for road in ROADS:
        x0, y0 = road[0]
        parts.append(
            _obj(
                oid, "", "road", x0, y0, 0, 0, f'   <polyline points="{_points((x - x0, y - y0) for x, y in road)}"/>\n'
            )
        )
        oid += 1
    for x, y, w, h in WOODS:
        parts.append(_obj(oid, "", "wood", x, y, w, h, "   <ellipse/>\n"))
        oid += 1
    for cls, x, y, w, h in BUILDINGS:
        parts.append(_obj(oid, "", cls, x, y, w, h))
        oid += 1
    parts.append(" </objectgroup>\n</map>\n")
    return "".join(parts)


if __name__ == "__main__":
    OUT.write_text(build(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
