"""A stored question and a graded answer in a compact form: the same JSON, deflated.

``Issued.scenario`` (the question as the learner saw it: position, question, options, answer key) and
``Attempt.grade`` (the graded answer: verdicts, explanation, expected) are written once and read back
whole, never queried inside. ``CompactJSONField`` keeps them as bytes: a format byte, then the JSON
(without spaces, UTF-8) compressed by zlib's raw deflate with a preset dictionary of typical questions
and grades (``compact_v1.zdict``). What comes back is equal to what went in (``json.loads`` of the same
JSON), so every page redraws an answer exactly as before; a scenario of about 1.7 KB takes about 350
bytes, a grade of about 1.3 KB about 200 (``bench/answer_storage.py`` measures the database).

The dictionary of format 1 never changes: a new dictionary is a new format byte, read beside the old.
``build_dictionary()`` wrote it (engine 1.2.0, 2026-12-06) from questions and grades of every family,
level and table that the stored rows are not drawn from.
"""

from __future__ import annotations

import json
import zlib
from functools import cache
from pathlib import Path
from typing import Any

from django.db import models

FORMAT_DEFLATE_V1 = 1
DICTIONARY_V1 = Path(__file__).with_name("compact_v1.zdict")


@cache
def _dictionary(version: int) -> bytes:
    if version != FORMAT_DEFLATE_V1:
        raise ValueError(f"unknown compact format {version}")
    return DICTIONARY_V1.read_bytes()


@cache
def _deflater():
    """A compressor primed with the dictionary, copied for each value (priming one costs more than the
    value's own compression). Level 6: level 9 saves a few bytes for three times the time."""
    return zlib.compressobj(6, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, _dictionary(FORMAT_DEFLATE_V1))


def pack(value: Any) -> bytes:
    """The bytes stored for ``value`` (anything JSON can carry)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    deflate = _deflater().copy()
    return bytes((FORMAT_DEFLATE_V1,)) + deflate.compress(text) + deflate.flush()


def unpack(data: bytes | memoryview) -> Any:
    """The value ``pack`` stored."""
    data = bytes(data)
    inflate = zlib.decompressobj(-15, zdict=_dictionary(data[0]))
    return json.loads(inflate.decompress(data[1:]) + inflate.flush())


class CompactJSONField(models.BinaryField):
    """A JSON value stored packed (``pack``); the model and its queries see the value itself. Not for
    values a query filters or orders by."""

    def from_db_value(self, value, expression, connection):
        return None if value is None else unpack(value)

    def to_python(self, value):
        if isinstance(value, bytes | memoryview):
            return unpack(value)
        return value

    def get_prep_value(self, value):
        return None if value is None else pack(value)

    def value_to_string(self, obj) -> str:
        return json.dumps(self.value_from_object(obj), ensure_ascii=False)


def build_dictionary(size: int = 32 * 1024) -> bytes:
    """A preset dictionary: questions and their grades of every family, level and table (seeds no stored
    question was drawn from), the most typical last, cut to ``size`` bytes (zlib reads the last 32 KB)."""
    from engine.rules import PRESETS
    from engine.scenarios import FAMILIES, generate, grade

    pieces = []
    for seed in range(900_000, 900_003):
        for preset in PRESETS.values():
            for family in FAMILIES:
                for level in (1, 2, 3):
                    scenario = generate(family, seed, level, preset)
                    answer = scenario.options[seed % len(scenario.options)].value if scenario.options else "0"
                    for given in (answer, scenario.answer):
                        try:
                            graded = grade(scenario, given).to_dict()
                        except ValueError:
                            continue
                        pieces.append(json.dumps(graded, ensure_ascii=False, separators=(",", ":")))
                        break
                    pieces.append(json.dumps(scenario.to_dict(), ensure_ascii=False, separators=(",", ":")))
    return "".join(pieces).encode()[-size:]


if (
    __name__ == "__main__"
):  # python -m tutor.practice.compact: writes a dictionary to compare (not format 1's)
    Path("compact_new.zdict").write_bytes(build_dictionary())
