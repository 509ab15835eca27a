import shutil
from pathlib import Path

import pytest

from lessons.course import CONTENT_DIR, Course, load_course


@pytest.fixture(scope="session")
def course() -> Course:
    return load_course()


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A private copy of the real content, for tests that break one file at a time."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root)
    return root
