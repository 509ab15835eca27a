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
