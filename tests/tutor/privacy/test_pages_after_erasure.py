"""Every page that showed an erased learner still answers for the others: the teacher's dashboards,
CSVs, the class duplicate's side-by-side table and the live round's review (where her answer stays,
as «alumno borrado»)."""

from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tests.tutor.play.conftest import play_out
from tests.tutor.privacy.conftest import ZOE_REAL_NAME
from tutor.classroom.models import Membership, SetMatch
from tutor.privacy import services

PLAY_ITEM = [{"kind": "play", "family": "", "count": 1, "difficulty": 1, "bot_level": "principiante"}]


def _text(response) -> str:
    if response.streaming:
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


def test_the_pages_that_showed_her_answer_without_her(
    busy_class, zoe, zoe_client, alice, teresa, teresa_client, alice_client
):
    classroom, practice_set, live = busy_class["classroom"], busy_class["set"], busy_class["live"]
    duplicate = make_set(classroom, teresa, items=PLAY_ITEM, title="Duplicado de prueba")
    item = duplicate.items.get()
    for client in (zoe_client, alice_client):
        client.post(reverse("classroom:task_play", args=[duplicate.pk, item.pk]))
    for client, user in ((zoe_client, zoe), (alice_client, alice)):
        play_out(client, SetMatch.objects.get(assignment__student=user, item=item).match)
    alice_hand = SetMatch.objects.get(assignment__student=alice, item=item).match.hands.get(number=1)
    membership = Membership.objects.get(student=zoe)
    rule_id = "R-OBL-ASISTIR"
    teacher_pages = [
        reverse("classroom:detail", args=[classroom.pk]),
        reverse("classroom:heatmap", args=[classroom.pk]),
        reverse("classroom:logins", args=[classroom.pk]),
        reverse("classroom:set_detail", args=[practice_set.pk]),
        reverse("classroom:set_detail", args=[duplicate.pk]),
        reverse("classroom:set_results_csv", args=[practice_set.pk]),
        reverse("classroom:set_attempts_csv", args=[practice_set.pk]),
        reverse("classroom:set_results_csv", args=[duplicate.pk]),
        reverse("classroom:duplicate_export", args=[duplicate.pk, item.pk, 1]),
        reverse("classroom:set_hand", args=[duplicate.pk, alice_hand.pk]),
        reverse("live:review", args=[live.code]),
        reverse("live:review_csv", args=[live.code]),
        reverse("live:projector", args=[live.code]),
    ]
    before = {url: teresa_client.get(url) for url in teacher_pages}
    assert all(r.status_code == 200 for r in before.values()), {u: r.status_code for u, r in before.items()}
    assert ZOE_REAL_NAME in _text(before[reverse("classroom:set_detail", args=[duplicate.pk])])
    assert ZOE_REAL_NAME in _text(before[reverse("live:review", args=[live.code])])
    assert "zoequxlearner" in _text(
        before[reverse("classroom:duplicate_export", args=[duplicate.pk, item.pk, 1])]
    )

    services.erase_user(zoe)

    for url in teacher_pages:
        response = teresa_client.get(url)
        assert response.status_code == 200, url
        assert ZOE_REAL_NAME not in _text(response) and "zoequxlearner" not in _text(response), url
    # Her page is gone with her: a 404, not an error.
    gone = reverse("classroom:student_skill", args=[classroom.pk, membership.pk, rule_id])
    assert teresa_client.get(gone).status_code == 404
    review = teresa_client.get(reverse("live:review", args=[live.code])).content.decode()
    assert "alumno borrado" in review
    for url in (
        reverse("classroom:task", args=[practice_set.pk]),
        reverse("classroom:tasks"),
        reverse("live:phone", args=[live.code]),
        reverse("progress:index"),
    ):
        assert alice_client.get(url).status_code == 200, url
