"""The play table's narration in English (tutor/play); the same ids and facts as es/table.py."""

CATALOGUE: dict[str, str] = {
    "table.plays": "{who:subj} {who:v:plays} {card:the}.",
    "table.wins": "{who:subj} {who:v:wins} the baza.",
    "table.sings": "{who:subj} {who:v:sings} {cante}.",
    "table.leads": "{who:subj} {who:v:leads}.",
    "table.sing_button": "Sing {cante}",
    "table.deals": "{who:subj} {who:v:deals}; {who:pos} last card, {card:the}, sets the triunfo and stays in {who:pos} hand.",
    "table.trick_won": "Baza {n}: {who:subj} {who:v:wins} it.",
    "table.missed": "After baza {after} you could have sung {cantes}.",
}
