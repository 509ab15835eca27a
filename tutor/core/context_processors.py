from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

# Apps built later appear in the menu as soon as their URL name resolves.
NAV_ITEMS = [
    ("core:baraja", _("Baraja")),
    ("lessons:index", _("Lecciones")),
    ("practice:index", _("Practicar")),
    ("progress:index", _("Mi progreso")),
    ("classroom:index", _("Clases")),
]


def navigation(request: HttpRequest) -> dict:
    items = []
    for name, label in NAV_ITEMS:
        try:
            url = reverse(name)
        except NoReverseMatch:
            continue
        current = request.path.startswith(url) if url != "/" else request.path == "/"
        items.append({"name": name, "label": label, "url": url, "current": current})
    return {"nav_items": items}
