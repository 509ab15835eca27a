"""Who wins the trick (the `ganador` family) in English (the ids of engine/messages/es/ganador.py)."""

CATALOGUE: dict[str, str] = {
    "ganador.listed": "{player}: {card:name}",
    "ganador.option": "{card:name} ({player})",
    "ganador.question.complete": "Baza: {plays:semi}. Which card wins the baza?",
    "ganador.question.partial": "Baza: {plays:semi}. Which card is winning the baza so far?",
    "ganador.question.strength": "These cards are all of the same suit: {plays:semi}. Which is the strongest?",
    "ganador.why.wins_trump": "Yes: it is the highest triunfo in the baza ({trump}).",
    "ganador.why.wins_led": "Yes: nobody has played a triunfo and it is the strongest card of {led}.",
    "ganador.why.higher_trump": "No: {card:the} is a stronger triunfo.",
    "ganador.why.cut": "No: the baza is cut with {top:the}; a triunfo beats the led suit.",
    "ganador.why.stronger": "No: {card:the} is stronger (ace, three, king, knight, jack, seven...).",
    "ganador.why.other_suit": "No: it is neither of the led suit nor a triunfo, so it cannot win.",
    "ganador.explanation.cut": (
        "{lead:the} is led. The baza has a triunfo ({trump}) in it, so the highest triunfo wins: {card:the}."
    ),
    "ganador.explanation.trump_lead": "A triunfo is led: the highest triunfo wins, {card:the}.",
    "ganador.explanation.plain": (
        "{lead:the} is led and nobody plays a triunfo: the strongest card of {led} wins, {card:the}; cards of "
        "other suits do not count. Remember the order: ace, three, king, knight, "
        "jack, seven, six, five, four and two, so nothing beats {card:the} in this baza."
    ),
    "ganador.explanation.cut.partial": (
        "{lead:the} is led. The baza has a triunfo ({trump}) in it, so the highest triunfo is winning so far: "
        "{card:the}. Some players have yet to play."
    ),
    "ganador.explanation.trump_lead.partial": (
        "A triunfo is led: the highest triunfo is winning so far, {card:the}. Some players have yet to play."
    ),
    "ganador.explanation.plain.partial": (
        "{lead:the} is led and nobody has played a triunfo so far: the strongest card of {led} is winning, "
        "{card:the}; cards of other suits do not count. Remember the order: ace, three, king, knight, jack, "
        "seven, six, five, four and two: of the cards played, nothing beats {card:the}, but some players have "
        "yet to play."
    ),
    "ganador.strength.yes": "Yes: it is the strongest of these cards.",
    "ganador.strength.no": "No: {card:the} is stronger.",
    "ganador.strength.explanation": (
        "Within a suit the order of strength rules, not the number: ace, three, king, knight, jack, seven, "
        "six, five, four and two. The strongest is {card:the}."
    ),
    "ganador.candidates.explanation": (
        "{lead:the} is led and the triunfo is {trump}: a stronger card of {led} or any triunfo wins; cards of "
        "other suits never win."
    ),
}
