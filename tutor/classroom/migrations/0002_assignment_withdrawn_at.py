"""Leaving a class withdraws the student's rows instead of deleting them, and the questions the old
deletion left behind ("set:<set>:<student>" rows without a Question) get their row back.

Where the student has no row in that set any more, it is rebuilt, withdrawn, with its questions
(the question number is the last three digits of the seed ensure_questions gave it) and the counts of
their answers. Where they have one, they rejoined and were issued the set again: the old questions
were the duplicates and stay in the log without a set, so they are no longer counted twice.
"""

from django.db import migrations, models
from django.utils import timezone

PREFIX = "set:"


def _item_for(items, number):
    seen = 0
    for item in items:
        seen += item.count
        if number <= seen:
            return item
    return None


def orphans_from_context(apps, schema_editor):
    Issued = apps.get_model("practice", "Issued")
    Attempt = apps.get_model("practice", "Attempt")
    PracticeSet = apps.get_model("classroom", "PracticeSet")
    Assignment = apps.get_model("classroom", "Assignment")
    Question = apps.get_model("classroom", "Question")
    orphans = Issued.objects.filter(
        mode="tarea", context__startswith=PREFIX, set_question__isnull=True, learner__isnull=False
    ).order_by("pk")
    groups: dict[tuple[int, int], list] = {}
    for issued in orphans.only("pk", "context", "seed", "learner_id", "issued_at").iterator(chunk_size=2000):
        _prefix, set_id, student_id = (issued.context.split(":") + ["", ""])[:3]
        if set_id.isdigit() and student_id.isdigit() and int(student_id) == issued.learner_id:
            groups.setdefault((int(set_id), int(student_id)), []).append(issued)
    now = timezone.now()
    for (set_id, student_id), rows in groups.items():
        practice_set = PracticeSet.objects.filter(pk=set_id).first()
        if (
            practice_set is None
            or Assignment.objects.filter(practice_set=practice_set, student_id=student_id).exists()
        ):
            continue
        items = list(practice_set.items.order_by("order", "pk"))
        attempts = {a.issued_id: a for a in Attempt.objects.filter(issued__in=[r.pk for r in rows])}
        answered = [attempts[r.pk] for r in rows if r.pk in attempts]
        assignment = Assignment.objects.create(
            practice_set=practice_set,
            student_id=student_id,
            state="en_curso" if answered else "sin_empezar",
            total=sum(item.count for item in items),
            answered=len(answered),
            correct=sum(1 for a in answered if a.correct),
            time_ms=sum(a.time_taken_ms for a in answered),
            started_at=min((a.created_at for a in answered), default=None),
            withdrawn_at=now,
        )
        numbers = set()
        for issued in rows:
            number = issued.seed % 1000
            item = _item_for(items, number)
            if item is None or number in numbers:
                continue
            numbers.add(number)
            Question.objects.create(assignment=assignment, item=item, number=number, issued=issued)


class Migration(migrations.Migration):
    dependencies = [
        ("classroom", "0001_initial"),
        ("practice", "0002_issued_target"),
    ]

    operations = [
        migrations.AddField(
            model_name="assignment",
            name="withdrawn_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(orphans_from_context, migrations.RunPython.noop),
    ]
