"""A conflict's FOR / AGAINST columns on the Malleus table (docs/rules/malleus.md §3.4,
§6 R10): each side's total and every term of its bonus, the facts counted with who cited
them, the players on that side, the facts cited for it awaiting the Prévôt with his
Count / Reject by each, and the buttons of the players who may still take the side —
fitted into the column so each line a player must read is read whole."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.malleus.common import AGAINST_COLOUR, FOR_COLOUR, Names
from game.ui.scenes.table_base import text

#: the smallest type in the panel (table_base.MIN_TEXT)
MIN_SIZE = 11


class SideColumns:
    """The two columns of the conflict panel (``panel``: the ConflictPanel that lays them
    out, keeps the lines of facts under the pointer and knows who cited what)."""

    def __init__(self, panel) -> None:
        self.panel = panel
        self.table = panel.table

    def side_rows(self, side: str, b: dict, c: dict, n: Names) -> list[dict]:
        """The lines of a side's column (§3.4): every term of the bonus, the counted facts
        with who cited them, the players on that side, then the facts cited for it awaiting
        the Prévôt. Each is ``{words, colour, what}``; a fact's line has ``fact`` (its id:
        its words may be shortened, the whole fact shows on hover) with ``head``/``tail``
        round it; the supporters' list is ``optional`` (their sum stays in the pool term);
        a citation has ``judge``: the Prévôt's Count / Reject buttons placed by it."""
        base = b.get("base") or {}
        facts = b.get("facts") or []
        who = n.villager(base.get("villager")) if base.get("villager") else "no target"
        rows: list[dict[str, Any]] = [
            {
                "words": f"Standing of {who}: {base.get('standing', 0)} · Pool {b.get('pool_sum', 0)} ÷ 3 → "
                f"+{b.get('pool_bonus', 0)} · Facts +{len(facts)}",
                # the same terms in fewer words, for a column with citations to show
                "short": f"{who} {base.get('standing', 0)} · Pool +{b.get('pool_bonus', 0)} · Facts +{len(facts)}",
                "colour": theme.TEXT_LIGHT,
                "what": "bonus line",
            }
        ]
        members = b.get("pool") or []
        if members:
            names = ", ".join(
                f"{n.villager(m['villager'])} {m['standing']}" + ("*" if m.get("why") == "assigned" else "")
                for m in members
            )
            rows.append(
                {"words": f"Support: {names}", "colour": theme.TEXT_LIGHT, "what": "bonus line", "optional": True}
            )
        from_log = self.panel.citers(c.get("id"))
        for fid in facts:
            by = citer_of(c, fid, from_log)
            rows.append(
                {
                    "fact": fid,
                    "head": "+1 “",
                    "tail": "”" + (f" (cited by {n.short_seat(by)})" if by is not None else ""),
                    "colour": theme.PARCHMENT,
                    "what": "counted fact",
                }
            )
        principal = c.get("principal")
        if principal is not None and c.get("principal_side") == side:
            rows.append(
                {
                    "words": f"{n.seat_first(principal)} opposes (principal)"
                    if side == "against"
                    else f"{n.seat_first(principal)} supports (principal)",
                    "colour": theme.TEXT_LIGHT,
                    "what": "bonus line",
                }
            )
        for seat, s in sorted((c.get("sides") or {}).items()):
            if s == side and int(seat) != principal:
                rows.append(
                    {"words": f"{n.seat_first(int(seat))} sides here", "colour": theme.TEXT_LIGHT, "what": "bonus line"}
                )
        for ci in c.get("citations") or []:
            if ci.get("side") != side:
                continue
            judge = [
                self.table.bar.panel_button(f"approve_{ci['fact']}_{side}"),
                self.table.bar.panel_button(f"reject_{ci['fact']}_{side}"),
            ]
            judged = any(judge)
            rows.append(
                {
                    "fact": ci["fact"],
                    "head": "“",
                    "tail": f"” — cited by {n.short_seat(ci['by'])}" + ("" if judged else ", awaits the Prévôt"),
                    "colour": theme.TEXT_MUTED,
                    "what": "citation",
                    "judge": judge if judged else None,
                }
            )
        return rows

    def fact_line(self, row: dict, n: Names, font, width: int, lines: int) -> str:
        """A fact's line: its words whole when they fit in ``lines`` lines, else shortened
        with an ellipsis (the whole fact shows on hover)."""
        whole = n.fact(row["fact"])
        words = row["head"] + whole + row["tail"]
        if len(wrap_text(words, font, width)) <= lines:
            return words
        cut = whole
        while cut and len(wrap_text(row["head"] + cut + "…" + row["tail"], font, width)) > lines:
            cut = cut[: max(0, len(cut) - max(1, len(cut) // 12))].rstrip()
        return row["head"] + cut + "…" + row["tail"]

    def draw_side(self, surface: pygame.Surface, col: pygame.Rect, side: str, b: dict, c: dict, n: Names) -> None:
        """One side's column: its total, each term of its bonus, the counted facts, the
        facts cited for it awaiting the Prévôt (his Count / Reject beside each) and the
        players who may still take this side (a button each). Every line is read whole
        inside the column: the type steps down to 11 px, then the supporters' list goes,
        then a long fact shows its first words (the whole fact on hover)."""
        colour = FOR_COLOUR if side == "for" else AGAINST_COLOUR
        lit = self.table.fact_drag is not None and col.collidepoint(self.table.pointer)
        fill = tuple(min(255, v + 30) for v in theme.PANEL) if lit else theme.PANEL
        pygame.draw.rect(surface, fill, col, border_radius=self.table.px(8))
        pygame.draw.rect(surface, colour, col, max(2, self.table.px(3)), border_radius=self.table.px(8))
        big = max(14, self.table.px(26))
        x, y, w = col.x + self.table.px(10), col.y + self.table.px(6), col.w - self.table.px(20)
        total = b.get("total", 0)
        title = "FOR the action" if side == "for" else "AGAINST"
        label = text(title, max(12, self.table.px(19)), colour, bold=True)
        surface.blit(label, (x, y))
        tot = text(str(total), big, theme.HIGHLIGHT, bold=True)
        surface.blit(tot, tot.get_rect(topright=(col.right - self.table.px(10), y - self.table.px(2))))
        self.table.note_text(
            "bonus", f"{title} {total}", f"{title} {total}", [pygame.Rect(x, y, w, label.get_height())], col
        )
        y += max(label.get_height(), tot.get_height()) + self.table.px(2)
        rows = self.side_rows(side, b, c, n)
        chips = list(self.table.bar.panel_buttons_of(f"{side}_"))
        bh = max(22, self.table.px(34))
        small_b = max(11, self.table.px(15))
        judge_w = (get_font(small_b, bold=True).size("Reject")[0] + 22) * 2 + self.table.px(6)
        bottom = col.bottom - self.table.px(6) - (bh + self.table.px(4) if chips else 0)

        # a citation's Count / Reject sit beside its words where the column leaves them
        # room, else under them: beside in a 1280 x 720 window, they left the fact "…"
        beside = w - judge_w - self.table.px(8) >= w * 0.55
        # under the words they are as tall as their labels need
        jb = bh if beside else min(bh, get_font(small_b, bold=True).get_linesize() + 6)

        def laid(rows: list[dict], size: int, fact_lines: int) -> list[tuple[dict, str, int, int]]:
            """(row, words, width, height) of each row at ``size``."""
            out = []
            for row in rows:
                font = get_font(size if row["what"] != "citation" else max(MIN_SIZE, size - 1))
                width = w - (judge_w + self.table.px(8) if row.get("judge") and beside else 0)
                words = self.fact_line(row, n, font, width, fact_lines) if "fact" in row else row["words"]
                height = len(wrap_text(words, font, width)) * font.get_linesize()
                if row.get("judge"):
                    height = max(height, jb) if beside else height + self.table.px(2) + jb
                out.append((row, words, width, height + self.table.px(3)))
            return out

        size, fact_lines = max(MIN_SIZE, self.table.px(17)), 6
        plan = laid(rows, size, fact_lines)
        while sum(h for *_r, h in plan) > bottom - y:
            if size > MIN_SIZE:
                size -= 1
            elif any(r.get("optional") for r in rows):
                rows = [r for r in rows if not r.get("optional")]
            elif fact_lines > 1:
                fact_lines = min(fact_lines - 1, 3)
            elif any(r.get("short") for r in rows):
                rows = [{**r, "words": r["short"], "short": ""} if r.get("short") else r for r in rows]
            else:
                break
            plan = laid(rows, size, fact_lines)
        hover = self.panel._fact_hover
        note_font = get_font(max(MIN_SIZE, size - 1))
        if sum(h for *_r, h in plan) > bottom - y:
            # what does not fit waits its turn, said in a line of its own: the first
            # citations show whole with their buttons, the next once these are judged
            room, kept = bottom - y - note_font.get_linesize(), []
            for item in plan:
                if room < item[3] - self.table.px(3):
                    break
                kept.append(item)
                room -= item[3]
            left = [r for r, *_rest in plan[len(kept) :]]
            waiting = sum(1 for r in left if r["what"] == "citation")
            plan = kept
        else:
            left, waiting = [], 0
        for row, words, width, height in plan:
            if y + height - self.table.px(3) > bottom:
                break  # cannot happen but for a column too small for anything: nothing drawn over the chips
            top = y
            font_size = size if row["what"] != "citation" else max(MIN_SIZE, size - 1)
            end = self.panel._line(surface, words, x, y, width, font_size, row["colour"], what=row["what"])
            if "fact" in row:
                hover.append((pygame.Rect(x, top, width, end - top), row["fact"]))
            bx, by = x + w, top if beside else end + self.table.px(2)
            for button in reversed(row.get("judge") or []):
                if button is None:
                    continue
                bw = (judge_w - self.table.px(6)) // 2
                bx -= bw
                button.rect = pygame.Rect(bx, by, bw, jb)
                button.font_size = small_b
                button.visible = True
                bx -= self.table.px(6)
            y = top + height
        if left:
            facts = "fact" if waiting == 1 else "facts"
            more = f"+{waiting} more cited {facts}: judge these first" if waiting else f"+{len(left)} more lines"
            self.panel._line(
                surface, more, x, y, w, max(MIN_SIZE, size - 1), theme.TEXT_MUTED, what="citations waiting"
            )
        if chips:
            cx, cy = x, col.bottom - self.table.px(6) - bh
            caption = "Take this side:" if len(chips) > 1 or chips[0].label != "Take this side" else ""
            widths = [get_font(small_b, bold=True).size(chip.label)[0] + 22 for chip in chips]
            if caption:
                cap = text(caption, small_b, theme.TEXT_MUTED)
                if cap.get_width() + self.table.px(6) + sum(widths) + self.table.px(6) * len(widths) <= w:
                    at = surface.blit(cap, (cx, cy + (bh - cap.get_height()) // 2))
                    self.table.note_text("chips", caption, caption, [at], col)
                    cx = at.right + self.table.px(6)
            for chip, cw in zip(chips, widths):
                if cx + cw > x + w:
                    break
                chip.rect = pygame.Rect(cx, cy, cw, bh)
                chip.font_size = small_b
                chip.visible = True
                cx += cw + self.table.px(6)
        if lit:
            hint = text("drop to cite here", max(11, self.table.px(17)), theme.HIGHLIGHT, bold=True)
            box = hint.get_rect(center=col.center).inflate(self.table.px(16), self.table.px(8))
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=box.h // 2)
            pygame.draw.rect(surface, theme.HIGHLIGHT, box, 2, border_radius=box.h // 2)
            surface.blit(hint, hint.get_rect(center=col.center))


def citer_of(c: dict, fid: str, from_log: dict | None = None):
    """Who cited a counted fact: as the conflict's view says (``counted_by``: fact -> the
    seat that cited it), else as the log's approval or citation of it says (None: nobody
    known)."""
    value = (c.get("facts") or {}).get(fid)
    if isinstance(value, dict) and "by" in value:
        return value["by"]
    for key in ("counted_by", "cited_by"):
        if fid in (c.get(key) or {}):
            return c[key][fid]
    return (from_log or {}).get(fid)
