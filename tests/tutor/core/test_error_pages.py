def test_an_unknown_address_gets_a_spanish_404(client, db):
    response = client.get("/no-existe/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Página no encontrada" in body
    assert 'href="/baraja/"' in body
