"""Leagues of pairs: the round-robin draw, a result entered once, the standings, the printable sheet."""

import itertools
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from engine.rules import PRESETS
from tests.tutor.tables.conftest import match_records, play_out
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Membership
from tutor.play.table import PlayRefused
from tutor.tables import leagues, services
from tutor.tables.models import Fixture, League, Table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("n", "home_and_away"), [(3, False), (4, False), (4, True), (5, False), (8, True)])
def test_round_robin_meets_every_pair_once_or_home_and_away(n, home_and_away):
    rounds = leagues.round_robin(n, home_and_away)
    games = [g for r in rounds for g in r]
    for r in rounds:  # nobody plays twice in a round
        seats = [p for g in r for p in g]
        assert len(seats) == len(set(seats))
    if home_and_away:
        assert sorted(games) == sorted(itertools.permutations(range(n), 2))
    else:
        assert sorted(tuple(sorted(g)) for g in games) == sorted(itertools.combinations(range(n), 2))
    assert len(rounds) == (n - 1 + n % 2) * (2 if home_and_away else 1)


def test_a_league_of_four_pairs_played_to_its_standings(teresa_client, teresa):
    response = teresa_client.post(
        reverse("tables:league_new"),
        {
            "name": "Liga de 4º B",
            "rules": "guia",
            "pairs": "Ana y Luis\nEva y Pablo\nSara y Juan\nMar y Leo\n",
        },
    )
    league = League.objects.get()
    assert response["Location"] == league.get_absolute_url()
    assert league.fixtures.count() == 6
    # Ana y Luis win every match; among the others the home pair wins.
    for f in Fixture.objects.select_related("home", "away"):
        ana_home = f.home.name == "Ana y Luis"
        ana_away = f.away.name == "Ana y Luis"
        home, away = (3, 1) if ana_home else (1, 3) if ana_away else (3, 2)
        teresa_client.post(
            reverse("tables:league_result", args=[league.pk, f.pk]), {"home": home, "away": away}
        )
    table = leagues.standings(league)
    assert table[0].pair == "Ana y Luis" and (table[0].played, table[0].won) == (3, 3)
    assert sum(r.won for r in table) == 6 and all(r.played == 3 for r in table)
    page = teresa_client.get(league.get_absolute_url()).content.decode()
    standings = page[page.index("data-standings") : page.index("</table>")]
    assert standings.index("Ana y Luis") < min(
        standings.index(p) for p in ("Eva y Pablo", "Sara y Juan", "Mar y Leo")
    )
    sheet = teresa_client.get(reverse("tables:league_print", args=[league.pk])).content.decode()
    assert sheet.count('<table class="sheet__table sheet__round"') == 3 and "3 – 1" in sheet


def test_a_ludoteka_league_links_its_score_sheet_at_its_rules(teresa_client):
    teresa_client.post(
        reverse("tables:league_new"), {"name": "Liga", "rules": "ludoteka", "pairs": "A\nB\nC\nD"}
    )
    league = League.objects.get()
    for page in (league.get_absolute_url(), reverse("tables:league_print", args=[league.pk])):
        html = teresa_client.get(page).content.decode()
        link = re.search(r'href="([^"]+)" data-score-sheet', html).group(1)
        assert link == reverse("paper:score") + "?mesa=ludoteka"
    sheet = teresa_client.get(link).content.decode()
    assert "Hoja de tanteo" in sheet and "Mesa Ludoteka" in sheet


def test_a_fixture_is_not_played_twice_and_a_tie_is_refused(teresa, tomas):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    f = league.fixtures.first()
    with pytest.raises(PlayRefused, match="ganador"):
        leagues.enter_result(league=league, fixture_id=f.pk, home=2, away=2)
    with pytest.raises(PlayRefused, match="a 3 puntos"):  # a match to 3 hands: nobody ends with 4
        leagues.enter_result(league=league, fixture_id=f.pk, home=4, away=1)
    with pytest.raises(PlayRefused, match="a 3 puntos"):  # …nor the loser with 3
        leagues.enter_result(league=league, fixture_id=f.pk, home=3, away=4)
    leagues.enter_result(league=league, fixture_id=f.pk, home=3, away=1)
    with pytest.raises(PlayRefused, match="dos veces"):
        leagues.enter_result(league=league, fixture_id=f.pk, home=0, away=3)
    f.refresh_from_db()
    assert (f.home_points, f.away_points, f.winner, f.how) == (3, 1, 0, "anotado")
    other = leagues.create_league(
        organiser=tomas, name="Otra", rules="guia", pair_names=["D", "E", "F"], home_and_away=False
    )
    with pytest.raises(PlayRefused, match="no existe"):  # a fixture of another league
        leagues.enter_result(league=other, fixture_id=league.fixtures.last().pk, home=3, away=0)


