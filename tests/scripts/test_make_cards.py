import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from engine.cards import CARDS

ROOT = Path(__file__).resolve().parents[2]
CARDS_DIR = ROOT / "static" / "cards"


def test_the_committed_drawings_are_what_the_script_makes(tmp_path):
    subprocess.run(
        [sys.executable, "scripts/make_cards.py", str(tmp_path)], cwd=ROOT, check=True, capture_output=True
    )
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted(p.name for p in CARDS_DIR.glob("*.svg"))
    for name in made:
        assert (tmp_path / name).read_text() == (CARDS_DIR / name).read_text(), name


def test_there_is_one_valid_svg_per_card_named_by_its_code():
    for c in CARDS:
        root = ElementTree.parse(CARDS_DIR / f"{c.code}.svg").getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("viewBox") == "0 0 200 300"
        assert root.find("{http://www.w3.org/2000/svg}title").text == c.name


def test_the_corner_shows_the_number_and_figures_their_letter():
    assert ">12</text>" in (CARDS_DIR / "12c.svg").read_text()
    assert ">R</text>" in (CARDS_DIR / "12c.svg").read_text()
    assert ">S</text>" in (CARDS_DIR / "10b.svg").read_text()
    assert ">C</text>" in (CARDS_DIR / "11e.svg").read_text()
    assert ">7</text>" in (CARDS_DIR / "7o.svg").read_text()
    assert (CARDS_DIR / "7o.svg").read_text().count('<use href="#pip"') == 7
