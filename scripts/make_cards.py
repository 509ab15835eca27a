#!/usr/bin/env python3
"""Draw the 40 Spanish cards (and a card back) as SVG files in static/cards/.

    python scripts/make_cards.py [OUTPUT_DIR]

The output is deterministic: running it again on the same code writes the same bytes, and a test
checks that the committed drawings are what this script makes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cards import CARDS, Card, Suit  # noqa: E402

WIDTH, HEIGHT = 200, 300

# fill, dark (outline and text), light (figure panel)
COLOURS = {
    Suit.OROS: ("#f2b705", "#7a5200", "#fdf3cf"),
    Suit.COPAS: ("#d32f2f", "#8e0000", "#fde0e0"),
    Suit.ESPADAS: ("#1e63c4", "#0b3a80", "#dde9fb"),
    Suit.BASTOS: ("#2e7d32", "#174d1a", "#dff0df"),
}


def _symbol(suit: Suit) -> str:
    """The suit's pip, drawn in a 100x100 box."""
    fill, dark, light = COLOURS[suit]
    if suit == Suit.OROS:
        body = (
            f'<circle cx="50" cy="50" r="45" fill="{fill}" stroke="{dark}" stroke-width="5"/>'
            f'<circle cx="50" cy="50" r="31" fill="none" stroke="{dark}" stroke-width="3"/>'
            f'<circle cx="50" cy="50" r="12" fill="{dark}"/>'
            + "".join(
                f'<circle cx="{50 + dx}" cy="{50 + dy}" r="3.5" fill="{dark}"/>'
                for dx, dy in (
                    (0, -22),
                    (22, 0),
                    (0, 22),
                    (-22, 0),
                    (16, -16),
                    (16, 16),
                    (-16, 16),
                    (-16, -16),
                )
            )
        )
    elif suit == Suit.COPAS:
        body = (
            f'<path d="M16 14 H84 C84 46 70 60 50 60 C30 60 16 46 16 14 Z" fill="{fill}" stroke="{dark}" '
            f'stroke-width="4" stroke-linejoin="round"/>'
            f'<ellipse cx="50" cy="14" rx="34" ry="7" fill="{light}" stroke="{dark}" stroke-width="4"/>'
            f'<rect x="44" y="59" width="12" height="22" fill="{fill}" stroke="{dark}" stroke-width="4"/>'
            f'<path d="M24 95 C24 84 38 79 50 79 C62 79 76 84 76 95 Z" fill="{fill}" stroke="{dark}" '
            f'stroke-width="4" stroke-linejoin="round"/>'
        )
    elif suit == Suit.ESPADAS:
        # Drawn upright, then tilted: a diagonal sword fills the square box better.
        body = (
            '<g transform="rotate(-35 50 50)">'
            f'<path d="M50 -4 L60 12 L59 64 L41 64 L40 12 Z" fill="{light}" stroke="{dark}" stroke-width="4" '
            f'stroke-linejoin="round"/>'
            f'<line x1="50" y1="10" x2="50" y2="60" stroke="{fill}" stroke-width="4"/>'
            f'<path d="M20 64 H80 L75 75 H25 Z" fill="{fill}" stroke="{dark}" stroke-width="4" '
            f'stroke-linejoin="round"/>'
            f'<rect x="44" y="75" width="12" height="15" fill="{fill}" stroke="{dark}" stroke-width="3"/>'
            f'<circle cx="50" cy="95" r="8" fill="{fill}" stroke="{dark}" stroke-width="3"/>'
            "</g>"
        )
    else:
        # A knotty wooden club, thick at the head, tilted the other way.
        body = (
            '<g transform="rotate(30 50 50)">'
            f'<path d="M44 102 L36 22 C34 -2 66 -2 64 22 L56 102 Z" fill="{fill}" stroke="{dark}" stroke-width="4" '
            f'stroke-linejoin="round"/>'
            f'<path d="M37 30 L26 24" stroke="{dark}" stroke-width="7" stroke-linecap="round"/>'
            f'<path d="M62 46 L73 40" stroke="{dark}" stroke-width="7" stroke-linecap="round"/>'
            f'<path d="M40 64 L30 60" stroke="{dark}" stroke-width="6" stroke-linecap="round"/>'
            f'<path d="M42 14 C47 9 53 9 58 14" fill="none" stroke="{light}" stroke-width="3"/>'
            f'<line x1="41" y1="86" x2="59" y2="86" stroke="{dark}" stroke-width="3"/>'
            "</g>"
        )
    return f'<symbol id="pip" viewBox="0 0 100 100">{body}</symbol>'