def test_a_league_needs_three_distinct_pairs(teresa_client):
    response = teresa_client.post(
        reverse("tables:league_new"), {"name": "Liga", "rules": "guia", "pairs": "A\nA\nB"}
    )
    assert response.status_code == 400 and "de 3 a 16 parejas" in response.content.decode()
    assert not League.objects.exists()


def test_another_organisers_league_is_not_found(teresa, tomas_client):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    assert tomas_client.get(league.get_absolute_url()).status_code == 404


# -- a class's league ------------------------------------------------------------------------------
@pytest.fixture
def students(django_user_model):
    return [django_user_model.objects.create(username=f"alumno{i}", role="learner") for i in range(8)]


@pytest.fixture
def classroom(teresa, students):
    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    for i, s in enumerate(students):
        Membership.objects.create(classroom=ours, student=s, real_name=f"Nombre Real {i}")
    return ours


def class_league(teresa, classroom, students, **options) -> League:
    pairs = [(students[i], students[i + 1]) for i in range(0, 8, 2)]
    return leagues.create_class_league(
        teacher=teresa,
        classroom=classroom,
        name="Liga de 4º B",
        rules=options.pop("rules", "guia"),
        pairs=pairs,
        home_and_away=options.pop("home_and_away", False),
    )


def test_a_teacher_makes_a_league_of_her_class_students_in_pairs(teresa_client, classroom, students):
    url = reverse("tables:league_new_class", args=[classroom.pk])
    page = teresa_client.get(url).content.decode()
    assert "Nombre Real 3 (alumno3)" in page  # the teacher knows them by their real names
    choice = {f"pair_{n}_{p}": students[2 * (n - 1) + (p == "b")].pk for n in (1, 2, 3, 4) for p in "ab"}
    response = teresa_client.post(url, {"name": "Liga", "rules": "guia", **choice})
    league = League.objects.get()
    assert response["Location"] == league.get_absolute_url()
    assert league.classroom == classroom and league.fixtures.count() == 6
    assert sorted(league.pairs.values_list("name", flat=True))[0] == "alumno0 y alumno1"
    student_page = Client()
    student_page.force_login(students[5])
    seen = student_page.get(league.get_absolute_url())
    assert seen.status_code == 200
    assert "Nombre Real" not in seen.content.decode()  # real names stay the teacher's
    assert "Anotar" not in seen.content.decode()  # a player sees; the teacher manages
    assert league.name in student_page.get(reverse("tables:leagues")).content.decode()


def test_a_class_league_takes_only_her_class_students_each_once(
    teresa_client, tomas_client, classroom, students, charlie
):
    url = reverse("tables:league_new_class", args=[classroom.pk])
    twice = {"pair_1_a": students[0].pk, "pair_1_b": students[1].pk, "pair_2_a": students[1].pk}
    twice |= {"pair_2_b": students[2].pk, "pair_3_a": students[3].pk, "pair_3_b": students[4].pk}
    response = teresa_client.post(url, {"name": "Liga", "rules": "guia", **twice})
    assert response.status_code == 400 and "una sola pareja" in response.content.decode()
    stranger = {**twice, "pair_2_a": charlie.pk}
    response = teresa_client.post(url, {"name": "Liga", "rules": "guia", **stranger})
    assert response.status_code == 400  # charlie is no choice of this class's form
    half = {"pair_1_a": students[0].pk, "pair_2_a": students[2].pk, "pair_2_b": students[3].pk}
    response = teresa_client.post(url, {"name": "Liga", "rules": "guia", **half})
    assert response.status_code == 400 and "dos alumnos distintos" in response.content.decode()
    assert tomas_client.get(url).status_code == 404  # not his class
    assert not League.objects.exists()


