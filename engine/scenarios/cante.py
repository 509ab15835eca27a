"""May you sing now, and what: the `cante` family (R-CANTE-1..4, R-TUTE-1, R-TUTE-2).

The position is a real hand played up to the moment a trick has just been collected: the deal is
arranged so the player answering holds the cards the case needs, and play protects them. Every
sentence is a message (``cante.…``, engine/messages/<lang>/cante.py) over suits, cards and numbers.
"""

from __future__ import annotations

import random

from engine.cantes import CABALLO, CANTE_MASK, REY, TUTE_MASK, allowed_cantes
from engine.cards import CODE_OF, SUIT_MASKS, Suit, cards_of, pick
from engine.deal import Deal, deal
from engine.messages import Message, Text, Texts, msg
from engine.obligations import legal_mask
from engine.rules import TableRules, cite
from engine.scenarios.common import CODE_INDEX, sorted_codes
from engine.scenarios.model import Option, Scenario, ScenarioError
from engine.tricks import trick_winner

# The rules that decide each kind's answer: a moment the pair has (R-CANTE-2) is not cited where the
# pair has just won and nobody has sung yet, nor the priority (R-CANTE-4) where one cante is already sung.
# A tute sung ends the hand (R-TUTE-3): its questions cite that.
KIND_IDS = {
    "veinte": ("R-CANTE-1",),
    "cuarenta": ("R-CANTE-1",),
    "sin_baza": ("R-CANTE-2", "R-CANTE-1"),
    "repartido": ("R-CANTE-1", "R-CANTE-2"),
    "jugada": ("R-CANTE-3", "R-CANTE-1"),
    "cantado": ("R-CANTE-3", "R-CANTE-2"),
    "prioridad": ("R-CANTE-4", "R-CANTE-1"),
    "dos": ("R-CANTE-2",),
    "tute": ("R-TUTE-1", "R-TUTE-3"),  # at the pair's first trick, R-TUTE-2 asks for nothing more
    "tute_tarde": ("R-TUTE-2", "R-TUTE-1"),
}
LEVEL_KINDS = {
    1: ("veinte", "cuarenta", "sin_baza"),
    2: ("repartido", "jugada", "cantado", "prioridad"),
    3: ("tute", "tute_tarde", "dos", "prioridad", "repartido"),
}
TARGET_KINDS = {
    "R-CANTE-1": ("veinte", "cuarenta", "repartido"),
    "R-CANTE-2": ("sin_baza", "dos"),
    "R-CANTE-3": ("jugada", "cantado"),
    "R-CANTE-4": ("prioridad",),
    "R-TUTE-1": ("tute",),
    "R-TUTE-2": ("tute_tarde", "tute"),
}
TARGETS = tuple(TARGET_KINDS)
REYES, CABALLOS = TUTE_MASK["reyes"], TUTE_MASK["caballos"]


# Targets taught before the tute (lessons unit 15): their questions do not offer a tute to sing.
BEFORE_TUTE = ("R-CANTE-1", "R-CANTE-2", "R-CANTE-3")


def cante_options_for(trump: int, tutes: bool = True) -> tuple[Option, ...]:
    opts = [Option("cuarenta", msg("cante.option.cuarenta", trump=trump))]
    opts += [
        Option(f"veinte-{Suit(s).letter}", msg("cante.option.veinte", suit=s)) for s in range(4) if s != trump
    ]
    if tutes:
        opts += [
            Option("tute-reyes", msg("cante.option.tute_reyes")),
            Option("tute-caballos", msg("cante.option.tute_caballos")),
        ]
    opts.append(Option("nada", msg("cante.option.nada")))
    return tuple(opts)


def cante_text(suit: int, trump: int) -> Message:
    """'las cuarenta' (the trump suit) or 'las veinte en espadas' (R-CANTE-1)."""
    return msg("cante.name.cuarenta") if suit == trump else msg("cante.name.veinte", suit=suit)


