"""Where an issued question came from, and what that means for its page: the one place that says it.

Every Issued row has a ``mode``: the kind of its origin. Practice describes its own kinds (a family,
a skill drill, a guide example); an app that issues questions of its own (lessons, progress,
classroom, and whatever comes next) registers an ``OriginKind`` for its mode when it starts
(``AppConfig.ready``). Practice never imports those apps: it asks the registered kind.

Adding a kind of origin (see tutor/practice/README.md):
1. a ``Mode`` member in tutor/practice/models.py (and its ``makemigrations practice``);
2. in the issuing app, a model with a one-to-one key to ``practice.Issued`` and foreign keys to
   what the question belongs to (lessons.CheckpointIssue, classroom.Question, progress.SessionItem);
3. an ``OriginKind`` subclass whose ``describe`` says the page's heading, «Siguiente» and where the
   answer counts (and ``closed`` when it stops taking answers), registered with ``register``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.urls import reverse
from django.utils.translation import gettext as _

from tutor.practice.models import scenario_url

if TYPE_CHECKING:
    from tutor.practice.identity import Owner
    from tutor.practice.models import Attempt, Issued


@dataclass(frozen=True, slots=True)
class Done:
    """What a right answer just completed (a lesson step), and where to go next: a link when
    ``next_url`` is set, else ``next_label`` alone ("Has terminado el curso.")."""

    message: str
    next_url: str = ""
    next_label: str = ""
    # A fragment of the issuing app swapped out of band by htmx (its status line, given done=True).
    status_template: str = ""


@dataclass(frozen=True, slots=True)
class OriginView:
    """What a question's page needs from its origin. Empty strings mean "nothing to show"."""

    heading: str = ""  # above the question: "Repaso · 2 de 6"
    counts_for: str = ""  # where the answer counts: "Cuenta para la tarea «Montar»."
    next_url: str = ""  # «Continuar»: a link back to the issuer (a lesson step, a task, a session)
    next_action: str = ""  # «Siguiente»: a POST that issues another question of the same kind
    next_label: str = ""  # the button's words, when not «Siguiente»
    next_whole_page: bool = False  # the POST loads a page (never swapped into the question by htmx)
    back_url: str = ""
    back_label: str = ""
    page_url: str = ""  # the issuer's page that shows the question among others (a lesson step)
    closed: str = ""  # why the question no longer takes answers, in Spanish
    done: Done | None = None


class OriginKind:
    """One kind of origin. Subclass it, set ``mode`` and override what differs from "nothing"."""

    mode: str = ""

    def describe(
        self, issued: Issued, *, owner: Owner, attempt: Attempt | None, standalone: bool
    ) -> OriginView:
        """The page's view of ``issued``. ``standalone`` is False when the issuer's own page embeds
        the question (it then shows its own status line)."""
        return OriginView(closed=self.closed(issued))

    def closed(self, issued: Issued) -> str:
        """Why ``issued`` no longer takes an answer ("" while it does). Called inside submit()."""
        return ""


_KINDS: dict[str, OriginKind] = {}


def register(kind: OriginKind) -> None:
    """Make ``kind`` the describer of its mode (once per process; a second one is a mistake)."""
    known = _KINDS.get(kind.mode)
    if known is not None and type(known) is not type(kind):
        raise ValueError(f"the practice mode {kind.mode!r} already has an origin kind: {known!r}")
    _KINDS[kind.mode] = kind


def kind_of(issued: Issued) -> OriginKind:
    return _KINDS.get(issued.mode) or OriginKind()


def describe(issued: Issued, *, owner: Owner, attempt: Attempt | None, standalone: bool = True) -> OriginView:
    return kind_of(issued).describe(issued, owner=owner, attempt=attempt, standalone=standalone)


def closed(issued: Issued) -> str:
    return kind_of(issued).closed(issued)


# --- practice's own kinds: started from the Practicar page, «Siguiente» issues another of the same --


class _PracticeKind(OriginKind):
    def describe(self, issued, *, owner, attempt, standalone):
        return OriginView(
            next_action=scenario_url("practice:next", issued.token),
            back_url=reverse("practice:index"),
            back_label=_("Volver a Practicar"),
        )


class FamilyKind(_PracticeKind):
    mode = "familia"


class SkillKind(_PracticeKind):
    mode = "habilidad"


class FixedKind(_PracticeKind):
    mode = "guia"


for _kind in (FamilyKind(), SkillKind(), FixedKind()):
    register(_kind)