def test_who_manages_who_sees_and_who_is_told_it_does_not_exist(
    teresa, tomas, classroom, students, tomas_client, charlie_client, django_user_model
):
    league = class_league(teresa, classroom, students)
    classroom.teachers.add(tomas)  # a second teacher of the class manages it too
    f = league.fixtures.first()
    result = reverse("tables:league_result", args=[league.pk, f.pk])
    assert tomas_client.post(result, {"home": 3, "away": 0}).status_code == 302
    f.refresh_from_db()
    assert f.played_at is not None
    player = Client()
    player.force_login(students[0])
    other = league.fixtures.exclude(pk=f.pk).first()
    for url in (
        reverse("tables:league_result", args=[league.pk, other.pk]),
        reverse("tables:league_records", args=[league.pk, other.pk]),
    ):
        assert player.post(url, {"home": 3, "away": 0, "text": "x"}).status_code == 404
    other.refresh_from_db()
    assert other.played_at is None
    for url in (league.get_absolute_url(), reverse("tables:league_print", args=[league.pk])):
        assert charlie_client.get(url).status_code == 404
        assert player.get(url).status_code == 200
    assert charlie_client.post(reverse("tables:league_play", args=[league.pk, other.pk])).status_code == 404
    assert player.get(reverse("tables:league_play", args=[league.pk, other.pk])).status_code == 405


# -- a fixture at a table of the app -----------------------------------------------------------------
def test_a_fixture_played_at_a_table_of_the_app_records_its_result_once(teresa, classroom, students):
    league = class_league(teresa, classroom, students)
    f = league.fixtures.select_related("home", "away").first()
    home, away = f.home, f.away
    clients = {}
    for user in (home.first, home.second, away.first, away.second):
        c = Client()
        c.force_login(user)
        clients[user.pk] = c
    outsider = next(s for s in students if s.pk not in clients)
    nobody = Client()
    nobody.force_login(outsider)
    play = reverse("tables:league_play", args=[league.pk, f.pk])
    response = nobody.post(play)  # a player of the league but not of this fixture
    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    assert not Table.objects.exists()
    response = clients[away.second_id].post(play)
    table = Table.objects.get()
    assert response["Location"] == table.get_absolute_url()
    seats = {s.number: s.user_id for s in table.seats.all()}
    # Partners opposite: the home pair at seats 0 and 2, the away pair at 1 and 3.
    assert seats == {0: home.first_id, 1: away.first_id, 2: home.second_id, 3: away.second_id}
    assert table.classroom == classroom and table.get_rules() == PRESETS["guia"]
    # A second opening (a doubled post, or the other pair) goes to the same table.
    again = clients[home.first_id].post(play, follow=True)
    assert again.redirect_chain[-1][0] == table.get_absolute_url() and Table.objects.count() == 1
    assert "ya tiene su mesa abierta" in again.content.decode()
    # The table says which match it plays, to its players; not to somebody outside the league.
    said = f"Partido de la jornada {f.round} de la liga «{league.name}»: {home.name} (sitios 1 y 3) contra"
    assert said in again.content.decode() and league.get_absolute_url() in again.content.decode()
    stranger = Client()
    stranger.force_login(get_user_model().objects.create_user(username="paseante", password="x"))
    assert "data-fixture" not in stranger.get(table.get_absolute_url()).content.decode()
    # While it is played, its result is not typed.
    teresa_client = Client()
    teresa_client.force_login(teresa)
    teresa_client.post(reverse("tables:league_result", args=[league.pk, f.pk]), {"home": 3, "away": 0})
    f.refresh_from_db()
    assert f.played_at is None
    by_seat = {n: clients[u] for n, u in seats.items()}
    services.start(user=home.first, token=table.token)
    for _hand in range(8):
        play_out(table, by_seat)
        table.refresh_from_db()
        if table.over:
            break
        number = services.current_hand(table).number + 1
        by_seat[0].post(reverse("tables:next_hand", args=[table.token]), {"number": number})
    assert table.over and table.winner is not None
    f.refresh_from_db()
    assert f.how == "mesa" and f.winner == table.winner
    assert [f.home_points, f.away_points] == table.points and max(table.points) == 3
    # Played: a new table is refused, the result is not typed over, the standings count it once.
    assert clients[home.first_id].post(play).status_code == 302
    assert Table.objects.count() == 1
    assert leagues.settle_from_table(table) is False
    rows = leagues.standings(league)
    assert sum(r.played for r in rows) == 2 and sum(r.won for r in rows) == 1


def test_a_league_of_named_pairs_is_not_played_at_an_app_table(teresa, teresa_client):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    f = league.fixtures.first()
    response = teresa_client.post(reverse("tables:league_play", args=[league.pk, f.pk]), follow=True)
    assert "mesa física" in response.content.decode() and not Table.objects.exists()


