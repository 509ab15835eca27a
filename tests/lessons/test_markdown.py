import pytest

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


@pytest.mark.parametrize(
    "href",
    ["//evil.example/p", "/\\evil.example", "/\\/evil.example", "\\\\evil.example", "https:/evil.example"],
)
def test_links_that_would_leave_the_site_are_plain_text(href):
    html = render(f"[fuera]({href}) y [dentro](/lecciones/)")
    assert "evil.example" not in html.split("<span>fuera</span>")[0]
    assert "<span>fuera</span>" in html
    assert "href" not in html.replace('<a href="/lecciones/">dentro</a>', "")
