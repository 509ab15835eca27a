"""The play table's narration in Spanish (tutor/play): what each seat did, told from the learner's seat.

Facts: who (a seat seen from the learner's), card, n (a baza's number); cante (a clause: the cante's name, cantes.veinte…).
"""

CATALOGUE: dict[str, str] = {
    "table.plays": "{who:s}{who:v:juega} {card:the}.",
    "table.wins": "{who:s}{who:v:gana} la baza.",
    "table.sings": "{who:s}{who:v:canta} {cante}.",
    "table.leads": "{who:v:sale} {who:subj}.",
    "table.sing_button": "Cantar {cante}",
    "table.deals": (
        "{who:v:reparte} {who:subj}; {who:pos1} última carta, {card:the}, marca el triunfo y se queda en "
        "{who:pos1} mano."
    ),
    "table.trick_won": "Baza {n}: la {who:v:gana} {who:subj}.",
    "table.missed": "Tras la baza {after} podías cantar {cantes}.",
}
