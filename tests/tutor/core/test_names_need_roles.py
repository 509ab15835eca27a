"""An accessible name on an element that has no role is not read by screen readers (the heatmap's «sin
practicar» dash was a <span aria-label>): every template names only elements that carry a role, natively
(nav, section, a, button, table…) or by its role attribute; plain text elements say it in text."""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
# Their roles (generic, paragraph, strong, emphasis) prohibit a name (WAI-ARIA 1.2); a list, cell or item may have one.
ROLELESS = ("span", "div", "p", "small", "strong", "em", "b", "i")
NAMED_TAG = re.compile(r"<(" + "|".join(ROLELESS) + r")\b([^>]*\baria-label(?:ledby)?=[^>]*)>", re.S)


def test_no_template_names_an_element_without_a_role():
    offending = [
        f"{path.relative_to(TEMPLATES)}: <{m.group(1)}{m.group(2)[:60]}…>"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for m in NAMED_TAG.finditer(path.read_text(encoding="utf-8"))
        if "role=" not in m.group(2)
    ]
    assert offending == []
