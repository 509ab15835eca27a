"""Several hand records in one text file, and a record without its players' names.

A file of records (a class duplicate: every student's hand of the same deal) is the records one after
another, each starting at a line ``%`` (a line of its own that no record uses); ``read_all`` reads each
one as ``engine.records.read`` does and names the line of the whole file when one is malformed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from engine.records import HandRecord, RecordSyntaxError, read

SEPARATOR = "%\n"

# The start of a hand as a person would write it at the table (the «Pega una mano» page shows it): three
# tricks, a cante, a comment, cards by their codes and by their names.
EXAMPLE = """\
mesa: guia
reparte: 4
triunfo: 7o
jugador 1: Ana
jugador 2: Bruno
jugador 3: Carla
jugador 4: Diego
1: 4c 1c 2c 12c
2: 1o 3o 12o 11o
canta 2: espadas
nota: Bruno canta las veinte nada más ganar la baza
3: as de espadas, 7e, tres de espadas, 6e
"""


def write_all(texts: Iterable[str]) -> str:
    """Record texts (each as ``engine.records.write`` gives it) as one file."""
    return "".join(SEPARATOR + t for t in texts)


def read_all(text: str, lang: str | None = None) -> list[HandRecord]:
    """Every record of a file; a text with no ``%`` line is one record."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line.strip() == "%"]
    if not starts:
        return [read(text, lang)]
    out = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        chunk = "\n".join(lines[start + 1 : end])
        try:
            out.append(read(chunk, lang))
        except RecordSyntaxError as error:
            raise RecordSyntaxError(error.line + start + 1 if error.line else 0, error.detail, lang) from None
    return out


def anonymous(record: HandRecord) -> HandRecord:
    """The record with no player's name (a shared hand whose owner did not choose to show them)."""
    return replace(record, players=(None, None, None, None))
