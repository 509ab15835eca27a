import pytest


def test_an_unknown_address_gets_a_spanish_404(client, db):
    response = client.get("/no-existe/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Página no encontrada" in body
    assert 'href="/baraja/"' in body


def test_a_server_error_gets_a_spanish_page_without_context():
    from django.template.loader import render_to_string

    body = render_to_string("500.html")
    assert "Algo ha fallado" in body


def test_a_learner_on_a_teachers_page_gets_a_spanish_403_in_the_site_layout(alice_client):
    response = alice_client.get("/clases/nueva/")
    assert response.status_code == 403
    body = response.content.decode()
    assert "No tienes permiso para ver esta página" in body
    assert "Esta página es solo para profesores." in body
    assert 'href="/baraja/"' in body  # the site's navigation


def test_a_get_on_a_post_only_address_gets_a_spanish_405_keeping_the_allow_header(client, db):
    response = client.get("/practicar/guia/nope/")
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    body = response.content.decode()
    assert "Esta dirección no se abre así" in body
    assert 'href="/baraja/"' in body


def test_the_server_error_page_renders_without_the_static_manifest(settings, tmp_path):
    # DJANGO_DEBUG off and no collectstatic: every {% static %} would raise for want of the manifest.
    from django.template.loader import render_to_string

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    body = render_to_string("500.html")
    assert "Algo ha fallado" in body
    assert 'href="/static/css/tutor.css"' in body


def test_a_view_that_fails_without_the_manifest_gets_the_spanish_500_page(settings, tmp_path, client, db):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    client.raise_request_exception = False
    response = client.get("/baraja/")  # its template needs the manifest: it fails
    assert response.status_code == 500
    assert "Algo ha fallado" in response.content.decode()


@pytest.mark.parametrize(
    "url", ["/", "/baraja/", "/lecciones/", "/practicar/", "/cuenta/entrar/", "/lecciones/glosario/"]
)
def test_head_answers_wherever_get_does_without_a_body(client, db, url):
    get, head = client.get(url), client.head(url)
    assert head.status_code == get.status_code == 200
    assert head.content == b""
    assert head["Content-Type"] == get["Content-Type"]


def test_head_on_a_logged_in_page_answers_too(alice_client):
    for url in ("/progreso/", "/clases/", "/clases/mis-tareas/"):
        assert alice_client.head(url).status_code == 200, url


def test_a_request_with_too_many_fields_gets_a_spanish_400(client, db, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    client.raise_request_exception = False
    response = client.post("/cuenta/entrar/", {f"f{i}": "x" for i in range(20)})
    assert response.status_code == 400
    assert "Petición no válida" in response.content.decode()
