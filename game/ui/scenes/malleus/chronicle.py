"""The story's log as a readable Markdown chronicle (docs/rules/malleus.md §9): the village (its
trigger, its people, their facts and ties), what happened in each round, and who won.

Pure text from a view and the log a seat may see (the public screen's, normally), so a
chronicle never tells more than that screen could. No pygame here.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from game.saves import saves_dir, write_atomic
from game.ui.scenes.malleus.common import Names, describe
from game.ui.wording import listed

#: events worth a line in the chronicle (the rest is bookkeeping)
STORY_EVENTS = {
    "trigger",
    "villager",
    "chosen",
    "round",
    "declare",
    "secret_revealed",
    "scene",
    "join",
    "side",
    "approve",
    "card",
    "roll",
    "outcome",
    "window_closed",
    "sentenced",
    "executed",
    "narrate",
    "reward",
    "turn_forfeited",
    "fact",
    "relationship",
    "game_over",
    "declaration_voided",
}


def chronicle_markdown(view: dict, log: list[dict], players: list[str], title: str = "") -> str:
    n = Names(view, players)
    out: list[str] = []
    village = "Charmes"
    out.append(f"# {title or 'The witch-hunt in ' + village}")
    out.append("")
    out.append(f"*A game of Malleus Maleficarum. The Prévôt: {players[0]}. The players: {listed(players[1:])}.*")
    out.append("")
    trigger = next((e for e in log if e.get("type") == "trigger"), None)
    if trigger:
        out.append("## The calamity")
        out.append("")
        out.append(trigger.get("text", ""))
        out.append("")
    out.append("## The village")
    out.append("")
    facts = view.get("facts") or {}
    owners = {p["seat"]: p for p in view.get("players") or []}
    for v in view.get("villagers") or []:
        who = ""
        if v.get("controlled_by") is not None:
            who = f" — played by {players[v['controlled_by']]}"
        status = {"sentenced": ", sentenced", "executed": ", executed as a witch"}.get(v.get("status"), "")
        out.append(f"- **{v['name']}** (standing {v['standing']}{status}){who}")
        for fid in v.get("facts") or []:
            if fid in facts:
                out.append(f"  - {facts[fid]['text']}")
    ties = []
    for r in view.get("relationships") or []:
        both = " (mutual)" if r.get("mutual") else ""
        ties.append(f"- {n.villager(r['from'])} sees {n.villager(r['to'])} as {r['kind']}{both}")
    if ties:
        out.append("")
        out.append("### Friends and foes")
        out.append("")
        out.extend(ties)
    general = [facts[f]["text"] for f in view.get("general_ledger") or [] if f in facts]
    if general:
        out.append("")
        out.append("### The general ledger")
        out.append("")
        out.extend(f"- {t}" for t in general)
    out.append("")
    out.append("## What happened")
    started = False
    for e in log:
        t = e.get("type")
        if t == "round":
            started = True
            out.append("")
            out.append(f"### Round {e.get('round')}")
            out.append("")
            continue
        if not started or t not in STORY_EVENTS or t in ("fact", "relationship") and not started:
            continue
        line = describe(e, n)
        if t == "declare":
            out.append("")
            out.append(f"**{line}**")
        elif t == "narrate":
            out.append(f"> {e.get('text')} — *{n.seat(e.get('seat'))}*")
        else:
            out.append(f"- {line}")
    out.append("")
    out.append("## The end")
    out.append("")
    winners = view.get("winners") or []
    if winners:
        names = listed([players[s] for s in winners])
        out.append(f"The frenzy subsides. Victory: **{names}**.")
    else:
        out.append("The story is not over yet.")
    out.append("")
    scores = [(p["name"], p["personal_gain"], n.villager(p.get("villager"))) for p in owners.values()]
    if scores:
        out.append("| Player | Villager | Personal gain |")
        out.append("|---|---|---|")
        for name, gain, vname in sorted(scores, key=lambda x: -x[1]):
            out.append(f"| {name} | {vname} | {gain} |")
    out.append("")
    return "\n".join(out)


def chronicle_folder() -> Path:
    """Where chronicles are written: beside the saves, in the user's data folder."""
    return saves_dir().parent / "chronicles"


def write_chronicle(markdown: str, folder: Path | None = None) -> Path:
    folder = folder or chronicle_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.now().strftime("%Y-%m-%d_%H%M%S")
    path = folder / f"malleus-chronicle-{stamp}.md"
    write_atomic(path, markdown)
    return path
