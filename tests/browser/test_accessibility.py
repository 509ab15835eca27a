"""The axe walk: every page each persona visits, at 360 and 1280 px, JavaScript on and off, with
«Letra grande» off and on, has no serious or critical axe-core violation and never scrolls sideways.

axe-core comes from the npm package (package.json; scripts/test runs `npm ci`). It is evaluated from
the test side (Playwright's `evaluate`, like the DevTools console), so the site's strict CSP stays
as it is: no inline script is added to the page.
"""

import os
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from engine.rules import PRESETS
from engine.scenarios import FAMILIES
from lessons.course import load_course
from tests.browser.conftest import TIMEOUT_MS
from tests.lessons.conftest import right_answer, wrong_answer
from tests.tutor.classroom.conftest import make_set
from tests.tutor.hands.samples import COMPLETE_RECORD
from tests.tutor.play.conftest import start as start_match
from tests.tutor.progress.factories import retry_item
from tutor.accounts.display import COOKIE as DISPLAY_COOKIE
from tutor.accounts.models import User
from tutor.classroom import services as classroom
from tutor.classroom.models import Membership, Position, Question
from tutor.hands import reviews as hand_reviews
from tutor.hands import services as hands_services
from tutor.practice.identity import Owner
from tutor.practice.models import Issued, Mode
from tutor.practice.services import issue, submit
from tutor.tables import services as tables_services
from tutor.tables.leagues import create_league

AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = (360, 1280)
SERIOUS = ("serious", "critical")
CHECKPOINT_STEP = ("montar", "supera-la-salida")

