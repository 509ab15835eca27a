"""Every id is unique on its page, however many questions the page holds: lesson 7.1's two «Marca
todas las cartas válidas» checkpoints shared their checkboxes' ids (a click in the third question
ticked the second). Every step, with its checkpoints started."""

import re
from collections import Counter

import pytest
from django.urls import reverse

from lessons.course import load_course

STEPS = [s for s in load_course().steps if len(s.checkpoints) > 1]
ID = re.compile(r'\sid="([^"]+)"')


@pytest.mark.parametrize("step", STEPS, ids=[s.key for s in STEPS])
def test_no_id_repeats_on_a_step_with_several_questions(client, db, step):
    client.post(reverse("lessons:start", args=[step.unit_slug, step.slug]))
    body = client.get(reverse("lessons:step", args=[step.unit_slug, step.slug])).content.decode()
    assert body.count('class="lesson-checkpoint"') == len(step.checkpoints)
    repeated = [i for i, n in Counter(ID.findall(body)).items() if n > 1]
    assert repeated == []
