"""The play table's narration in Spanish (tutor/play): what each seat did, told from the learner's seat.

Facts: who (a seat seen from the learner's), card; cante (a clause: the cante's name, cantes.veinte…).
"""

CATALOGUE: dict[str, str] = {
    "table.plays": "{who:s}{who:v:juega} {card:the}.",
    "table.wins": "{who:s}{who:v:gana} la baza.",
    "table.sings": "{who:s}{who:v:canta} {cante}.",
    "table.leads": "{who:v:sale} {who:subj}.",
    "table.sing_button": "Cantar {cante}",
    "table.missed": "Tras la baza {after} podías cantar {cantes}.",
}