# The whole rule set at 360 px; at 1280 px (the same document) only the rules whose outcome depends on
# the layout, which keeps the walk within its time.
LAYOUT_RULES = ["color-contrast", "scrollable-region-focusable", "link-in-text-block", "target-size"]
RUN_AXE = """async (rules) => {
  const options = {resultTypes: ["violations"]};
  if (rules) options.runOnly = {type: "rule", values: rules};
  const result = await axe.run(document, options);
  return result.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}`);
}"""
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
WIDEST = """() => [...document.querySelectorAll("body *")]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .slice(-3).map(e => e.tagName.toLowerCase() + "." + [...e.classList].join(".")).join(", ")"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        problem = f"axe-core not installed at {AXE} (npm ci)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(problem, pytrace=False)
        pytest.skip(problem)
    return AXE.read_text()


def _fast_passwords(settings):
    # MD5 for the test's own users; the project's hashers of children's generated passwords stay.
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "tutor.classroom.passwords.StrengthenedPasswordHasher",
        "tutor.classroom.passwords.FreshPasswordHasher",
    ]


def _step_url(unit: str, slug: str) -> str:
    return reverse("lessons:step", args=[unit, slug])


def _answered(owner: Owner, family: str, seed: int, right: bool) -> Issued:
    issued = issue(owner=owner, mode=Mode.FAMILY, family=family, difficulty=3, seed=seed)
    submit(owner=owner, token=issued.token, raw=right_answer(issued) if right else wrong_answer(issued))
    return issued


@pytest.fixture
def walk(transactional_db, settings, teresa, alice, password):
    """The pages each persona opens, on data that fills them: progress, a class, a set, a child."""
    _fast_passwords(settings)
    course = load_course()
    me = Owner(alice, "")
    room = classroom.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=room, student=alice, real_name="Alicia Gómez")
    (child_login,) = classroom.create_managed_students(classroom=room, names=["Lucía Pérez"])
    child = User.objects.get(username=child_login.username)
    position = Position.objects.create(
        owner=teresa,
        title="Montar con el rey",
        data={"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"], "rules": "guia"},
    )
    practice_set = make_set(room, teresa, title="Asistir y montar", due_in_days=2)
    task = reverse("classroom:task", args=[practice_set.pk])
    child_client = Client()
    child_client.force_login(child)
    child_client.get(task)
    first_question = Question.objects.filter(assignment__student=child).order_by("number").first()
    submit(owner=Owner(child, ""), token=first_question.issued.token, raw=wrong_answer(first_question.issued))

    scenarios = [_answered(me, family, seed, right=seed % 2 == 0) for seed, family in enumerate(FAMILIES)]
    open_question = issue(owner=me, mode=Mode.FAMILY, family="jugada", difficulty=2, seed=11)
    unit, slug = CHECKPOINT_STEP
    alice_client = Client()
    alice_client.force_login(alice)
    alice_client.post(reverse("lessons:start", args=[unit, slug]))
    for n, issued in enumerate(Issued.objects.filter(learner=alice, mode=Mode.LESSON).order_by("pk")):
        submit(owner=me, token=issued.token, raw=right_answer(issued) if n else wrong_answer(issued))
    kept_hand = hands_services.share(
        hands_services.keep_pasted(owner=me, text=COMPLETE_RECORD, title="Jueves"), names=False
    )
    hand_reviews.run(hand_reviews.request(kept_hand).pk)
    people = tables_services.create_table(user=alice, rules=PRESETS["guia"], level="principiante", seed=7)
    tables_services.sit(user=teresa, token=people.token, number=1)
    tables_services.start(user=alice, token=people.token)
    league = create_league(
        organiser=alice,
        name="Liga del centro",
        rules="guia",
        pair_names=["Ana y Carla", "Bruno y Diego", "Eva y Fidel", "Gema y Hugo"],
        home_and_away=False,
    )
    retry = retry_item(kept_hand, seat=0)  # «Mis errores en la mesa»: a play asked again, then answered
    alice_client.post(retry.get_absolute_url(), {"card": retry.card, "n": 0})
    step = course.step(unit, slug)
    example_step = next(s for s in course.steps if s.example is not None)
    compare_step = next(s for s in course.steps if s.example is not None and s.example.compare_name)
    common = ["/", "/lecciones/", "/practicar/", "/progreso/", reverse("lessons:glossary"), "/baraja/"]
    match = start_match(alice)
    paper = [
        reverse("paper:index"),
        reverse("paper:rules") + "?mesa=ludoteka",
        reverse("paper:score"),
        reverse("paper:worksheet")
        + "?familias=jugada&familias=tantos&niveles=1&mesa=guia&preguntas=2&copias=1",
    ]
    tasks = reverse("classroom:tasks")
    return {
        "anonymous": (
            None,
            [
                *common,
                _step_url(example_step.unit_slug, example_step.slug)
                + "?carta="
                + example_step.example.hand[0].code,
                _step_url(compare_step.unit_slug, compare_step.slug),
                "/cuenta/entrar/",
                "/cuenta/alta/",
                reverse("hands:shared", args=[kept_hand.share_token]),
                reverse("privacy:policy"),
                *paper,
            ],
        ),
        "learner": (
            alice,
            [
                *common,
                _step_url(step.unit_slug, step.slug),
                *(s.get_absolute_url() for s in scenarios),
                open_question.get_absolute_url(),
                tasks,
                task,
                "/clases/",
                reverse("hands:index"),
                reverse("hands:paste"),
                reverse("hands:enter"),
                kept_hand.get_absolute_url(),
                reverse("hands:review", args=[kept_hand.pk]),
                reverse("tables:index"),
                reverse("tables:table", args=[people.token]),
                reverse("tables:leagues"),
                reverse("tables:league", args=[league.pk]),
                reverse("tables:league_records", args=[league.pk, league.fixtures.first().pk]),
                reverse("tables:league_print", args=[league.pk]),
                reverse("progress:retries"),
                retry.get_absolute_url(),
                retry.get_absolute_url() + "?visto=0",
                reverse("privacy:my_data"),
                reverse("privacy:delete_account"),
                "/jugar/",
                match.get_absolute_url(),
                reverse("play:abandon", args=[match.token]),
            ],
        ),
        "child": (child, ["/", tasks, task, first_question.issued.get_absolute_url()]),
        "teacher": (
            teresa,
            [
                "/",
                "/clases/",
                room.get_absolute_url(),
                reverse("classroom:heatmap", args=[room.pk]),
                reverse("classroom:set_create", args=[room.pk]),
                practice_set.get_absolute_url(),
                reverse("classroom:positions"),
                reverse("tables:league_new_class", args=[room.pk]),
                reverse("classroom:position_edit", args=[position.pk]),
                reverse(
                    "classroom:end_account",
                    args=[room.pk, Membership.objects.get(classroom=room, student=child).pk],
                ),
            ],
        ),
    }


def _context(browser, live_server, user, javascript: bool, large: bool = False):
    context = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    if large:  # «Letra grande» on, as the header's button leaves it (tutor.accounts.display)
        context.add_cookies([{"name": DISPLAY_COOKIE, "value": "grande", "url": live_server.url}])
    if not javascript:
        # The site's scripts never load, so the page is what a browser without JavaScript shows;
        # axe still runs, evaluated from the test side (in a context with JavaScript off, its
        # promises would never settle). The site uses no <noscript>.
        context.route("**/*.js", lambda route: route.abort())
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    return context


def _without_javascript(url: str) -> bool:
    """The pages JavaScript changes (the answer forms, a step's questions, the home page's button):
    the walk without it visits these only, to stay within its time."""
    return (
        url == "/"
        or "/jugar/p/" in url
        or "/s/" in url
        or "/mis-tareas/" in url
        or url.startswith("/lecciones/")
        and url.count("/") > 2
    )


# One test per display and JavaScript setting, so that pytest-xdist spreads the walk over the cores.
@pytest.mark.parametrize(
    "large, javascript",
    [(False, True), (False, False), (True, True), (True, False)],
    ids=["js", "sin-js", "letra-grande-js", "letra-grande-sin-js"],
)
def test_every_page_of_every_persona_passes_axe_and_fits_360_px(
    live_server, browser, walk, axe_source, large, javascript
):
    problems, visited = [], 0
    for persona, (user, urls) in walk.items():
        context = _context(browser, live_server, user, javascript, large)
        page = context.new_page()
        for url in urls if javascript else [u for u in urls if _without_javascript(u)]:
            response = page.goto(live_server.url + url)
            assert response.status == 200, (persona, url, response.status)
            visited += 1
            assert page.evaluate("typeof window.htmx") == ("object" if javascript else "undefined")
            where = f"{persona} {url} ({'JS' if javascript else 'sin JS'}{', letra grande' if large else ''})"
            if large:
                assert page.locator('link[href$="large.css"]').count() == 1, where
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": 800})
                if not page.evaluate("typeof window.axe !== 'undefined'"):
                    page.evaluate(axe_source)
                rules = None if width == 360 else LAYOUT_RULES
                problems += [f"{where} @{width}: {v}" for v in page.evaluate(RUN_AXE, rules)]
                if width == 360 and (extra := page.evaluate(OVERFLOW)) > 0:
                    wide = page.evaluate(WIDEST)
                    problems.append(f"{where} @360: {extra} px wider than the screen ({wide})")
        context.close()
    assert visited >= len(walk)  # every persona's pages were walked, at least one each
    assert not problems, "\n".join(problems)


# axe counts these «moderate», below the walk's serious bar, yet two landmarks of one kind with one name
# (a section and the scroll region inside it both named by the same heading, a pager included twice)
# leave a screen reader's landmark list with two entries it cannot tell apart.
LANDMARK_RULES = ["landmark-unique", "landmark-no-duplicate-banner", "landmark-no-duplicate-contentinfo"]
RUN_AXE_ALL_IMPACTS = """async (rules) => {
  const result = await axe.run(document, {resultTypes: ["violations"], runOnly: {type: "rule", values: rules}});
  return result.violations.map(v => `${v.id}: ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}`);
}"""


def test_no_page_of_any_persona_has_two_landmarks_alike(live_server, browser, walk, axe_source):
    problems, visited = [], 0
    for javascript in (True, False):
        for persona, (user, urls) in walk.items():
            context = _context(browser, live_server, user, javascript)
            page = context.new_page()
            for url in urls if javascript else [u for u in urls if _without_javascript(u)]:
                assert page.goto(live_server.url + url).status == 200, (persona, url)
                visited += 1
                page.evaluate(axe_source)
                where = f"{persona} {url} ({'JS' if javascript else 'sin JS'})"
                problems += [f"{where}: {v}" for v in page.evaluate(RUN_AXE_ALL_IMPACTS, LANDMARK_RULES)]
            context.close()
    assert visited > 50
    assert not problems, "\n".join(problems)