def _chain(parts: list[Message], joint: str) -> Message:
    """Clauses one after another in one sentence ('a, b, c'), as nested messages."""
    if len(parts) == 1:
        return parts[0]
    return msg(joint, first=parts[0], rest=_chain(parts[1:], joint))


def suit_value(suit: int, trump: int) -> str:
    return "cuarenta" if suit == trump else f"veinte-{Suit(suit).letter}"


def allowed(
    hand: int, trump: int, pair_won: bool, first_for_pair: bool, sung: int, sang_now: bool, rules: TableRules
) -> list[str]:
    """The values the player may answer right now, best first; engine.cantes decides (R-CANTE-2, R-CANTE-4, R-TUTE-2)."""
    options = allowed_cantes(
        hand,
        trump,
        pair_won=pair_won,
        first_win=first_for_pair,
        sung=sung,
        already_sang=sang_now,
        rules=rules,
    )
    return [f"tute-{o.tute}" if o.tute else suit_value(o.suit, trump) for o in options] or ["nada"]


def _rig(
    rng: random.Random,
    kind: str,
    viewer: int,
    rules: TableRules,
    want_trump: int | None = None,
    want_suit: int | None = None,
) -> tuple[Deal, int, int, int] | None:
    """A deal where the viewer (and partner) hold what the case needs: (deal, suit, other suit, protect mask)."""
    d = deal(rng, rng.randrange(4), rules)
    trump = int(d.trump)
    if want_trump is not None and trump != want_trump:
        return None
    hands = [set(h) for h in d.hands]
    partner = (viewer + 2) % 4
    suits = [s for s in range(4) if s != trump]
    rng.shuffle(suits)
    if want_suit is not None:
        suits.remove(want_suit)
        suits.insert(0, want_suit)
    suit = trump if kind in ("cuarenta", "prioridad") else suits[0]
    other = suits[1]
    give: dict[int, int] = {}  # card -> seat
    if kind in ("veinte", "cuarenta", "sin_baza", "cantado", "jugada"):
        give = {REY[suit]: viewer, CABALLO[suit]: viewer}
    elif kind == "repartido":
        mine, theirs = (REY[suit], CABALLO[suit]) if rng.random() < 0.5 else (CABALLO[suit], REY[suit])
        give = {mine: viewer, theirs: partner}
    elif kind == "prioridad":
        give = {REY[trump]: viewer, CABALLO[trump]: viewer, REY[other]: viewer, CABALLO[other]: viewer}
    elif kind == "dos":
        give = {REY[suit]: viewer, CABALLO[suit]: viewer, REY[other]: viewer, CABALLO[other]: viewer}
    elif kind in ("tute", "tute_tarde"):
        mask = REY if rng.random() < 0.5 else CABALLO
        give = {c: viewer for c in mask}
    dealer = d.dealer
    for c, seat in give.items():
        owner = next(s for s in range(4) if c in hands[s])
        if owner == seat:
            continue
        if c == d.trump_card:
            dealer = seat  # R-DEAL-2: whoever holds the shown card dealt this hand
        spare = [x for x in hands[seat] if x not in give and x != d.trump_card]
        x = rng.choice(spare)
        hands[seat].remove(x)
        hands[owner].add(x)
        hands[owner].remove(c)
        hands[seat].add(c)
    protect = sum(1 << c for c in give)
    hands_t = tuple(tuple(sorted(h)) for h in hands)
    return Deal(hands_t, d.trump, d.trump_card, dealer, (dealer + 1) % 4), suit, other, protect


