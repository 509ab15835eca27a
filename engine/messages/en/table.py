"""The play table's narration in English (tutor/play); the same ids and facts as es/table.py."""

CATALOGUE: dict[str, str] = {
    "table.plays": "{who:subj} {who:v:plays} {card:the}.",
    "table.wins": "{who:subj} {who:v:wins} the baza.",
    "table.sings": "{who:subj} {who:v:sings} {cante}.",
    "table.leads": "{who:subj} {who:v:leads}.",
    "table.sing_button": "Sing {cante}",
    "table.missed": "After baza {after} you could have sung {cantes}.",
}