# Pip centres for the numbered cards, and the pip size for that count.
PIP_LAYOUTS: dict[int, tuple[float, list[tuple[int, int]]]] = {
    1: (116, [(100, 150)]),
    2: (60, [(100, 92), (100, 208)]),
    3: (54, [(100, 82), (100, 150), (100, 218)]),
    4: (54, [(66, 94), (134, 94), (66, 206), (134, 206)]),
    5: (50, [(66, 88), (134, 88), (100, 150), (66, 212), (134, 212)]),
    6: (50, [(66, 82), (134, 82), (66, 150), (134, 150), (66, 218), (134, 218)]),
    7: (46, [(66, 74), (134, 74), (100, 120), (66, 170), (134, 170), (66, 222), (134, 222)]),
}

FIGURE_LETTERS = {10: "S", 11: "C", 12: "R"}


def _pip(x: float, y: float, size: float) -> str:
    return f'<use href="#pip" x="{x - size / 2:g}" y="{y - size / 2:g}" width="{size:g}" height="{size:g}"/>'


def _frame(suit: Suit) -> str:
    """Inner frame; the Spanish deck's 'pintas' are gaps in it: none for oros, 1 copas, 2 espadas, 3 bastos."""
    _, dark, _ = COLOURS[suit]
    left, right, top, bottom = 12, 188, 12, 288
    gaps = int(suit)
    parts = [
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}"/>',
        f'<line x1="{right}" y1="{top}" x2="{right}" y2="{bottom}"/>',
    ]
    # Split the top and bottom edges into gaps + 1 segments, leaving 12-unit gaps in the middle.
    gap = 12
    span = right - left - gaps * gap
    segment = span / (gaps + 1)
    for y in (top, bottom):
        x = left
        for _ in range(gaps + 1):
            parts.append(f'<line x1="{x:g}" y1="{y}" x2="{x + segment:g}" y2="{y}"/>')
            x += segment + gap
    return f'<g stroke="{dark}" stroke-width="2.5" stroke-linecap="square">{"".join(parts)}</g>'


def _corner(c: Card) -> str:
    _, dark, _ = COLOURS[c.suit]
    size = 30 if c.rank >= 10 else 34
    text = (
        f'<text x="18" y="46" font-size="{size}" font-weight="700" fill="{dark}" '
        f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif">{c.rank}</text>'
    )
    return text + f'<g transform="rotate(180 100 150)">{text}</g>'


