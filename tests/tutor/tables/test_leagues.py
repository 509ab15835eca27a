"""Leagues of pairs: the round-robin draw, a result entered once, the standings, the printable sheet."""

import itertools

import pytest
from django.urls import reverse

from tutor.play.table import PlayRefused
from tutor.tables import leagues
from tutor.tables.models import Fixture, League

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
    assert sheet.count("<tr>") == 7 and "3 – 1" in sheet


def test_a_fixture_is_not_played_twice_and_a_tie_is_refused(teresa, tomas):
    league = leagues.create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    f = league.fixtures.first()
    with pytest.raises(PlayRefused, match="ganador"):
        leagues.enter_result(organiser=teresa, league_id=league.pk, fixture_id=f.pk, home=2, away=2)
    leagues.enter_result(organiser=teresa, league_id=league.pk, fixture_id=f.pk, home=2, away=1)
    with pytest.raises(PlayRefused, match="dos veces"):
        leagues.enter_result(organiser=teresa, league_id=league.pk, fixture_id=f.pk, home=0, away=3)
    f.refresh_from_db()
    assert (f.home_points, f.away_points) == (2, 1)
    with pytest.raises(PlayRefused, match="no existe"):  # another organiser
        leagues.enter_result(
            organiser=tomas, league_id=league.pk, fixture_id=league.fixtures.last().pk, home=1, away=0
        )


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