# -- a fixture's hands pasted from a physical table ---------------------------------------------------
def test_hands_pasted_from_a_physical_table_make_the_result(teresa, teresa_client):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    f = league.fixtures.first()
    text, m = match_records(5)
    url = reverse("tables:league_records", args=[league.pk, f.pk])
    assert teresa_client.get(url).status_code == 200
    response = teresa_client.post(url, {"text": text}, follow=True)
    f.refresh_from_db()
    assert (f.home_points, f.away_points, f.winner, f.how) == (*m.points, m.winner, "manos")
    assert f"{m.points[0]} – {m.points[1]}" in response.content.decode()
    again = teresa_client.post(url, {"text": text}, follow=True)  # a doubled post
    assert "no se juega dos veces" in again.content.decode()
    assert sum(r.played for r in leagues.standings(league)) == 2


def test_renuncios_in_pasted_hands_are_reported_and_score_as_the_table_says(teresa, teresa_client):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    seed = next(s for s in range(200) if match_records(s, renuncio=0.05)[1].reason == "renuncio")
    text, m = match_records(seed, renuncio=0.05)
    f = league.fixtures.first()
    response = teresa_client.post(
        reverse("tables:league_records", args=[league.pk, f.pk]), {"text": text}, follow=True
    )
    page = response.content.decode()
    assert "renuncio de jugador" in page
    f.refresh_from_db()
    assert (f.winner, f.home_points, f.away_points) == (m.winner, *m.points)  # the renuncio lost the match
    rows = {r.pair: r for r in leagues.standings(league)}
    winner = (f.home, f.away)[m.winner].name
    assert rows[winner].won == 1


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda t: t.replace("mesa: guia", "mesa: ludoteka", 1), "otras reglas"),
        (lambda t: t.split("%\n")[1], "no ha terminado"),
        (lambda t: t + "%\n" + t.split("%\n")[1], "ya había terminado"),
        (
            lambda t: (
                t.split("\n%\n", 1)[0] + "\n" + "%\n" + "\n".join(t.split("\n%\n", 1)[1].split("\n")[:8])
            ),
            "no termina",
        ),
    ],
)
def test_pasted_hands_that_do_not_make_a_match_are_refused_with_the_reason(
    teresa, teresa_client, change, says
):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    f = league.fixtures.first()
    text, _m = match_records(5)
    response = teresa_client.post(
        reverse("tables:league_records", args=[league.pk, f.pk]), {"text": change(text)}
    )
    assert response.status_code == 400 and says in response.content.decode()
    f.refresh_from_db()
    assert f.played_at is None


def test_a_malformed_pasted_hand_is_refused_naming_its_line(teresa, teresa_client):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    f = league.fixtures.first()
    text, _m = match_records(5)
    lines = text.split("\n")
    bad = next(i for i, line in enumerate(lines) if line.startswith("3: ") and i > 20)
    lines[bad] = "3: 99x 1c 2c 3c"
    response = teresa_client.post(
        reverse("tables:league_records", args=[league.pk, f.pk]), {"text": "\n".join(lines)}
    )
    assert response.status_code == 400
    assert f"Línea {bad + 1}:" in response.content.decode()


# -- standings ----------------------------------------------------------------------------------------
def test_standings_share_positions_on_a_tie_and_count_home_and_away_alike(teresa):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=True
    )
    fixtures = list(league.fixtures.select_related("home", "away"))
    assert len(fixtures) == 6
    # Every pair wins at home 3–1 and loses away: all level on matches, difference and points.
    for f in fixtures:
        leagues.enter_result(league=league, fixture_id=f.pk, home=3, away=1)
    rows = leagues.standings(league)
    assert [(r.pair, r.position, r.played, r.won, r.difference) for r in rows] == [
        ("A", 1, 4, 2, 0),
        ("B", 1, 4, 2, 0),
        ("C", 1, 4, 2, 0),
    ]


def test_standings_order_matches_won_then_difference_then_points(teresa):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="ludoteka", pair_names=["A", "B", "C", "D"], home_and_away=False
    )
    results = {("A", "B"): (6, 0), ("C", "D"): (7, 5), ("A", "C"): (2, 6), ("B", "D"): (6, 4)}
    results |= {("A", "D"): (6, 5), ("B", "C"): (6, 5)}
    for f in league.fixtures.select_related("home", "away"):
        pair = (f.home.name, f.away.name)
        h, a = results[pair] if pair in results else results[pair[::-1]][::-1]
        leagues.enter_result(league=league, fixture_id=f.pk, home=h, away=a)
    rows = leagues.standings(league)
    # A, B and C won 2 each, ordered by their points' difference (C +5, A +3, B −3); D won none.
    expected = {"A": (2, 14, 11), "B": (2, 12, 15), "C": (2, 18, 13), "D": (0, 14, 19)}
    assert {r.pair: (r.won, r.points_for, r.points_against) for r in rows} == expected
    assert [r.pair for r in rows] == ["C", "A", "B", "D"] and [r.position for r in rows] == [1, 2, 3, 4]


