import re

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation

from engine.cards import CARDS, Suit, parse_card


def render(source: str, **context) -> str:
    return Template("{% load deck %}" + source).render(Context(context))


def _flat(html: str) -> str:
    return re.sub(r"\s+", " ", html)


class TestCard:
    def test_it_names_the_card_in_text(self):
        html = render('{% card "12c" %}')
        assert '<span class="card-name">rey de copas</span>' in html
        assert 'src="/static/cards/12c.svg" alt=""' in html
        assert 'data-card="12c"' in html

    @pytest.mark.parametrize("value", [parse_card("1o"), 9, "1o", "as de oros"])
    def test_it_accepts_a_card_an_int_a_code_or_a_name(self, value):
        assert "as de oros" in render("{% card c %}", c=value)

    def test_in_english_the_rank_is_english_and_the_suit_stays_spanish(self):
        with translation.override("en"):
            english = render('{% card "12c" %} {% card "10o" note="2 tantos" %} {{ "11e"|card_name }}')
        assert '<span class="card-name">king of copas</span>' in english
        assert '<span class="card-name">jack of oros</span>' in english and "knight of espadas" in english
        # Cards are built once per process and language: Spanish is still Spanish afterwards.
        assert '<span class="card-name">rey de copas</span>' in render('{% card "12c" %}')
        with translation.override("en"):
            assert "Triunfo: copas" in render('{% trick cards trump="c" %}', cards=["1c"])
            assert "You" in render("{% trick cards %}", cards=["1c"])

    def test_it_adds_a_note(self):
        assert '<span class="card-note">11 tantos</span>' in render('{% card "1o" note="11 tantos" %}')

    def test_its_markup_is_picture_name_and_note_in_one_span(self):
        html = render('{% card "1o" note=note size="sm" marked=True %}', note="11 <tantos>")
        assert html == (
            '<span class="playing-card playing-card--sm is-marked"\n        data-card="1o">'
            '<img class="playing-card__img" src="/static/cards/1o.svg" alt="" width="100" height="150">'
            '<span class="card-name">as de oros</span><span class="card-note">11 &lt;tantos&gt;</span></span>\n'
        )

    def test_an_empty_size_is_the_medium_card_and_no_note_no_note_line(self):
        html = render('{% card "2o" size="" %}')
        assert 'class="playing-card playing-card--md"' in html
        assert "dos de oros" in html
        assert "card-note" not in html

    def test_the_picture_follows_the_static_url_setting(self, settings):
        render('{% card "12c" %}')  # remembered under the first URL
        settings.STATIC_URL = "/assets/"
        assert 'src="/assets/cards/12c.svg"' in render('{% card "12c" %}')
        assert render('{{ "12c"|card_src }}') == "/assets/cards/12c.svg"

    def test_every_card_has_a_drawing(self, settings):
        from pathlib import Path

        cards_dir = Path(settings.BASE_DIR) / "static" / "cards"
        assert all((cards_dir / f"{c.code}.svg").exists() for c in CARDS)

    def test_the_filters_give_name_and_picture(self):
        assert render('{{ "10b"|card_name }} {{ "10b"|card_src }}') == "sota de bastos /static/cards/10b.svg"


class TestHand:
    def test_play_mode_makes_one_submit_button_per_card(self):
        html = render('{% hand cards mode="play" %}', cards=["12c", "4c", "1o"])
        buttons = re.findall(
            r'<button type="submit"\s+class="card-button"\s+name="card"\s+value="(\w+)"', html
        )
        assert buttons == ["12c", "4c", "1o"]
        assert "<legend" in html and "Tu mano" in html

    def test_disabled_cards_are_disabled_and_say_so_in_text(self):
        html = _flat(render('{% hand cards mode="play" disabled=off %}', cards=["12c", "4c"], off=["4c"]))
        assert re.search(r'value="4c" disabled>', html)
        assert not re.search(r'value="12c" disabled>', html)
        assert html.count("no disponible") == 1

    def test_marked_cards_are_pressed_and_labelled(self):
        html = _flat(
            render(
                '{% hand cards mode="play" marked=m marked_label="tu jugada" %}',
                cards=["12c", "4c"],
                m=["12c"],
            )
        )
        assert 'value="12c" aria-pressed="true"' in html
        assert html.count("tu jugada") == 1

    def test_mark_mode_makes_checkboxes_with_labels(self):
        html = _flat(
            render('{% hand cards mode="mark" name="legal" marked=m %}', cards=["12c", "4c"], m=["4c"])
        )
        assert '<input type="checkbox" class="card-check" id="legal-1-12c" name="legal" value="12c">' in html
        assert 'id="legal-1-4c" name="legal" value="4c" checked' in html
        assert '<label class="card-check__label" for="legal-1-4c">' in html

    def test_marked_hands_on_one_page_never_share_ids(self):
        two = _flat(render('{% hand cards mode="mark" %}{% hand cards mode="mark" %}', cards=["12c"]))
        assert 'id="card-1-12c"' in two and 'id="card-2-12c"' in two
        scoped = _flat(render('{% hand cards mode="mark" name="answer" scope="q7" %}', cards=["12c"]))
        assert 'id="answer-q7-12c"' in scoped and 'for="answer-q7-12c"' in scoped

    def test_notes_go_under_the_card_name(self):
        html = render("{% hand cards notes=n %}", cards=["4c"], n={"4c": "no: debes montar"})
        assert '<span class="card-note">no: debes montar</span>' in html
        assert "<button" not in html

    def test_it_escapes_what_the_caller_passes(self):
        html = render(
            "{% hand cards mode=mode name=name label=label notes=n marked=cards marked_label=ml %}",
            cards=["4c"],
            mode="play",
            name='a"b',
            label="<b>mano</b>",
            n={"4c": "<i>nota</i>"},
            ml="<u>x</u>",
        )
        assert 'name="a&quot;b"' in html
        assert "&lt;b&gt;mano&lt;/b&gt;" in html
        assert "&lt;i&gt;nota&lt;/i&gt;" in html
        assert "&lt;u&gt;x&lt;/u&gt;" in html
        assert "<b>" not in html and "<i>" not in html and "<u>" not in html

    def test_an_empty_hand_is_an_empty_list(self):
        html = _flat(render("{% hand cards %}", cards=[]))
        assert '<ul class="hand__cards"> </ul>' in html

    def test_an_unknown_mode_is_an_error(self):
        with pytest.raises(TemplateSyntaxError):
            render('{% hand cards mode="juggle" %}', cards=["4c"])