def _fits(
    kind: str,
    answer: list[str],
    hand: int,
    pair_won: bool,
    first: bool,
    suit: int,
    other: int,
    trump: int,
    played: int,
    sung: int,
    partner_hand: int,
) -> bool:
    pair = CANTE_MASK[suit]
    if kind == "veinte":
        return pair_won and answer == [suit_value(suit, trump)] and suit != trump
    if kind == "cuarenta":
        return pair_won and answer == ["cuarenta"] and hand & CANTE_MASK[trump] == CANTE_MASK[trump]
    if kind == "sin_baza":
        return not pair_won and hand & pair == pair and not sung >> suit & 1
    if kind == "repartido":
        return (
            pair_won
            and answer == ["nada"]
            and hand & pair
            and partner_hand & pair
            and (hand | partner_hand) & pair == pair
        )
    if kind == "jugada":
        return pair_won and answer == ["nada"] and hand & pair and played & pair
    if kind == "cantado":
        return pair_won and answer == ["nada"] and hand & pair == pair and sung >> suit & 1
    if kind == "prioridad":
        return (
            pair_won
            and answer == ["cuarenta"]
            and any(
                hand & CANTE_MASK[s] == CANTE_MASK[s] and not sung >> s & 1 for s in range(4) if s != trump
            )
        )
    if kind == "dos":
        return (
            pair_won
            and not answer[0].startswith("tute")
            and len([s for s in range(4) if hand & CANTE_MASK[s] == CANTE_MASK[s] and not sung >> s & 1]) >= 2
        )
    if kind == "tute":
        return pair_won and first and answer[0].startswith("tute")
    if kind == "tute_tarde":
        return pair_won and not first and (hand & REYES == REYES or hand & CABALLOS == CABALLOS)
    raise ScenarioError(kind)


def plain(hand: int, played: int, sung: int, trump: int) -> bool:
    """Whether a moment asks only what a cante is (R-CANTE-1): the hand holds no suit already sung or
    half played (R-CANTE-3), no two cantes to choose between (R-CANTE-4) and no tute (R-TUTE-1, 2)."""
    full = [s for s in range(4) if hand & CANTE_MASK[s] == CANTE_MASK[s]]
    if len(full) > 1 or any(sung >> s & 1 for s in full):
        return False
    if any(hand & CANTE_MASK[s] and played & CANTE_MASK[s] for s in range(4)):
        return False
    return hand & REYES != REYES and hand & CABALLOS != CABALLOS


def _play_to_moment(
    rng: random.Random,
    kind: str,
    rules: TableRules,
    want_trump: int | None = None,
    want_suit: int | None = None,
    partner_wins: bool = False,
    sacrifice_rey: bool = False,
    only_plain: bool = False,
):
    viewer = rng.randrange(4)
    rigged = _rig(rng, kind, viewer, rules, want_trump, want_suit)
    if rigged is None:
        return None
    d, suit, other, protect = rigged
    trump = int(d.trump)
    hands = [sum(1 << c for c in h) for h in d.hands]
    partner = (viewer + 2) % 4
    leader = d.leader
    history = []
    sung = 0
    sung_list: list[dict] = []
    pair_tricks = [0, 0]
    played = 0
    sacrifice = (
        (REY[suit] if sacrifice_rey or rng.random() < 0.5 else CABALLO[suit]) if kind == "jugada" else -1
    )
    for index in range(9):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            legal = legal_mask(hands[seat], trick, trump, rules)
            if seat in (viewer, partner):
                if sacrifice >= 0 and legal >> sacrifice & 1 and seat == viewer:
                    legal = 1 << sacrifice
                else:
                    legal = legal & ~protect or legal
            if seat == partner and kind in ("tute", "tute_tarde"):
                c = _strongest(legal, trump)  # the partner plays to win tricks for the pair
            else:
                c = pick(legal, rng)
            hands[seat] &= ~(1 << c)
            played |= 1 << c
            trick.append(c)
        if kind in ("tute", "tute_tarde") and hands[viewer] & protect != protect:
            return None  # one of the four cards had to be played: this hand cannot reach the moment
        winner = (leader + trick_winner(trick, trump)) % 4
        history.append({"leader": leader, "cards": [CODE_OF[c] for c in trick], "winner": winner})
        pair_tricks[winner % 2] += 1
        leader = winner
        pair_won = winner % 2 == viewer % 2
        first = pair_won and pair_tricks[viewer % 2] == 1
        answer = allowed(hands[viewer], trump, pair_won, first, sung, False, rules)
        if (
            (not partner_wins or winner == partner)
            and (not only_plain or plain(hands[viewer], played, sung, trump))
            and _fits(
                kind, answer, hands[viewer], pair_won, first, suit, other, trump, played, sung, hands[partner]
            )
        ):
            return d, viewer, hands, history, sung, sung_list, pair_tricks, suit, other, played
        # Nobody at this moment is the viewer answering: the winning pair declares what it may.
        # Every cante sung here is one the engine allows at this moment (R-CANTE-2..4, R-TUTE-2).
        for seat in (winner, (winner + 2) % 4):
            if seat == viewer and kind in ("sin_baza", "tute_tarde"):
                # Declaring is optional (R-CANTE-2): the viewer keeps the cante for later, and lets the
                # tute's moment pass (R-TUTE-2) rather than sing a veinte the tute outranks (R-CANTE-4).
                continue
            opts = allowed(hands[seat], trump, True, pair_tricks[winner % 2] == 1, sung, False, rules)
            if opts[0].startswith("tute"):
                return None  # a tute would end the hand here
            if seat == viewer and kind == "jugada":
                # The suit whose rey or caballo the viewer will play stays unsung (R-CANTE-3).
                opts = [o for o in opts if o != suit_value(suit, trump)] or ["nada"]
            can = [s for s in range(4) if opts[0] == suit_value(s, trump)]
            if can:
                s = can[0]
                sung |= 1 << s
                sung_list.append(
                    {
                        "seat": seat,
                        "suit": Suit(s).letter,
                        "points": 40 if s == trump else 20,
                        "after_trick": index + 1,
                    }
                )
    return None