def test_a_fixture_whose_table_closed_before_the_end_stays_unplayed_and_opens_again(
    teresa, classroom, students
):
    league = class_league(teresa, classroom, students)
    f = league.fixtures.select_related("home").first()
    player = Client()
    player.force_login(f.home.first)
    play = reverse("tables:league_play", args=[league.pk, f.pk])
    player.post(play)
    first = Table.objects.get()
    services.start(user=f.home.first, token=first.token)
    services.end(user=teresa, token=first.token)  # the class's teacher ends it mid-match
    f.refresh_from_db()
    assert f.played_at is None
    player.post(play)
    second = Table.objects.exclude(pk=first.pk).get()
    f.refresh_from_db()
    assert f.table == second and not second.over


def test_a_league_form_sent_twice_makes_one_league(teresa_client):
    data = {"name": "Liga de los jueves", "rules": "guia", "pairs": "A\nB\nC"}
    first = teresa_client.post(reverse("tables:league_new"), data)
    second = teresa_client.post(reverse("tables:league_new"), data)
    assert first.status_code == 302
    assert second.status_code == 400 and "Ya tienes una liga con ese nombre" in second.content.decode()
    assert League.objects.count() == 1


def test_a_match_of_one_pasted_hand_is_told_in_the_singular(teresa, teresa_client):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    text, m = match_records(6, renuncio=0.05)  # a renuncio in the first hand loses the match
    assert len(m.results) == 1
    f = league.fixtures.first()
    response = teresa_client.post(
        reverse("tables:league_records", args=[league.pk, f.pk]), {"text": text}, follow=True
    )
    page = response.content.decode()
    assert "desde 1 mano:" in page and "1 manos" not in page


@pytest.mark.parametrize(("rules", "home", "away"), [("guia", 2, 1), ("guia", 1, 2), ("ludoteka", 5, 3)])
def test_a_typed_result_of_an_unfinished_match_is_refused(teresa, teresa_client, rules, home, away):
    """Nobody reached the target: the match has not ended, whatever the gap (a renuncio that loses the
    match gives the winners the target, so no finished match ends short of it)."""
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules=rules, pair_names=["A", "B", "C"], home_and_away=False
    )
    f = league.fixtures.first()
    url = reverse("tables:league_result", args=[league.pk, f.pk])
    page = teresa_client.post(url, {"home": home, "away": away}, follow=True).content.decode()
    assert "quien gana llega a" in page
    f.refresh_from_db()
    assert f.played_at is None and f.winner is None
    assert all(r.played == 0 for r in leagues.standings(league))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_pasted_hand_with_a_renuncio_gives_the_winners_the_match_and_says_why(teresa, lang):
    client = Client()
    client.force_login(teresa)
    client.cookies["django_language"] = lang
    league = leagues.create_league(
        organiser=teresa,
        name="Liga",
        rules="guia",
        pair_names=["Ana y Bea", "Carlos y Dani", "C"],
        home_and_away=False,
    )
    text, m = match_records(6, renuncio=0.05)  # pair A's or B's renuncio in the first hand
    assert len(m.results) == 1 and m.reason == "renuncio"
    f = league.fixtures.first()
    url = reverse("tables:league_records", args=[league.pk, f.pk])
    form = client.get(url).content.decode()  # what is recorded, said before the hands are pasted
    assert (
        "Las manos de un partido sin terminar no se anotan"
        if lang == "es"
        else "The hands of an unfinished match are not recorded"
    ) in form
    page = client.post(url, {"text": text}, follow=True).content.decode()
    f.refresh_from_db()
    points = (3, 0) if m.winner == 0 else (0, 3)
    assert (f.home_points, f.away_points, f.winner) == (*points, m.winner)
    home, away = f.home.name, f.away.name
    assert f"{home} {points[0]} – {points[1]} {away}" in page
    assert ("cometió renuncio" if lang == "es" else "committed renuncio") in page
    rows = {r.pair: r for r in leagues.standings(league)}
    assert rows[(home, away)[m.winner]].won == 1 and rows[(home, away)[m.winner]].points_for == 3
