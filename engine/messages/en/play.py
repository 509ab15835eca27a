"""Play obligations in English (engine.obligations.ruling); the same ids and facts as es/play.py.

The obligations keep their Spanish names (asistir, montar, fallar, pisar); the explanations gloss them
once in English.
"""

CATALOGUE: dict[str, str] = {
    "play.salida.ok": "Yes: {who:subj} {who:v:is} mano and {who:v:may} lead any card.",
    "play.salida": "{who:subj} {who:v:is} mano: {who:subj} {who:v:may} lead any card in {who:mano}.",
    "play.situation.cut": "The lead is {lead:the} and the baza is already cut with {top:the}.",
    "play.situation.trump_lead": "The lead is {lead:the}: a triunfo lead ({trump}).",
    "play.situation.plain": "The lead is {lead:the} and nobody has played a triunfo.",
    "play.partner_no_excuse": "Even with {who:partner} winning the baza, the obligation stands.",
    "play.cortada.ok": (
        "Yes: it is {led} and the baza is already cut with {top:the}, so there is no need to montar."
    ),
    "play.cortada.trump": (
        "No: {who:subj} {who:v:has} {led}; even though the baza is cut, {who:subj} {who:v:must} asistir and "
        "cannot play a triunfo."
    ),
    "play.must_follow": "No: {who:subj} {who:v:has} {led} and {who:v:must} asistir.",
    "play.cortada": (
        "{who:subj} {who:v:has} {led}, so {who:subj} {who:v:must} asistir (follow suit); as the baza is "
        "already cut, there is no need to montar: any of {who:pos} {led} will do."
    ),
    "play.montar.ok": "Yes: it is {led} and beats {target:the}; that is asistir and montar{variant}.",
    "play.montar.low": (
        "No: {who:subj} {who:v:has} {led} and {cards:the_or} beat{cards:s} {target:the}; {who:subj} "
        "{who:v:must} montar{variant}."
    ),
    "play.montar.trump": "No: {who:subj} {who:v:has} {led}; {who:subj} {who:v:must} asistir and montar, not play a triunfo.",
    "play.montar.other": "No: {who:subj} {who:v:has} {led}; {who:subj} {who:v:must} asistir and montar.",
    "play.montar": (
        "{who:subj} {who:v:has} {led}, so {who:subj} {who:v:must} asistir (follow suit), and as {who:subj} "
        "{who:v:can} beat {beat}, {who:subj} {who:v:must} montar (play higher){variant}: only {cards:the_or} "
        "will do."
    ),
    "play.montar.variant": " (at this table montar is required even when the baza is cut)",
    "play.montar.default": "",
    "play.target.card": "{target:the}",
    "play.target.strongest": "the strongest {led} card in the baza ({target:the})",
    "play.asistir.ok": "Yes: it is {led}; none of {who:pos} {led} cards beats {target:the}, so asistir is enough.",
    "play.asistir.ok.one": (
        "Yes: it is {who:pos} only {led} card and it does not beat {target:the}, so asistir is enough."
    ),
    "play.asistir.trump": "No: {who:subj} {who:v:has} {led}; {who:subj} {who:v:must} asistir, not play a triunfo.",
    "play.asistir": (
        "{who:subj} {who:v:has} {led}, so {who:subj} {who:v:must} asistir (follow suit); none of them beats "
        "{target:the}, so {who:subj} cannot montar and any of {who:pos} {led} cards will do."
    ),
    "play.cortada.one": (
        "{who:subj} {who:v:has} {led}, so {who:subj} {who:v:must} asistir (follow suit) with the only one, "
        "{cards:the_or}; as the baza is already cut, there is no need to montar."
    ),
    "play.asistir.one": (
        "{who:subj} {who:v:has} {led}, so {who:subj} {who:v:must} asistir (follow suit): the only one is "
        "{cards:the_or}, which does not beat {target:the}."
    ),
    "play.fallar.one": (
        "As {who:subj} {who:v:has} no {led} and only one triunfo, {cards:the_or}, {who:subj} {who:v:must} "
        "fallar (play a trump) with it."
    ),
    "play.libre.none.ok": "Yes: {nothing}; {who:subj} {who:v:may} play any card.",
    "play.libre.none": "{nothing}, so {who:subj} can neither asistir nor fallar: {who:subj} {who:v:may} play any card.",
    "play.nothing.trump_lead": "{who:subj} {who:v:has} no triunfo ({trump})",
    "play.nothing": "{who:subj} {who:v:has} no {led} and no triunfo",
    "play.fallar.ok": "Yes: {who:subj} {who:v:has} no {led} and it is a triunfo; that is fallar.",
    "play.fallar.no": (
        "No: {who:subj} {who:v:has} no {led} but {who:v:has} triunfos ({trump}); {who:subj} {who:v:must} fallar."
    ),
    "play.fallar": (
        "As {who:subj} {who:v:has} no {led} and {who:v:has} triunfos, {who:subj} {who:v:must} fallar (play a "
        "trump): any of {who:pos} {trump} will do."
    ),
    "play.pisar.ok": "Yes: {card:the} beats {top:the}; that is pisar.",
    "play.pisar.low": (
        "No: {card:the} does not beat {top:the} and {who:subj} {who:v:has} a triunfo that does ({cards:the_or}); "
        "{who:subj} {who:v:must} pisar."
    ),
    "play.pisar.other": (
        "No: {who:subj} {who:v:has} no {led} and {who:v:has} a triunfo that beats {top:the}; {who:subj} "
        "{who:v:must} pisar."
    ),
    "play.pisar": (
        "As {who:subj} {who:v:has} no {led} and {who:v:can} beat {top:the} with a triunfo, {who:subj} "
        "{who:v:must} pisar (play a higher trump): only {cards:the_or} will do."
    ),
    "play.fallar_sin_pisar.ok": (
        "Yes: {who:subj} cannot pisar {top:the}, but at this table a triunfo must be played even if it is lower."
    ),
    "play.fallar_sin_pisar.no": (
        "No: {who:subj} {who:v:has} no {led} but {who:v:has} triunfos; at this table {who:subj} {who:v:must} "
        "play one even if it does not pisar."
    ),
    "play.fallar_sin_pisar": (
        "{who:subj} {who:v:has} no {led} and none of {who:pos} triunfos beats {top:the}; at this table (fallar "
        "sin pisar) {who:subj} {who:v:must} still play a triunfo."
    ),
    "play.libre_menor.ok": (
        "Yes: {who:subj} {who:v:has} no {led} and none of {who:pos} triunfos beats {top:the}; {who:subj} "
        "{who:v:may} play any card."
    ),
    "play.libre_menor": (
        "{who:subj} {who:v:has} no {led} and cannot pisar {top:the}: {who:subj} {who:v:is} not obliged to "
        "fallar and {who:v:may} play any card, a lower triunfo included."
    ),
    "play.companero.ok": (
        "Yes: {who:partner} is winning with {partner_card:the}; at this table asistir is enough."
    ),
    "play.companero.no": (
        "No: {who:subj} {who:v:has} {led}; even though {who:partner} is winning with {partner_card:the}, "
        "{who:subj} {who:v:must} asistir."
    ),
    "play.companero": (
        "{who:partner} is winning with {partner_card:the}: at this table (the partner exception) asistir "
        "is enough, without montar."
    ),
    "play.companero.free.ok": (
        "Yes: {who:partner} is winning with {partner_card:the} and {who:subj} {who:v:has} no {led}; at "
        "this table {who:subj} {who:v:may} play any card."
    ),
    "play.companero.free": (
        "{who:partner} is winning with {partner_card:the} and {who:subj} {who:v:has} no {led}: at this "
        "table (the partner exception) {who:subj} {who:v:does} not have to fallar or pisar."
    ),
}
