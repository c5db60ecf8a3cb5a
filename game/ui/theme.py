"""The table's palette: every scene takes its colours from here so the games look alike.

Plain RGB tuples (no pygame import), named for what they paint. The colours of one
game's cards are named here too (its scene package's card art picks them), each group
citing the rules section its colours follow.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# The table itself
FELT: RGB = (38, 61, 45)  # green baize of the playing area
FELT_DARK: RGB = (26, 43, 32)
FELT_LIGHT: RGB = (54, 84, 62)
WOOD: RGB = (92, 58, 33)  # table rim, panels
WOOD_DARK: RGB = (58, 36, 20)
WOOD_LIGHT: RGB = (138, 92, 54)
PANEL: RGB = (33, 27, 22)  # log, banners, dialogs (dark translucent over felt)
PANEL_EDGE: RGB = (150, 118, 72)

# Paper and ink
PARCHMENT: RGB = (240, 226, 190)
PARCHMENT_LIGHT: RGB = (250, 242, 218)
PARCHMENT_DARK: RGB = (214, 190, 140)
INK: RGB = (40, 28, 20)  # main text on parchment
INK_SOFT: RGB = (96, 78, 60)  # secondary text on parchment
TEXT_LIGHT: RGB = (244, 236, 214)  # text on felt / wood / panels
TEXT_MUTED: RGB = (202, 192, 166)  # still >= 4.5:1 on the lightest felt and wood

# States
HIGHLIGHT: RGB = (255, 206, 84)  # hover, current seat, legal targets
SELECT: RGB = (120, 200, 255)  # picked card / chosen target
DANGER: RGB = (200, 48, 36)  # current witch, illegal drop, errors
SUCCESS: RGB = (88, 170, 92)
DISABLED: RGB = (120, 112, 100)

# Hammer of the Witches card colours (docs/rules/hammer.md §1.3)
BROWN: RGB = (122, 76, 42)  # defamation: accusation, denial, proof, false testimony, confession
YELLOW: RGB = (214, 168, 38)  # responses, advocate, bribe
GREEN: RGB = (52, 112, 60)  # tests: ordeal, scales, mark
VILLAGER: RGB = (88, 74, 110)  # villager cards (muted violet, unlike any defamation colour)
CARD_BACK_HAMMER: RGB = (70, 34, 30)

# Pyre track (docs/rules/hammer.md §1.2: 10-18 is the blue side)
PYRE_COLD: RGB = (168, 74, 24)  # 2..9: embers, burnt orange (light numbers read on it)
PYRE_HOT: RGB = (44, 96, 184)  # 10..18: the hotter blue side
PYRE_HOT_LIGHT: RGB = (120, 170, 240)
PYRE_EMPTY: RGB = (90, 84, 76)
PENTAGRAM: RGB = (150, 30, 40)
MATCH: RGB = (220, 120, 30)

# Witch Trial card kinds (docs/rules/witch_trial.md, Kinds of cards)
SUSPECT: RGB = (120, 52, 110)  # plum
CHARGE: RGB = (160, 40, 36)  # court red
EVIDENCE: RGB = (46, 104, 140)  # slate blue
MOTION: RGB = (58, 122, 84)  # green
OBJECTION: RGB = (52, 52, 60)  # black-robed grey
CARD_BACK_TRIAL: RGB = (30, 42, 70)
MONEY: RGB = (212, 175, 55)
JURY_GUILTY: RGB = (170, 40, 36)
JURY_INNOCENT: RGB = (48, 100, 150)

# Salem 1692 (docs/rules/salem.md §1.2: red, green, blue, black cards; Tryal cards; the night)
SALEM_RED: RGB = (168, 42, 38)
SALEM_GREEN: RGB = (60, 120, 66)
SALEM_BLUE: RGB = (48, 92, 156)
SALEM_BLACK: RGB = (40, 36, 44)
SALEM_TRYAL: RGB = (120, 104, 80)
SALEM_WITCH: RGB = (110, 40, 120)
SALEM_CONSTABLE: RGB = (130, 100, 30)
SALEM_CHARACTER: RGB = (88, 74, 110)
CARD_BACK_SALEM: RGB = (44, 52, 66)
NIGHT_SKY: RGB = (12, 16, 34)
MOON: RGB = (236, 232, 200)

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


# ------------------------------------------------------------- legibility (WCAG) ----
#: the least contrast between text and what lies under it (WCAG 2 AA, normal text)
MIN_CONTRAST = 4.5


def luminance(c: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 = black, 1 = white)."""

    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, 1 .. 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def ink_on(fill: RGB) -> RGB:
    """The text colour that reads best on ``fill``: dark ink or light parchment."""
    return INK if contrast(INK, fill) >= contrast(PARCHMENT_LIGHT, fill) else PARCHMENT_LIGHT


def over(colour: RGB, alpha: int, under: RGB = FELT) -> RGB:
    """``colour`` drawn at ``alpha`` (0-255) over ``under``: what the eye sees."""
    return mix(under, colour, alpha / 255)


