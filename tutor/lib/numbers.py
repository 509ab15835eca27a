"""Whole numbers read from a request (a query value, a form field)."""


def whole(text: str, most: int = 18) -> int | None:
    """``text`` as a whole number when it is 1 to ``most`` ASCII digits, else None. ``str.isdigit`` alone is
    true of «²», which ``int`` refuses (a 500), and of «١٢», which ``int`` reads; more than 18 digits would
    not fit a 64-bit column (SQLite raises on the query), and ``int`` refuses over 4,300."""
    if 0 < len(text) <= most and text.isascii() and text.isdigit():
        return int(text)
    return None
