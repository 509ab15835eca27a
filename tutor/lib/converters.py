"""Path converters every URLconf can use; ``tutor/urls.py`` registers them before any app's URLs."""

from django.urls import register_converter


class IdConverter:
    """A row id in a path: ``<id:pk>``. Like ``<int:pk>`` but at most 18 digits, so that every id
    fits a 64-bit column (a longer one would overflow SQLite's INTEGER: a 500, not a 404)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter:
    """A URL-safe random token in a path (``secrets.token_urlsafe``): ``<token:token>``. Anything
    else is a 404 before it reaches a query (PostgreSQL refuses a NUL in a text comparison)."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(IdConverter, "id")
register_converter(TokenConverter, "token")
