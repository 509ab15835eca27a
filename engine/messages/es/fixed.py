"""The questions of the seeds' fixed examples (engine.scenarios.fixed) in Spanish; facts: lead (a card)."""

CATALOGUE: dict[str, str] = {
    "fixed.guia-tantos-98-72": (
        "Ana y Carla han ganado cartas que suman 58 tantos y han cantado las cuarenta. Bruno y Diego se han "
        "llevado los otros 62 tantos y la última baza. ¿Quién gana la mano?"
    ),
    "fixed.guia-empate-75": (
        "Ana y Carla suman 75 tantos en cartas. Bruno y Diego suman 45 en cartas, han cantado las veinte en "
        "bastos y han ganado la última baza. ¿Quién gana la mano?"
    ),
    "fixed.guia-80-70": (
        "Ana y Carla suman 70 tantos en cartas y ganan la última baza. Bruno y Diego suman 50 en cartas y han "
        "cantado las veinte en espadas. ¿Quién gana la mano?"
    ),
    "fixed.guia-70-80": (
        "Ana y Carla suman 70 tantos en cartas. Bruno y Diego suman 50 en cartas, han cantado las veinte en "
        "espadas y ganan la última baza. ¿Quién gana la mano?"
    ),
    "fixed.salida-cinco-de-oros": (
        "Sale {lead:the}. ¿Con cuáles de estas cartas ganarías la baza? Marca todas las que ganan."
    ),
}
