"""CSV downloads that a spreadsheet opens safely."""

from __future__ import annotations

import csv
from collections.abc import Iterable

from django.http import HttpResponse, StreamingHttpResponse
from django.utils import translation

# A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    """A text that a spreadsheet would run as a formula (a student named «=HYPERLINK(…)») is
    written with a leading apostrophe, which spreadsheets show as plain text; numbers pass as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


class _SafeWriter:
    def __init__(self, response: HttpResponse) -> None:
        self._writer = csv.writer(response)

    def writerow(self, row) -> None:
        self._writer.writerow([cell(value) for value in row])


def csv_response(filename: str) -> tuple[HttpResponse, _SafeWriter]:
    """An attachment and a writer for its rows; every cell goes through ``cell``."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # spreadsheets then read the accents right
    return response, _SafeWriter(response)


class _Echo:
    """csv.writer's file: hands each formatted line back instead of keeping it."""

    def write(self, value: str) -> str:
        return value


def streaming_csv_response(filename: str, rows: Iterable[list]) -> StreamingHttpResponse:
    """An attachment written row by row as ``rows`` yields them (memory stays flat however many there
    are); every cell goes through ``cell``, like ``csv_response``'s."""
    writer = csv.writer(_Echo())
    language = translation.get_language()

    def lines():
        # The rows are made while the response streams, after the view has returned and the request's
        # language is no longer in force: they are written in the language the request asked for.
        with translation.override(language):
            for n, row in enumerate(rows):
                yield ("\ufeff" if n == 0 else "") + writer.writerow([cell(v) for v in row])

    response = StreamingHttpResponse(lines(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
