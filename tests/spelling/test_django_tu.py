"""Django's own messages (form validation, accounts) speak to the learner in «tú», as the rest of the
interface does: locale/es overrides Django's Spanish («Asegúrese…», «Introduzca…», «Escoja…») for the
messages our forms can show."""

from __future__ import annotations

import re
from pathlib import Path

import django
import polib
import pytest
from django.urls import reverse

from tests.spelling.checker import unknown

ES = Path(__file__).resolve().parents[2] / "locale" / "es" / "LC_MESSAGES"
DJANGO = Path(django.__file__).resolve().parent
USTED = re.compile(
    r"\b(Asegúrese|Introduzca|Introduza|Escoja|Seleccione|Compruebe|Observe|envíe|corrija|vuelva|su|sus|usted)\b",
    re.IGNORECASE,
)
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%d")


@pytest.fixture(scope="module")
def po():
    return polib.pofile(str(ES / "django.po"))


def _texts(entry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def test_each_entry_overrides_a_message_django_has(po):
    """A Django upgrade that rewords a message would leave our entry unused: it must be Django's msgid."""
    theirs = {
        (e.msgid, e.msgid_plural)
        for path in (DJANGO / "conf", DJANGO / "contrib" / "auth")
        for e in polib.pofile(str(next(path.glob("locale/es/LC_MESSAGES/django.po"))))
    }
    assert len(po) >= 20
    assert [e.msgid for e in po if (e.msgid, e.msgid_plural) not in theirs] == []


def test_every_entry_says_tu_keeps_its_placeholders_and_is_spelt_right(po):
    assert [t for e in po for t in _texts(e) if not t.strip() or USTED.search(t)] == []
    for e in po:
        for t in _texts(e):
            assert sorted(set(PLACEHOLDER.findall(t))) == sorted(set(PLACEHOLDER.findall(e.msgid))), t
    assert unknown([PLACEHOLDER.sub(" ", t) for e in po for t in _texts(e)]) == {}


def test_the_committed_mo_is_the_compiled_po(po):
    mo = polib.mofile(str(ES / "django.mo"))
    assert {(e.msgid, e.msgid_plural): _texts(e) for e in mo if e.msgid} == {
        (e.msgid, e.msgid_plural): _texts(e) for e in po
    }, "run scripts/makemessages (or manage.py compilemessages -l es) and commit the .mo"


@pytest.mark.django_db
def test_a_refused_sign_up_speaks_in_tu(client):
    response = client.post(  # a first visit with no language chosen: Spanish
        reverse("accounts:signup"),
        {
            "username": "x y",
            "email": "nuria@example.org",
            "role": "profesor-supremo",
            "password1": "sota",
            "password2": "sota",
        },
    )
    body = response.content.decode()
    assert "Escribe un nombre de usuario válido" in body and "Elige una opción válida" in body
    long = client.post(reverse("accounts:signup"), {"username": "n" * 151}).content.decode()
    assert "Escribe como mucho 150 caracteres (has escrito 151)." in long
    for page in (body, long):
        assert not re.search(r"Asegúrese|Introduzca|Introduza|Escoja", page)


@pytest.mark.django_db
def test_a_form_without_its_csrf_cookie_gets_our_page_in_tu():
    from django.test import Client

    response = Client(enforce_csrf_checks=True).post(reverse("accounts:login"), {"username": "a"})
    assert response.status_code == 403
    body = response.content.decode()
    assert "El formulario no ha llegado" in body and "recárgala y envía el formulario otra vez" in body
    assert not USTED.search(body), USTED.search(body)
