"""The review's legend of labels: each meaning stands on its own (the legend is read in any order, and
«Buena» comes right after «La mejor»), in the figures the analysis defines its bands with."""

from django.utils import translation

from engine.analysis.review import THRESHOLDS
from tutor.hands.presenters import label_meanings


def _meanings(language: str) -> dict[str, str]:
    with translation.override(language):
        return {m["label"].lower(): m["text"] for m in label_meanings()}


def test_buena_says_what_it_loses_less_than_in_both_languages():
    _label, win, points = THRESHOLDS[-1]  # the mildest band above «buena»: imprecisión
    es, en = _meanings("es"), _meanings("en")
    assert list(es)[:2] == ["la mejor", "buena"]
    assert es["buena"].startswith("frente a la mejor carta, con ella la pareja pierde menos de ")
    assert f"menos de {round(100 * win)} manos de cada 100 y menos de {round(points)} tantos" in es["buena"]
    assert "que eso" not in es["buena"]
    assert en["good"].startswith("against the best card,")
    assert (
        f"fewer than {round(100 * win)} hands in every 100 and fewer than {round(points)} tantos"
        in en["good"]
    )
    assert "than that" not in en["good"]
