"""No control uses a Bootstrap colour whose text fails contrast on white (WCAG AA, 4.5:1): the
«Pista» button was btn-outline-info, 1.95:1. A class that fails is refused in every template."""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
# Bootstrap 5's colours whose text on a white page reads under 4.5:1 (light is for the dark navbar).
FAILING = re.compile(r"\b(?:btn-outline-|text-|link-)(?:info|warning)\b")


def test_no_template_uses_a_colour_that_fails_contrast_on_white():
    offending = [
        f"{path.relative_to(TEMPLATES)}:{n}: {m.group(0)}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        for m in FAILING.finditer(line)
    ]
    assert offending == []