def jury_seat_color(value: int, in_session: bool = True) -> RGB:
    """Jury box seat ``value`` (1-12): blue (acquit) to red (convict); faded with no trial."""
    col = mix(JURY_INNOCENT, JURY_GUILTY, (value - 1) / 11)
    return col if in_session else mix(col, FELT_DARK, 0.6)


def pyre_dim(value: int) -> RGB:
    """A pyre track cell above the villager's heat: its colour sunk into the dark felt."""
    return mix(pyre_color(value), FELT_DARK, 0.65)


#: Every (text colour, background) pair the tables write with, named by where it is
#: drawn. Each must reach MIN_CONTRAST; the readability test checks them all, with the
#: coloured fills that carry text (card bands and badges, jury seats, pyre cells).
TEXT_ON: dict[str, tuple[RGB, RGB]] = {
    "table label": (TEXT_LIGHT, FELT),
    "table note": (TEXT_MUTED, FELT),
    "seat name": (PARCHMENT, FELT_DARK),
    "seat note": (TEXT_MUTED, FELT_DARK),
    "seat score": (HIGHLIGHT, FELT_DARK),
    "money": (MONEY, FELT_DARK),
    "villager name": (PARCHMENT, FELT_LIGHT),
    "villager counts": (TEXT_LIGHT, FELT_LIGHT),
    "villager ability": (TEXT_MUTED, FELT_LIGHT),
    "burned villager": (TEXT_MUTED, darken(FELT_DARK, 0.2)),
    "witch tag": (PARCHMENT_LIGHT, DANGER),
    "protected tag": (INK, SELECT),
    "to-act pill": (INK, HIGHLIGHT),
    "turn pill": (TEXT_LIGHT, WOOD_LIGHT),
    "prosecutor pill": (TEXT_LIGHT, JURY_GUILTY),
    "defender pill": (TEXT_LIGHT, JURY_INNOCENT),
    "phase pill": (TEXT_MUTED, WOOD_DARK),
    "stage pill done": (TEXT_MUTED, WOOD),
    "log line": (TEXT_LIGHT, over(PANEL, 215)),
    "log older line": (TEXT_MUTED, over(PANEL, 215)),
    "log newest line": (HIGHLIGHT, over(PANEL, 215)),
    "log header": (PARCHMENT, over(PANEL, 215)),
    "hint strip": (PARCHMENT, over(PANEL, 200)),
    "chooser title": (PARCHMENT, over(PANEL, 245)),
    "chooser row": (TEXT_LIGHT, WOOD),
    "chooser row lit": (TEXT_LIGHT, WOOD_LIGHT),
    "chooser foot": (TEXT_MUTED, over(PANEL, 245)),
    "drop hint": (INK, SELECT),
    "public banner": (HIGHLIGHT, over(PANEL, 245)),
    "window banner": (TEXT_LIGHT, WOOD_DARK),
    "action bar": (PARCHMENT, over(PANEL, 215)),
    "help": (TEXT_LIGHT, over(PANEL, 250)),
    "help foot": (TEXT_MUTED, over(PANEL, 250)),
    "button": (TEXT_LIGHT, WOOD),
    "button primary": ((30, 20, 12), HIGHLIGHT),
    "button danger": (TEXT_LIGHT, DANGER),
    "price": (MONEY, WOOD_DARK),
    "price free": (SUCCESS, WOOD_DARK),
    "panel title": (PARCHMENT, WOOD_DARK),
    "panel note": (TEXT_MUTED, WOOD_DARK),
    "panel value": (HIGHLIGHT, WOOD_DARK),
    "court": (PARCHMENT, over(FELT_DARK, 220)),
    "court note": (TEXT_MUTED, over(FELT_DARK, 220)),
    "prosecutor label": (lighten(JURY_GUILTY, 0.5), over(FELT_DARK, 220)),
    "defender label": (lighten(JURY_INNOCENT, 0.5), over(FELT_DARK, 220)),
    "verdict guilty": (lighten(JURY_GUILTY, 0.5), WOOD_DARK),
    "verdict not guilty": (lighten(JURY_INNOCENT, 0.5), WOOD_DARK),
    "overruled tag": (PARCHMENT_LIGHT, DANGER),
    "objection tag": (INK, HIGHLIGHT),
    "die pips": (INK, PARCHMENT_LIGHT),
    "card words": (INK, PARCHMENT),
    "card caption": (INK_SOFT, PARCHMENT),
    "card badge label": (INK_SOFT, PARCHMENT_LIGHT),
    "hourglass badge": (HIGHLIGHT, WOOD_DARK),
    "hourglass badge urgent": (PARCHMENT_LIGHT, DANGER),
    "hourglass banner": (HIGHLIGHT, over(PANEL, 220)),
    "hourglass banner idle": (TEXT_MUTED, over(PANEL, 220)),
}
