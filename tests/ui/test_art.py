"""Fonts, icons and card faces render headless (DESIGN D8: fonts ship as files)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.paths import assets_dir


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    yield


def test_shipped_fonts_load_and_render_without_the_system_font():
    from game.ui.fonts import font_path, get_font, render_text

    for bold in (False, True):
        for title in (False, True):
            assert font_path(bold=bold, title=title).is_file()
            font = get_font(18, bold=bold, title=title)
            assert font.size("Hammer")[0] > 0
    assert get_font(18) is get_font(18)  # cached
    surf = render_text("Toothbreaker Karl \u2212 \u00b12", 16, (0, 0, 0), title=True)
    assert surf.get_width() > 50 and surf.get_height() > 10
    assert render_text("x", 16, (0, 0, 0)) is render_text("x", 16, [0, 0, 0])


def test_font_licences_ship_with_the_fonts():
    fonts = assets_dir() / "fonts"
    for name in ("EBGaramond-OFL.txt", "Junicode-OFL.txt", "Lato-OFL.txt"):
        text = (fonts / name).read_text(encoding="utf-8")
        assert "Open Font License" in text or "OPEN FONT LICENSE" in text


def test_shipped_fonts_have_the_glyphs_card_text_uses():
    # a missing glyph renders as a box: dashes, quotes, minus and plus-minus appear on cards
    from game.ui.fonts import get_font

    for bold in (False, True):
        for title in (False, True):
            font = get_font(20, bold=bold, title=title)
            box = pygame.image.tobytes(font.render("\U000f0000", True, (0, 0, 0)), "RGBA")
            for ch in "\u2014\u2013\u2019\u00b1\u2212\u00b7\u2026$":
                glyph = pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA")
                assert glyph != box, (bold, title, ch)


def test_wrap_text_keeps_every_line_inside_the_width():
    from game.ui.fonts import get_font, wrap_text

    font = get_font(14)
    text = "The current witch is thrown in the river and floats. Supercalifragilisticexpialidocious!"
    lines = wrap_text(text, font, 80)
    assert len(lines) > 3
    assert all(font.size(line)[0] <= 80 for line in lines)
    assert wrap_text("", font, 80) == []
    assert wrap_text("a\nb", font, 80) == ["a", "b"]


def test_every_icon_loads_sized_and_tinted():
    from game.ui.icons import get_icon, icon_names

    names = icon_names()
    assert len(names) >= 50
    for name in names:
        surf = get_icon(name, 32)
        assert surf.get_size() == (32, 32)
        # something is drawn: not fully transparent
        assert any(surf.get_at((x, y)).a > 0 for x in range(0, 32, 2) for y in range(0, 32, 2)), name
    red = get_icon("pyre", 48, (200, 0, 0))
    opaque = [red.get_at((x, y)) for x in range(48) for y in range(48) if red.get_at((x, y)).a == 255]
    assert opaque and all(c.r >= 190 and c.g < 30 for c in opaque)
    assert get_icon("pyre", 48, (200, 0, 0)) is red


def test_icons_the_scenes_ask_for_exist():
    from game.ui.icons import has_icon

    wanted = """pentagram match flame pyre inquisitor scales ordeal mark bribe advocate accusation
    denial proof false_testimony confession accomplice countercharge mixup retraction
    no_inquisition trophy deck discard gavel jury dice suspect charge evidence motion objection
    money host join continue settings rules quit app""".split()
    assert [n for n in wanted if not has_icon(n)] == []


def test_missing_icon_is_a_placeholder_not_a_crash(caplog):
    from game.ui.icons import get_icon

    surf = get_icon("no-such-icon", 24)
    assert surf.get_size() == (24, 24)
    assert "no-such-icon" in caplog.text


def test_icon_credits_name_every_shipped_icon():
    from game.ui.icons import icon_names

    credits = (assets_dir() / "icons" / "CREDITS.md").read_text(encoding="utf-8")
    assert "CC BY 3.0" in credits
    assert [n for n in icon_names() if f"`{n}.svg`" not in credits] == []


@pytest.mark.parametrize("game", ["hammer", "witch_trial"])
def test_every_card_face_renders_at_hand_size_and_zoom(game):
    from game.ui.card_art import CardArt, all_card_ids

    art = CardArt()
    ids = all_card_ids(game)
    assert len(ids) == (78 if game == "hammer" else 90)
    for card_id in ids:
        face = art.face(game, card_id, (90, 126))
        assert face.get_size() == (90, 126)
    assert art.face(game, ids[0], (90, 126)) is art.face(game, ids[0], (90, 126))
    big = art.zoom(game, ids[-1], 360)
    assert big.get_width() == 360 and big.get_height() > 360
    back = art.back(game, (90, 126))
    assert back.get_size() == (90, 126)


def test_bribe_faces_show_their_amount():
    # docs/rules/hammer.md §1.3: bribes are +-1 x7 and +-2 x7; the id carries no sign
    from game.ui.card_art import face_info

    values = [face_info("hammer", f"bribe-{n}").value for n in range(1, 15)]
    assert values.count("\u00b11") == 7 and values.count("\u00b12") == 7


def test_hammer_card_colours_follow_the_kinds():
    # docs/rules/hammer.md §1.3: brown defamation, yellow responses/advocate/bribe, green tests
    from game.ui import theme
    from game.ui.card_art import face_info

    assert face_info("hammer", "confession-1").color == theme.BROWN
    assert face_info("hammer", "confession-1").value == "+6"
    assert face_info("hammer", "mixup-2").color == theme.YELLOW
    assert face_info("hammer", "mark_none-1").color == theme.GREEN


def test_villager_cards_and_highlight_render():
    from game.ui.card_art import CardArt

    art = CardArt()
    for vid in ("karl", "berta", "unknown_person"):
        assert art.villager(vid, (90, 126)).get_size() == (90, 126)
    glow = art.highlight((90, 126), (255, 200, 80))
    m = CardArt.glow_margin((90, 126))
    assert glow.get_size() == (90 + 2 * m, 126 + 2 * m)
    assert glow.get_at((glow.get_width() // 2, glow.get_height() // 2)).a == 0  # hollow


def test_tiny_cards_still_render_names_and_numbers():
    # opponents' villagers and piles are drawn small; below COMPACT_HEIGHT only name/icon/number
    from game.ui.card_art import COMPACT_HEIGHT, CardArt

    art = CardArt()
    art.preload("hammer")
    for size in ((24, 32), (40, 56), (60, COMPACT_HEIGHT)):
        assert art.face("hammer", "bribe-9", size).get_size() == size
        assert art.villager("griseldis", size).get_size() == size
        assert art.face("witch_trial", "friends-1", size).get_size() == size


@pytest.mark.parametrize("game", ["hammer", "witch_trial", "salem"])
def test_a_zoomed_card_says_every_word_inside_the_card_and_nothing_overlaps(game):
    # the zoom of Dancing ran "against Charity Pell, the Mayor's Daugh" out of the
    # card with its "+2" drawn over it. Zoom widths: 1024, 1280 and 1920 wide windows.
    from game.ui.card_art import MIN_TEXT, CardArt, all_card_ids, face_info

    art = CardArt()
    seen = set()
    for card_id in all_card_ids(game):
        info = face_info(game, card_id)
        if (info.kind, info.value, info.caption) in seen:
            continue
        seen.add((info.kind, info.value, info.caption))
        for width in (204, 256, 320):
            card = art.zoom(game, card_id, width).get_rect()
            rect, pieces = art.zoom_layouts[(game, info.kind, info.value, info.caption, width)]
            assert card.contains(rect)
            words = [p for p in pieces if p.role != "rule"]
            for p in words:
                assert rect.contains(p.rect), (card_id, width, p.text)
                assert p.size >= MIN_TEXT
            for i, p in enumerate(words):
                hits = [q.text for q in words[i + 1 :] if q.rect.colliderect(p.rect)]
                assert not hits, (card_id, width, p.text, hits)
            said = {role: " ".join(p.text for p in words if p.role == role) for role in ("stat", "body")}
            assert said["stat"] == " ".join(k for k, _ in info.stats), (card_id, width)
            assert said["body"] == " ".join((info.rules_text or info.text).split()), (card_id, width)
            assert [p.text for p in words if p.role == "value"] == [v for _, v in info.stats]
