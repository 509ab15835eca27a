"""Each app answers under its own prefix; the addresses from before the prefixes redirect."""

import pytest
from django.urls import get_resolver, resolve, reverse


def test_each_app_is_mounted_under_a_prefix_of_its_own_and_only_core_at_the_root():
    mounted = {
        p.namespace: str(p.pattern) for p in get_resolver().url_patterns if getattr(p, "namespace", None)
    }
    assert mounted == {
        "core": "",
        "accounts": "cuenta/",
        "lessons": "lecciones/",
        "practice": "practicar/",
        "progress": "progreso/",
        "classroom": "clases/",
        "play": "jugar/",
        "live": "directo/",
        "hands": "manos/",
        "privacy": "privacidad/",
        "paper": "papel/",
        "tables": "mesas/",
        "admin": "admin/",
    }


@pytest.mark.parametrize(
    "name, args, url",
    [
        ("lessons:glossary", [], "/lecciones/glosario/"),
        ("lessons:step", ["baraja", "cuarenta-cartas"], "/lecciones/baraja/cuarenta-cartas/"),
        ("classroom:tasks", [], "/clases/mis-tareas/"),
        ("classroom:task", [3], "/clases/mis-tareas/3/"),
        ("classroom:set_detail", [3], "/clases/tareas/3/"),
        ("classroom:detail", [3], "/clases/3/"),
    ],
)
def test_a_url_says_which_app_serves_it(name, args, url):
    assert reverse(name, args=args) == url
    assert resolve(url).namespace == name.split(":")[0]


@pytest.mark.parametrize(
    "old, new",
    [
        ("/glosario/", "/lecciones/glosario/"),
        ("/tareas/", "/clases/mis-tareas/"),
        ("/tareas/7/", "/clases/mis-tareas/7/"),
        ("/tareas/7/?n=2", "/clases/mis-tareas/7/?n=2"),
    ],
)
def test_the_old_addresses_redirect_for_good(client, db, old, new):
    response = client.get(old)
    assert response.status_code == 301 and response["Location"] == new


def test_the_glossary_still_opens_from_its_old_address(client, db):
    response = client.get("/glosario/", follow=True)
    assert response.status_code == 200 and "Glosario" in response.content.decode()
