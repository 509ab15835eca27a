from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import include, path, reverse

from tutor.core.context_processors import navigation


def _labels(request_path: str = "/") -> list[str]:
    return [str(item["label"]) for item in navigation(RequestFactory().get(request_path))["nav_items"]]


def _stub(request):
    return HttpResponse("ok")


# A site with only the core pages and two of the four sections: the menu must not link the others.
urlpatterns = [
    path("", include("tutor.core.urls")),
    path("cuenta/", include("tutor.accounts.urls")),
    path("lecciones/", include(([path("", _stub, name="index")], "lessons"))),
    path("clases/", include(([path("", _stub, name="index")], "classroom"))),
]


class _CoreOnly:
    urlpatterns = urlpatterns[:2]


def test_it_shows_only_the_baraja_while_other_apps_are_missing(settings):
    settings.ROOT_URLCONF = _CoreOnly
    assert _labels() == ["Baraja"]


def test_an_app_appears_as_soon_as_its_url_name_resolves(settings):
    settings.ROOT_URLCONF = __name__
    assert _labels() == ["Baraja", "Lecciones", "Clases"]


def test_it_marks_the_current_section(settings):
    settings.ROOT_URLCONF = __name__
    items = navigation(RequestFactory().get("/lecciones/unidad-1/"))["nav_items"]
    assert [i["label"] for i in items if i["current"]] == ["Lecciones"]


def test_every_page_renders_the_menu(client, db):
    body = client.get(reverse("core:home")).content.decode()
    assert '<a class="site-nav__link"\n                   href="/baraja/"' in body


def test_the_real_site_links_every_section(client, db):
    body = client.get(reverse("core:home")).content.decode()
    for label, url in [
        ("Baraja", "/baraja/"),
        ("Lecciones", reverse("lessons:index")),
        ("Practicar", reverse("practice:index")),
        ("Mi progreso", reverse("progress:index")),
        ("Clases", reverse("classroom:index")),
    ]:
        assert f'href="{url}"' in body, label
        assert f">{label}</a>" in body, label


def test_the_header_login_link_brings_the_visitor_back_to_the_page(client, db, password):
    from tutor.accounts.models import User

    User.objects.create_user(username="dora", password=password)
    body = client.get("/lecciones/?x=1").content.decode()
    assert 'href="/cuenta/entrar/?next=/lecciones/%3Fx%3D1"' in body
    login = client.get("/cuenta/entrar/?next=/lecciones/%3Fx%3D1").content.decode()
    assert 'name="next" value="/lecciones/?x=1"' in login
    response = client.post(
        "/cuenta/entrar/", {"username": "dora", "password": password, "next": "/lecciones/?x=1"}
    )
    assert response.status_code == 302 and response.url == "/lecciones/?x=1"
