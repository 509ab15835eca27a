"""Broken content fails `manage.py check` naming the file; `check_lessons` runs everything through the engine."""

import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError, SystemCheckError

from lessons.course import CONTENT_DIR


@pytest.fixture
def broken_content(tmp_path, settings):
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root)
    path = root / "05-montar" / "02-la-mas-fuerte-de-la-baza.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace('rules = ["R-OBL-MONTAR"]', 'rules = ["R-OBL-NADA"]')
    )
    settings.LESSONS_CONTENT_DIR = root
    return root


def test_the_real_course_passes_the_system_check(db):
    call_command("check")


def test_broken_content_fails_the_system_check_naming_the_file(db, broken_content):
    with pytest.raises(SystemCheckError) as caught:
        call_command("check")
    message = str(caught.value)
    assert "lessons.E001" in message
    assert "02-la-mas-fuerte-de-la-baza.md" in message
    assert "R-OBL-NADA" in message


def test_check_lessons_runs_every_example_and_checkpoint(capsys):
    call_command("check_lessons", seeds=3)
    assert "50 pasos" in capsys.readouterr().out


def test_check_lessons_fails_on_broken_content(broken_content):
    with pytest.raises(CommandError, match="02-la-mas-fuerte-de-la-baza.md"):
        call_command("check_lessons")


def test_check_lessons_fails_when_the_text_disagrees_with_the_engine(tmp_path, settings):
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root)
    path = root / "04-asistir" / "01-sigue-el-palo.md"
    # The loader accepts any subset of the hand as `legal`; only the engine run catches this.
    path.write_text(path.read_text(encoding="utf-8").replace('legal = ["4c", "6c"]', 'legal = ["4c"]'))
    settings.LESSONS_CONTENT_DIR = root
    with pytest.raises(CommandError, match="01-sigue-el-palo.md"):
        call_command("check_lessons")
