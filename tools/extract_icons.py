"""Write the game-icons.net SVGs we ship into assets/icons/ (run by hand, not at runtime).

Source: the npm package ``@iconify-json/game-icons`` (CC BY 3.0), unpacked somewhere:
    cd /tmp && npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    .venv/bin/python tools/extract_icons.py /tmp/package/icons.json

Each icon is saved under the name the game uses (``assets/icons/<name>.svg``), black on
transparent, 512x512 view box, so ``game.ui.icons`` can tint it with one blend.
The mapping below is the single list of which game-icons.net icon stands for what;
assets/icons/CREDITS.md credits each source icon's author.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

# game name -> game-icons.net icon name
ICONS: dict[str, str] = {
    # Hammer of the Witches
    "pentagram": "pentacle",
    "match": "match-head",
    "flame": "flame",
    "pyre": "pyre",
    "inquisitor": "executioner-hood",
    "scales": "scales",
    "ordeal": "drowning",
    "mark": "stigmata",
    "bribe": "swap-bag",
    "advocate": "scroll-quill",
    "accusation": "pointing",
    "denial": "thumb-down",
    "proof": "cauldron",
    "familiar": "owl",
    "false_testimony": "liar",
    "confession": "imprisoned",
    "accomplice": "shadow-follower",
    "countercharge": "boomerang",
    "mixup": "body-swapping",
    "retraction": "broken-tablet",
    "no_inquisition": "halt",
    "trophy": "death-skull",
    "villager": "person",
    "arrest": "manacles",
    "deck": "card-draw",
    "discard": "card-discard",
    "hand": "card-random",
    # Witch Trial
    "gavel": "gavel",
    "jury": "tribunal-jury",
    "dice": "rolling-dices",
    "die_1": "dice-six-faces-one",
    "die_2": "dice-six-faces-two",
    "die_3": "dice-six-faces-three",
    "die_4": "dice-six-faces-four",
    "die_5": "dice-six-faces-five",
    "die_6": "dice-six-faces-six",
    "suspect": "wanted-reward",
    "witch": "witch-face",
    "charge": "scroll-unfurled",
    "evidence": "magnifying-glass",
    "motion": "quill-ink",
    "objection": "halt",
    "motion_drama": "drama-masks",
    "motion_short_memory": "card-pickup",
    "motion_venue": "direction-signs",
    "motion_expert": "open-book",
    "motion_continuance": "empty-hourglass",
    "witness": "talk",
    "plea": "shaking-hands",
    "money": "two-coins",
    "court_fees": "coins",
    # menus and table furniture
    "host": "round-table",
    "join": "door",
    "continue": "play-button",
    "settings": "cog",
    "rules": "rule-book",
    "quit": "exit-door",
    "bot": "robot-golem",
    "curtain": "theater-curtains",
    "winner": "laurel-crown",
    "wait": "hourglass",
    "answered": "check-mark",
    "log": "quill",
    "app": "witch-flight",
}


def svg_text(icon: dict, width: int, height: int) -> str:
    body = icon["body"].replace("currentColor", "#000")
    w = icon.get("width", width)
    h = icon.get("height", height)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{body}</svg>\n'


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: extract_icons.py PATH/TO/icons.json", file=sys.stderr)
        return 2
    data = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    out = Path(__file__).resolve().parent.parent / "assets" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    aliases = data.get("aliases", {})
    missing = []
    for name, source in ICONS.items():
        icon = data["icons"].get(source)
        if icon is None and source in aliases:
            icon = data["icons"].get(aliases[source]["parent"])
        if icon is None:
            missing.append(source)
            continue
        (out / f"{name}.svg").write_text(
            svg_text(icon, data.get("width", 512), data.get("height", 512)), encoding="utf-8"
        )
    if missing:
        print("missing in the package: " + ", ".join(missing), file=sys.stderr)
        return 1
    print(f"wrote {len(ICONS)} icons to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
