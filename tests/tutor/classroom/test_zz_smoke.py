from tests.tutor.classroom.conftest import make_set

def test_smoke(teresa_client, alice_client, classroom, position, teresa):
    s = make_set(classroom, teresa)
    for url in ["/clases/", f"/clases/{classroom.pk}/", f"/clases/{classroom.pk}/progreso/", f"/clases/{classroom.pk}/tareas/nueva/", f"/clases/tareas/{s.pk}/", f"/clases/tareas/{s.pk}/resultados.csv", f"/clases/tareas/{s.pk}/respuestas.csv", "/clases/posiciones/", "/clases/posiciones/nueva/", f"/clases/posiciones/{position.pk}/", f"/clases/{classroom.pk}/alumnos/nuevos/", f"/clases/{classroom.pk}/alumnos/fichas/"]:
        r = teresa_client.get(url)
        assert r.status_code == 200, url
    for url in ["/clases/", "/tareas/"]:
        assert alice_client.get(url).status_code == 200
    r = teresa_client.post("/clases/posiciones/nueva/", {"title": "x", "rules": "guia", "trump": "o", "trick": "10c", "hand": ["12c", "4c"], "vista_previa": "1"})
    assert "rey de copas" in r.content.decode()