class TestTrick:
    def test_it_labels_the_seats_from_the_viewers_side(self):
        html = render("{% trick cards leader=0 trump=t %}", cards=["1c", "3c", "12c", "2c"], t=Suit.OROS)
        labels = re.findall(r'trick__seat--(\w+)"[^>]*>\s*<span class="trick__who">([^<]+)<', html)
        # R-SEAT-1: seat 1 sits to the right of seat 0, seat 2 opposite (the partner).
        assert labels == [
            ("bottom", "Tú"),
            ("right", "Rival derecha"),
            ("top", "Compañero"),
            ("left", "Rival izquierda"),
        ]

    def test_it_starts_with_the_leader_and_marks_salida_and_the_winner(self):
        html = _flat(render("{% trick cards leader=3 trump='c' winner=1 %}", cards=["10o", "1o", "4o"]))
        seats = re.findall(r'trick__seat--(\w+)[^"]*" data-seat="(\d)"', html)
        assert seats == [("left", "3"), ("bottom", "0"), ("right", "1"), ("top", "2")]
        left = html.split('data-seat="3"')[1].split("</li>")[0]
        me = html.split('data-seat="0"')[1].split("</li>")[0]
        top = html.split('data-seat="2"')[1].split("</li>")[0]
        assert "sota de oros" in left and "salida" in left and "gana" not in left
        assert "as de oros" in me and "gana" in me
        assert "por jugar" in top
        assert "Triunfo: copas" in html

    def test_it_turns_the_table_for_another_viewer(self):
        html = render("{% trick cards leader=0 viewer=2 trump='o' %}", cards=["1c"])
        labels = re.findall(r'data-seat="(\d)">\s*<span class="trick__who">([^<]+)<', html)
        assert labels == [("0", "Compañero"), ("1", "Rival izquierda"), ("2", "Tú"), ("3", "Rival derecha")]

    def test_it_shows_the_trump_card_apart_from_the_trick(self):
        html = render("{% trick cards trump_card='7e' %}", cards=["1c", "3c"])
        trick, after = html.split("</section>")
        assert "Triunfo: espadas" in trick
        assert 'data-card="7e"' not in trick  # not in the grid among the cards played
        assert re.findall(r'data-card="(\w+)"', trick) == ["1c", "3c"]
        assert after.count('data-card="7e"') == 1 and "carta de triunfo" in after

    def test_a_trump_card_already_played_is_drawn_once_in_the_trick_not_again_as_the_trump(self):
        html = render("{% trick cards trump_card='7e' %}", cards=["1c", "7e"])
        assert "Triunfo: espadas" in html
        assert html.count("siete de espadas") == 1
        assert html.count('data-card="7e"') == 1 and html.rstrip().endswith("</section>")

    def test_it_uses_names_when_given(self):
        html = render("{% trick cards names=n trump='b' %}", cards=["1c"], n={0: "Ana", 2: "Luis"})
        assert "Ana" in html and "Luis" in html and "Rival derecha" in html

    def test_it_escapes_names_and_label(self):
        html = render("{% trick cards names=n label=label %}", cards=["1c"], n={0: "<Ana>"}, label='Baza "1"')
        assert '<span class="trick__who">&lt;Ana&gt;</span>' in html
        assert 'aria-label="Baza &quot;1&quot;"' in html

    def test_a_trick_has_at_most_four_cards(self):
        with pytest.raises(TemplateSyntaxError):
            render("{% trick cards %}", cards=["1c", "2c", "3c", "4c", "5c"])


def test_two_tricks_on_one_page_are_two_landmarks_with_names_of_their_own():
    """A lesson's example trick above its question's trick (an included partial) and a hand's ten tricks
    were each «Baza en la mesa»: two regions alike (axe landmark-unique)."""
    from django.template import engines

    included = engines["django"].from_string("{% load deck %}{% trick cards %}")
    html = render(
        "{% trick cards %}{% include part %}{% trick cards label='Baza 3' %}{% trick cards label='Baza 3' %}",
        cards=["1c"],
        part=included.template,
    )
    names = re.findall(r'<section class="trick" aria-label="([^"]*)"', html)
    assert names == ["Baza en la mesa", "Baza en la mesa (2)", "Baza 3", "Baza 3 (2)"]