def _figure(c: Card) -> str:
    fill, dark, light = COLOURS[c.suit]
    panel = f'<rect x="40" y="56" width="120" height="188" rx="10" fill="{light}" stroke="{dark}" stroke-width="2.5"/>'
    skin = "#f6d7b8"
    if c.rank == 11:
        person = (
            # horse
            f'<ellipse cx="98" cy="170" rx="40" ry="19" fill="{fill}" stroke="{dark}" stroke-width="3"/>'
            f'<path d="M62 164 L50 124 L60 118 L80 154 Z" fill="{fill}" stroke="{dark}" stroke-width="3" '
            f'stroke-linejoin="round"/>'
            f'<ellipse cx="53" cy="120" rx="11" ry="7" fill="{fill}" stroke="{dark}" stroke-width="3"/>'
            + "".join(
                f'<line x1="{x}" y1="184" x2="{x + dx}" y2="214" stroke="{dark}" stroke-width="6" '
                f'stroke-linecap="round"/>'
                for x, dx in ((72, -4), (86, 2), (112, -2), (126, 4))
            )
            + f'<path d="M137 166 C150 170 152 188 146 198" fill="none" stroke="{dark}" stroke-width="5" '
            f'stroke-linecap="round"/>'
            # rider
            f'<circle cx="104" cy="100" r="12" fill="{skin}" stroke="{dark}" stroke-width="3"/>'
            f'<path d="M92 114 H116 L120 156 H88 Z" fill="{dark}" stroke="{dark}" stroke-width="2" '
            f'stroke-linejoin="round"/>'
        )
        pip = _pip(136, 104, 34)
    else:
        crown = ""
        robe_bottom = 212
        if c.rank == 12:
            crown = (
                f'<path d="M86 80 L86 62 L93 72 L100 58 L107 72 L114 62 L114 80 Z" fill="#f2b705" '
                f'stroke="{dark}" stroke-width="2.5" stroke-linejoin="round"/>'
            )
            robe_bottom = 222
        person = (
            f'<circle cx="100" cy="94" r="16" fill="{skin}" stroke="{dark}" stroke-width="3"/>'
            + crown
            + f'<path d="M78 114 H122 L132 {robe_bottom} H68 Z" fill="{fill}" stroke="{dark}" stroke-width="3" '
            f'stroke-linejoin="round"/>'
            f'<line x1="100" y1="114" x2="100" y2="{robe_bottom}" stroke="{dark}" stroke-width="2"/>'
        )
        if c.rank == 10:
            person += (
                f'<line x1="88" y1="{robe_bottom}" x2="88" y2="228" stroke="{dark}" stroke-width="7"/>'
                f'<line x1="112" y1="{robe_bottom}" x2="112" y2="228" stroke="{dark}" stroke-width="7"/>'
            )
        pip = _pip(138, 136, 38)
    letter = (
        f'<text x="58" y="236" font-size="30" font-weight="700" fill="{dark}" text-anchor="middle" '
        f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif">{FIGURE_LETTERS[c.rank]}</text>'
    )
    return panel + person + pip + letter


def card_svg(c: Card) -> str:
    if c.rank in PIP_LAYOUTS:
        size, centres = PIP_LAYOUTS[c.rank]
        if c.suit in (Suit.ESPADAS, Suit.BASTOS) and c.rank > 1:
            size *= 1.25  # thin diagonal pips need a bigger box to read as clearly as coins and cups
        middle = "".join(_pip(x, y, size) for x, y in centres)
    else:
        middle = _figure(c)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-label="{c.name}">\n'
        f"<title>{c.name}</title>\n"
        f"<defs>{_symbol(c.suit)}</defs>\n"
        f'<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="#fffdf6" stroke="#333" stroke-width="3"/>\n'
        f"{_frame(c.suit)}\n{_corner(c)}\n{middle}\n"
        "</svg>\n"
    )


def back_svg() -> str:
    stripes = "".join(
        f'<line x1="{x}" y1="14" x2="{x - 272}" y2="286" stroke="#8fb1e8" stroke-width="3"/>'
        for x in range(26, 480, 18)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-label="carta boca abajo">\n'
        "<title>carta boca abajo</title>\n"
        '<defs><clipPath id="inner"><rect x="14" y="14" width="172" height="272" rx="8"/></clipPath></defs>\n'
        '<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="#fffdf6" stroke="#333" stroke-width="3"/>\n'
        '<rect x="14" y="14" width="172" height="272" rx="8" fill="#1e4f9c"/>\n'
        f'<g clip-path="url(#inner)">{stripes}</g>\n'
        '<circle cx="100" cy="150" r="34" fill="#fffdf6" stroke="#0b3a80" stroke-width="4"/>\n'
        '<text x="100" y="163" font-size="34" font-weight="700" fill="#0b3a80" text-anchor="middle" '
        'font-family="DejaVu Sans, Arial, Helvetica, sans-serif">T</text>\n'
        "</svg>\n"
    )


def drawings() -> dict[str, str]:
    """File name -> SVG text for every card and the back."""
    files = {f"{c.code}.svg": card_svg(c) for c in CARDS}
    files["back.svg"] = back_svg()
    return files


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "static" / "cards"
    out.mkdir(parents=True, exist_ok=True)
    for name, text in drawings().items():
        (out / name).write_text(text, encoding="utf-8")
    print(f"{len(drawings())} dibujos en {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