def _strongest(legal: int, trump: int) -> int:
    trumps = legal & SUIT_MASKS[trump]
    return ((trumps or legal).bit_length()) - 1


def generate_cante(seed: int, difficulty: int, rules: TableRules, target: str | None) -> Scenario:
    rng = random.Random(f"cante:{seed}:{difficulty}")
    if target == "R-TUTE-2" and difficulty < 3:
        kinds = ["tute_tarde"]  # the tute's moment gone: a tute sung now also brings in R-TUTE-3
    elif target is not None:
        kinds = [k for k in TARGET_KINDS[target] if k in LEVEL_KINDS[difficulty]] or list(
            TARGET_KINDS[target]
        )
    else:
        kinds = list(LEVEL_KINDS[difficulty])
    kind = rng.choice(kinds)
    if target == "R-CANTE-1" and kind in ("veinte", "cuarenta"):
        # Aimed at what a cante is: nothing else to weigh (a suit sung or played, a choice, a tute).
        return build_cante(rng, seed, difficulty, rules, target, kind, only_plain=True)
    return build_cante(rng, seed, difficulty, rules, target, kind)


def build_cante(
    rng: random.Random, seed: int, difficulty: int, rules: TableRules, target: str | None, kind: str, **wanted
) -> Scenario:
    """Play a rigged hand to a moment of this kind and pose the question."""
    for _ in range(200):
        found = _play_to_moment(rng, kind, rules, **wanted)
        if found is not None:
            break
    else:
        raise ScenarioError(f"no se ha encontrado una posición de cante del tipo {kind}")
    d, viewer, hands, history, sung, sung_list, pair_tricks, suit, other, played = found
    trump = int(d.trump)
    partner = (viewer + 2) % 4
    winner = history[-1]["winner"]
    pair_won = winner % 2 == viewer % 2
    first = pair_won and pair_tricks[viewer % 2] == 1
    sang_now: list[dict] = []
    if kind == "dos":
        best = allowed(hands[viewer], trump, True, first, sung, False, rules)[0]
        s = next(s for s in range(4) if suit_value(s, trump) == best)
        sang_now.append({"seat": viewer, "suit": Suit(s).letter, "points": 40 if s == trump else 20})
    partner_shows = []
    if kind == "repartido":
        partner_shows = [CODE_OF[c] for c in (REY[suit], CABALLO[suit]) if hands[partner] >> c & 1]
    position = {
        "trump": Suit(trump).letter,
        "trump_card": CODE_OF[d.trump_card] if d.trump_card is not None else None,
        "dealer": d.dealer,
        "viewer": viewer,
        "hand": sorted_codes(hands[viewer]),
        "hands": [sorted_codes(h) for h in hands],
        "history": history,
        "last_winner": winner,
        "pair_tricks": {"A": pair_tricks[0], "B": pair_tricks[1]},
        "sung": sung_list,
        "sang_now": sang_now,
        "partner_shows": partner_shows,
    }
    answer = allowed(hands[viewer], trump, pair_won, first, sung, bool(sang_now), rules)
    question = cante_question(position)
    ids = KIND_IDS[kind]
    if target:
        ids = (target, *[i for i in ids if i != target])
    return Scenario(
        "cante",
        difficulty,
        seed,
        rules,
        tuple(ids),
        question,
        "choice",
        cante_options_for(trump, tutes=not (target in BEFORE_TUTE and not answer[0].startswith("tute"))),
        position,
        answer,
    )


