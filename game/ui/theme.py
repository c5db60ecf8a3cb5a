"""The table's palette: every scene takes its colours from here so the games look alike.

Plain RGB tuples (no pygame import), named for what they paint. Hammer card colours
follow hammer.md H1.3 (brown / yellow / green); the pyre track turns to its hotter
blue side from 10 to 18 (H1.2).
"""
from __future__ import annotations

RGB = tuple[int, int, int]

# The table itself
FELT: RGB = (38, 61, 45)            # green baize of the playing area
FELT_DARK: RGB = (26, 43, 32)
FELT_LIGHT: RGB = (54, 84, 62)
WOOD: RGB = (92, 58, 33)            # table rim, panels
WOOD_DARK: RGB = (58, 36, 20)
WOOD_LIGHT: RGB = (138, 92, 54)
PANEL: RGB = (33, 27, 22)           # log, banners, dialogs (dark translucent over felt)
PANEL_EDGE: RGB = (150, 118, 72)

# Paper and ink
PARCHMENT: RGB = (240, 226, 190)
PARCHMENT_LIGHT: RGB = (250, 242, 218)
PARCHMENT_DARK: RGB = (214, 190, 140)
INK: RGB = (40, 28, 20)             # main text on parchment
INK_SOFT: RGB = (96, 78, 60)        # secondary text on parchment
TEXT_LIGHT: RGB = (244, 236, 214)   # text on felt / wood / panels
TEXT_MUTED: RGB = (178, 166, 140)

# States
HIGHLIGHT: RGB = (255, 206, 84)     # hover, current seat, legal targets
SELECT: RGB = (120, 200, 255)       # picked card / chosen target
DANGER: RGB = (200, 48, 36)         # current witch, illegal drop, errors
SUCCESS: RGB = (88, 170, 92)
DISABLED: RGB = (120, 112, 100)

# Hammer of the Witches card colours (hammer.md H1.3)
BROWN: RGB = (122, 76, 42)          # defamation: accusation, denial, proof, false testimony, confession
YELLOW: RGB = (214, 168, 38)        # responses, advocate, bribe
GREEN: RGB = (62, 128, 70)          # tests: ordeal, scales, mark
VILLAGER: RGB = (88, 74, 110)       # villager cards (muted violet, unlike any defamation colour)
CARD_BACK_HAMMER: RGB = (70, 34, 30)

# Pyre track (hammer.md H1.2: 10-18 is the blue side)
PYRE_COLD: RGB = (196, 96, 40)      # 2..9: embers, orange
PYRE_HOT: RGB = (52, 110, 200)      # 10..18: the hotter blue side
PYRE_HOT_LIGHT: RGB = (120, 170, 240)
PYRE_EMPTY: RGB = (90, 84, 76)
PENTAGRAM: RGB = (150, 30, 40)
MATCH: RGB = (220, 120, 30)

# Witch Trial card kinds (witch_trial.md W1)
SUSPECT: RGB = (120, 52, 110)       # plum
CHARGE: RGB = (160, 40, 36)         # court red
EVIDENCE: RGB = (46, 104, 140)      # slate blue
MOTION: RGB = (58, 122, 84)         # green
OBJECTION: RGB = (52, 52, 60)       # black-robed grey
CARD_BACK_TRIAL: RGB = (30, 42, 70)
MONEY: RGB = (212, 175, 55)
JURY_GUILTY: RGB = (170, 40, 36)
JURY_INNOCENT: RGB = (60, 120, 170)

# Per-seat accent colours, index = seat (up to 7 players)
SEATS: tuple[RGB, ...] = (
    (214, 80, 64),
    (70, 140, 210),
    (90, 170, 90),
    (220, 180, 60),
    (160, 100, 200),
    (70, 190, 190),
    (220, 130, 180),
)


def seat_color(seat: int) -> RGB:
    return SEATS[seat % len(SEATS)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended toward ``b`` by ``t`` (0..1)."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighten(c: RGB, t: float = 0.3) -> RGB:
    return mix(c, (255, 255, 255), t)


def darken(c: RGB, t: float = 0.3) -> RGB:
    return mix(c, (0, 0, 0), t)


def pyre_color(value: int) -> RGB:
    """Colour of one step of a pyre track: orange below 10, blue from 10 (H1.2)."""
    return PYRE_HOT if value >= 10 else PYRE_COLD
