"""The graded review of a hand (engine.analysis), in English; the same ids and facts as es/review.py."""

CATALOGUE: dict[str, str] = {
    "review.label.la_mejor": "the best",
    "review.label.buena": "good",
    "review.label.imprecision": "inaccuracy",
    "review.label.error": "mistake",
    "review.label.error_grave": "blunder",
    "review.too_close": "the difference from the best card is too small to tell",
    "review.theme.cargar": "loading your partner's baza",
    "review.theme.no_entregar": "not giving tantos to the opponents",
    "review.theme.guardar_triunfo": "keeping a triunfo to pisar",
    "review.theme.ultimas": "las diez de últimas (10 for the last baza)",
    "review.theme.cantar": "singing in time",
    "review.theme.fallo_companero": "leading a suit your partner lacks",
    "review.reason.no_entregar": "{who:subj} gave {n} tantos to the opponents' baza",
    "review.reason.no_entregar.less": "{who:subj} gave {n} tantos to the opponents' baza; with {best:the} it was {m}",
    "review.reason.cargar": (
        "{who:partner} {who:pv:was} already winning: loading {best:the} gave {who:pobj} {n} more tantos"
    ),
    "review.reason.ultimas": "{who:subj} lost las diez de últimas: {card:the} would have won the last baza had it been kept for the end",
    "review.reason.guardar_triunfo": "{who:subj} spent the triunfo that was needed later to pisar in baza {trick}",
    "review.reason.cantar.20": "{who:subj} broke up las veinte in {suit}",
    "review.reason.cantar.40": "{who:subj} broke up las cuarenta in {suit}",
    "review.reason.fallo_companero": (
        "{who:partner} {who:pv:has} no {suit}: leading {best:the} let {who:pobj} fallar"
    ),
    "review.reason.both": (
        "with {best:the}, {who:pair} pair won the hand {win} more times in 100 and ended it with {points} more "
        "tantos on average"
    ),
    "review.reason.win": "with {best:the}, {who:pair} pair won the hand {win} more times in 100",
    "review.reason.points": "with {best:the}, {who:pair} pair ended the hand with {points} more tantos on average",
    "review.rule_error": "Renuncio in baza {trick}: {who:subj} played {card:the} and had to {obligation}",
    "review.obligation.asistir": "asistir",
    "review.obligation.montar": "montar",
    "review.obligation.asistir_montar": "asistir and montar",
    "review.obligation.fallar": "fallar",
    "review.obligation.pisar": "pisar",
    "review.obligation.salida": "lead the two of oros",
    "review.obligation.libre": "play a legal card",
    "review.progress": "analyzing… {done} of {total} bazas",
}