def cante_question(position: dict) -> Texts:
    trump = int(Suit.parse(position["trump"]))
    viewer = position["viewer"]
    winner = position["last_winner"]
    who = "you" if winner == viewer else "partner" if winner == (viewer + 2) % 4 else "rivals"
    text = [
        msg("cante.q.trump", trump=trump),
        msg("cante.q.collected", n=len(position["history"])),
        msg(f"cante.q.won.{who}"),
    ]
    if position["sung"]:
        sung = [_sung_text(x, viewer, trump) for x in position["sung"]]
        text.append(msg("cante.q.sung", sung=_chain(sung, "cante.comma")))
    if position["sang_now"]:
        now = [cante_text(int(Suit.parse(x["suit"])), trump) for x in position["sang_now"]]
        text.append(msg("cante.q.sang_now", sung=_chain(now, "cante.comma")))
    if position["partner_shows"]:
        text.append(
            msg("cante.q.partner_shows", cards=tuple(CODE_INDEX[c] for c in position["partner_shows"]))
        )
    text.append(msg("cante.q.ask"))
    return Texts(text)


def _sung_text(x: dict, viewer: int, trump: int) -> Message:
    by = "you" if x["seat"] == viewer else "partner" if x["seat"] == (viewer + 2) % 4 else "rival"
    cante = cante_text(int(Suit.parse(x["suit"])), trump)
    return msg(f"cante.sung.{by}", cante=cante, n=x["after_trick"])


def cante_state(position: dict) -> dict:
    """Facts the grader needs, recomputed from the stored position."""
    trump = int(Suit.parse(position["trump"]))
    viewer = position["viewer"]
    hand = sum(1 << CODE_INDEX[c] for c in position["hand"])
    played = 0
    for t in position["history"]:
        for c in t["cards"]:
            played |= 1 << CODE_INDEX[c]
    sung = 0
    for x in position["sung"]:
        sung |= 1 << Suit.parse(x["suit"])
    pair_won = position["last_winner"] % 2 == viewer % 2
    pair = "AB"[viewer % 2]
    first = pair_won and position["pair_tricks"][pair] == 1
    partner_cards = sum(1 << CODE_INDEX[c] for c in position["partner_shows"])
    return {
        "trump": trump,
        "hand": hand,
        "played": played,
        "sung": sung,
        "pair_won": pair_won,
        "first": first,
        "sang_now": bool(position["sang_now"]),
        "partner": partner_cards,
    }


