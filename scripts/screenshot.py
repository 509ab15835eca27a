#!/usr/bin/env python3
"""Screenshot a page of a running server with Debian's Chromium (used for docs/screenshot.png).

python scripts/screenshot.py http://127.0.0.1:8000/baraja/ docs/screenshot.png [WIDTH] [HEIGHT]
"""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def main(argv: list[str]) -> int:
    url, out = argv[1], argv[2]
    width = int(argv[3]) if len(argv) > 3 else 1280
    height = int(argv[4]) if len(argv) > 4 else 900
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(url)
        page.screenshot(path=out, full_page=False)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
