"""The mistaken beliefs a wrong answer reveals, and how the engine tells which one fits a given play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.cards import SUIT_MASKS
from engine.obligations import ABOVE, legal_mask
from engine.rules import GUIA, TableRules
from engine.scenarios.common import trick_state

MISCONCEPTIONS: dict[str, str] = {
    "triunfo_teniendo_palo": "Echar triunfo teniendo cartas del palo de salida: primero hay que asistir.",
    "otro_palo_teniendo_palo": "Jugar otro palo teniendo cartas del palo de salida: hay que asistir.",
    "no_monto": "No montar pudiendo: si asistes y nadie ha echado triunfo, debes superar la carta más fuerte del palo de salida.",
    "monto_solo_salida": "Superar solo la carta de salida: hay que superar la carta más fuerte del palo de salida que haya en la baza.",
    "monto_baza_cortada": "Creer que hay que montar cuando la baza ya está cortada con triunfo: basta con asistir.",
    "no_fallo": "No echar triunfo sin tener el palo de salida: si tienes triunfo, debes fallar.",
    "no_piso": "No pisar pudiendo: si ya hay triunfo en la baza y tienes uno mayor, debes echarlo.",
    "fallo_sin_poder_pisar": "Creer que hay que echar un triunfo menor cuando no puedes pisar: puedes jugar cualquier carta.",
    "excusa_companero": "Creer que ir ganando tu compañero te libra de las obligaciones: se aplican igual.",
    "ignora_variante": "Aplicar la regla general sin tener en cuenta la variante que se juega en esta mesa.",
    "ignora_montar_tras_fallo": (
        "Olvidar la regla de esta mesa: aunque la baza ya esté cortada con triunfo, si asistes debes superar "
        "la carta más fuerte del palo de salida si puedes."
    ),
    "ignora_fallar_sin_pisar": (
        "Olvidar la regla de esta mesa: aunque no puedas pisar, si no tienes el palo de salida debes echar un "
        "triunfo menor."
    ),
    "ignora_excepcion_companero": (
        "Olvidar la excepción de esta mesa: mientras tu compañero va ganando basta con asistir, y sin el palo "
        "de salida puedes jugar cualquier carta."
    ),
    "ignora_primera_mano": (
        "Olvidar la primera mano de esta mesa: en la primera mano de la partida el triunfo es oros y sale "
        "quien tiene el dos de oros."
    ),
    "ignora_partida_ludoteka": (
        "Olvidar el sistema de partida de esta mesa: la mano vale 2 puntos si su total pasa de 100 (si no, "
        "1), un tute vale 2 y se gana con 6."
    ),
    "libertad_brisca": "Jugar con la libertad de la brisca: en el tute hay que asistir, montar, fallar y pisar.",
    "obligacion_inventada": "Ver una obligación que no hay: esa carta también cumple las reglas de esta baza.",
    "renuncio_inventado": "Ver un renuncio que no hay: la carta que jugó ese jugador cumplía sus obligaciones.",
    "tres_bajo_rey": "Poner el tres por debajo del rey: el tres supera al rey y vale 10 tantos (el rey, 4).",
    "orden_fuerza": "Equivocar el orden de fuerza: as, tres, rey, caballo, sota, siete, seis, cinco, cuatro y dos.",
    "gana_la_salida": "Creer que la carta de salida gana por salir primero: gana la más alta del palo de salida o el triunfo más alto.",
    "ganador_ignora_triunfo": "Olvidar el triunfo: cualquier triunfo gana a las cartas de los otros palos.",
    "ganador_otro_palo": "Dar la baza a una carta alta de otro palo: solo ganan el palo de salida o el triunfo.",
    "tantos_mal_contados": "Contar mal los tantos: as 11, tres 10, rey 4, caballo 3, sota 2 y las demás 0.",
    "olvido_ultimas": "Olvidar las diez de últimas: la pareja que gana la última baza suma 10 tantos.",
    "olvido_cantes": "Olvidar sumar los cantes (20 o 40) al total de la pareja.",
    "cante_descuenta_cartas": "Creer que el rey y el caballo cantados ya no cuentan como cartas: siguen valiendo 4 y 3.",
    "cinco_bazas_empate": "Creer que cinco bazas por pareja es empate: deciden los tantos, los cantes y la última.",
    "empate_sin_ultimas": "Creer que un empate a tantos queda en empate: lo gana la pareja que hizo la última baza.",
    "mas_cartas_gana": "Comparar solo los tantos de las cartas sin añadir cantes ni las diez de últimas.",
    "cante_repartido": "Cantar con el rey y el caballo repartidos entre dos compañeros: deben estar en la mano de uno.",
    "cante_carta_jugada": "Cantar después de haber jugado el rey o el caballo: ese palo ya no se puede cantar.",
    "cante_sin_baza": "Cantar cuando tu pareja no ha ganado la baza: solo se canta tras una baza ganada por la pareja.",
    "palo_ya_cantado": "Cantar un palo que ya se cantó: cada palo se canta una sola vez por mano.",
    "dos_cantes": "Cantar dos veces en el mismo momento: cada jugador canta como mucho una vez tras cada baza.",
    "prioridad_cante": "Equivocar la prioridad de los cantes: primero el tute, después las cuarenta y después las veinte.",
    "tute_fuera_de_tiempo": "Cantar el tute fuera de su momento: se declara cuando la pareja gana su primera baza.",
    "no_ve_cante": "No ver un cante válido: rey y caballo del mismo palo en tu mano tras una baza de tu pareja.",
    "cante_otro_palo": "Cantar el palo equivocado: el cante es del palo del que tienes rey y caballo.",
    "tute_sin_cartas": "Cantar un tute sin tenerlo: hacen falta los cuatro reyes o los cuatro caballos en tu mano.",
    "ocho_y_nueve": "Confundir la baraja: el tute se juega con la baraja española de 40 cartas (oros, copas, espadas y bastos; del as al siete, sota 10, caballo 11 y rey 12), sin ochos, nueves ni comodines.",
    "lee_mal_la_notacion": "Leer mal la notación: número y letra del palo (o oros, c copas, e espadas, b bastos); 10 es la sota, 11 el caballo y 12 el rey.",
    "companero_al_lado": "Creer que el compañero se sienta al lado: se sienta enfrente, y a los lados están los rivales.",
    "orden_horario": "Seguir el sentido de las agujas del reloj: en el tute se juega hacia la derecha, en sentido contrario.",
    "sale_el_repartidor": "Creer que sale el repartidor: la primera baza la abre el jugador a su derecha.",
    "salida_por_turno": "Creer que la salida va pasando por turno: cada baza la abre quien ganó la anterior.",
    "roba_del_mazo": "Mezclarlo con el tute de dos o la brisca: en el tute por parejas se reparten las 40 cartas, diez a cada uno, y no se roba.",
    "triunfo_no_se_queda": "Creer que la carta que marca el triunfo se queda en la mesa o se cambia: es la última del repartidor y se queda en su mano.",
    "triunfo_otro_palo": "Equivocar el triunfo: es el palo de la carta que enseña el repartidor.",
    "reparto_a_la_izquierda": "Pasar el reparto hacia la izquierda: en cada mano reparte el jugador a la derecha del anterior.",
    "repite_repartidor": "Creer que reparte siempre el mismo: el reparto pasa a la derecha en cada mano.",
    "suma_puntos_a_tantos": "Sumar los tantos de la mano al marcador de la partida: solo sirven para decidir quién gana la mano.",
    "cree_101": "Mezclarlo con el tute de dos: en el tute por parejas no se juega a 101; la partida se cuenta por manos ganadas.",
    "mezcla_sistemas": "Mezclar los sistemas de partida: en esta mesa cada mano ganada (también con tute) vale un punto y se gana con tres; el sistema de Ludoteka (2 puntos, a 6) es otra variante.",
    "tute_no_cuenta": "Creer que el tute no da punto: un tute gana la mano y cuenta como mano ganada.",
}


# The play switches, each with the misconception of a learner who forgets it (rules.md section 9).
_PLAY_SWITCHES = {
    "montar_tras_fallo": "ignora_montar_tras_fallo",
    "fallar_sin_pisar": "ignora_fallar_sin_pisar",
    "excepcion_companero": "ignora_excepcion_companero",
}


def ignored_switch(rules: TableRules, holds) -> str | None:
    """The misconception of forgetting one of this table's play switches, if forgetting it makes
    ``holds(rules_without_it)`` true."""
    for key, code in _PLAY_SWITCHES.items():
        if getattr(rules, key) and holds(replace(rules, **{key: False})):
            return code
    return None


def diagnose_card(
    hand: int, trick: Sequence[int], trump: int, c: int, rules: TableRules = GUIA
) -> str | None:
    """The belief behind playing card ``c`` (illegal here) from ``hand`` (a mask) on ``trick``."""
    if not trick:
        return None
    hand |= 1 << c
    if legal_mask(hand, trick, trump, rules) >> c & 1:
        return None
    forgot = ignored_switch(rules, lambda r: legal_mask(hand, trick, trump, r) >> c & 1)
    if forgot:
        return forgot
    led, high_led, high_trump, winner = trick_state(trick, trump)
    partner_winning = len(trick) >= 2 and winner == len(trick) - 2
    suit = c // 10
    if hand & SUIT_MASKS[led]:
        if suit != led:
            return "triunfo_teniendo_palo" if suit == trump else "otro_palo_teniendo_palo"
        if partner_winning and not rules.excepcion_companero:
            return "excusa_companero"
        if c > trick[0] and c < high_led and led != trump and high_trump < 0:
            return "monto_solo_salida"
        return "no_monto"
    if partner_winning and not rules.excepcion_companero:
        return "excusa_companero"
    if high_trump < 0:
        return "no_fallo"
    if hand & SUIT_MASKS[trump] & ABOVE[high_trump]:
        return "no_piso"
    return None


def diagnose_missed(
    hand: int, trick: Sequence[int], trump: int, missed: int, rules: TableRules = GUIA
) -> str | None:
    """The belief behind leaving out ``missed`` (a legal card) from the set of valid cards, if one fits;
    None when no named belief explains it (the grade's note then names the card left out)."""
    if not trick:
        return None
    forgot = ignored_switch(rules, lambda r: not legal_mask(hand, trick, trump, r) >> missed & 1)
    if forgot:
        return forgot
    led, high_led, high_trump, _ = trick_state(trick, trump)
    suit = missed // 10
    cut = high_trump >= 0 and led != trump
    if suit == led and cut and missed < high_led and not rules.montar_tras_fallo:
        return "monto_baza_cortada"  # R-OBL-CORTADA
    if (
        hand & SUIT_MASKS[led] == 0
        and high_trump >= 0
        and suit != trump
        and hand & SUIT_MASKS[trump]
        and not rules.fallar_sin_pisar
    ):
        return "fallo_sin_poder_pisar"  # R-OBL-LIBRE
    return None