def diagnose_cante(position: dict, given: str, rules: TableRules) -> str | None:
    """The belief behind answering ``given`` (a wrong option value)."""
    st = cante_state(position)
    trump, hand = st["trump"], st["hand"]
    right = allowed(hand, trump, st["pair_won"], st["first"], st["sung"], st["sang_now"], rules)
    if given in right:
        return None
    if given == "nada":
        return "no_ve_cante"
    if st["sang_now"]:
        return "dos_cantes"
    if not st["pair_won"]:
        return "cante_sin_baza"
    if given.startswith("tute"):
        mask = REYES if given == "tute-reyes" else CABALLOS
        if hand & mask == mask:
            return "tute_fuera_de_tiempo"
        return "cante_repartido" if (hand | st["partner"]) & mask == mask else "tute_sin_cartas"
    suit = trump if given == "cuarenta" else int(Suit.parse(given.split("-")[1]))
    pair = CANTE_MASK[suit]
    if hand & pair == pair:
        if st["sung"] >> suit & 1:
            return "palo_ya_cantado"
        return "prioridad_cante"  # a valid cante, but not the one that goes first
    if st["played"] & pair and hand & pair:
        return "cante_carta_jugada"
    if st["partner"] & pair and hand & pair:
        return "cante_repartido"
    # The cante of another suit is in the hand: its suit was mistaken; no couple at all: none to sing.
    couples = any(hand & CANTE_MASK[s] == CANTE_MASK[s] for s in range(4) if s != suit)
    return "cante_otro_palo" if couples else "cante_sin_pareja"


def cante_explanation(position: dict, rules: TableRules) -> tuple[Text, tuple[str, ...]]:
    """The explanation, and the rules its sentences state (cited in the «Reglas» lines, not in the text)."""
    st = cante_state(position)
    trump, hand = st["trump"], st["hand"]
    right = allowed(hand, trump, st["pair_won"], st["first"], st["sung"], st["sang_now"], rules)
    if not st["pair_won"]:
        return msg("cante.expl.rival_won"), ("R-CANTE-2",)
    if st["sang_now"]:
        return msg("cante.expl.sang_now"), ("R-CANTE-2",)
    if right[0].startswith("tute"):
        # At the pair's first baza the moment asks nothing more (R-TUTE-2); a later one is the variant's.
        moment = () if st["first"] else cite(("R-TUTE-2",), rules)
        ids = ("R-TUTE-1", *moment, "R-TUTE-3", "R-CANTE-4")
        return msg("cante.expl.tute_reyes" if right[0] == "tute-reyes" else "cante.expl.tute_caballos"), ids
    notes, ids = [], []
    if (hand & REYES == REYES or hand & CABALLOS == CABALLOS) and not (
        st["first"] or rules.tute_cualquier_baza
    ):
        notes.append(msg("cante.note.tute_passed"))
        ids += cite(("R-TUTE-2",), rules)
    for s in range(4):
        pair = CANTE_MASK[s]
        if hand & pair == pair and st["sung"] >> s & 1:
            notes.append(msg("cante.note.sung", cante=cante_text(s, trump)))
            ids.append("R-CANTE-3")
        elif hand & pair and st["played"] & pair:
            notes.append(msg("cante.note.played", suit=s, card=cards_of(st["played"] & pair)[0]))
            ids.append("R-CANTE-3")
        elif hand & pair and st["partner"] & pair:
            notes.append(msg("cante.note.split", suit=s))
            ids.append("R-CANTE-1")
    if right == ["nada"]:
        head = msg("cante.head.nada")
    elif right == ["cuarenta"]:
        before = any(
            hand & CANTE_MASK[s] == CANTE_MASK[s] and not st["sung"] >> s & 1 for s in range(4) if s != trump
        )
        head = msg("cante.head.cuarenta.first" if before else "cante.head.cuarenta")
        ids += ["R-CANTE-4"] if before else []
    else:
        suits = [msg("cante.suit", suit=Suit.parse(v.split("-")[1])) for v in right]
        head = msg("cante.head.veinte", suits=_chain(suits, "cante.and_of"))
        ids = ["R-CANTE-1", *ids]  # what a cante is; the sentence does not explain the moment (R-CANTE-2)
    return Texts([head, *notes]), tuple(dict.fromkeys(ids))
