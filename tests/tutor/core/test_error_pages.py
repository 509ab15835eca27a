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
