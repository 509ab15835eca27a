from lessons.markdown import render


def test_raw_html_in_content_is_shown_as_text():
    html = render("Hola <script>alert(1)</script> y <b>negrita</b>\n\n<div onclick='x()'>bloque</div>")
    assert "<script>" not in html and "<b>" not in html and "<div" not in html
    assert "&lt;script&gt;" in html


def test_markdown_itself_is_rendered():
    assert render("**asistir** es obligatorio") == "<p><strong>asistir</strong> es obligatorio</p>"


def test_links_may_only_stay_on_the_site():
    html = render("[a](javascript:alert(1)) [b](https://example.org) [c](/glosario/#baza)")
    assert "javascript" not in html and "example.org" not in html
    assert '<a href="/glosario/#baza">c</a>' in html


def test_images_become_their_alt_text():
    assert render("![rey](/x.png)") == "<p><span>rey</span></p>"
