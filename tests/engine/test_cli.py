"""The public JSON contract of ``python -m engine``, run as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.hand import random_hand

ROOT = Path(__file__).resolve().parents[2]
rule = pytest.mark.rule


def run(args: list[str], stdin: str) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin.encode(),
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    return proc.returncode, proc.stdout.decode()


def call(command: str, data) -> tuple[int, dict]:
    code, out = run([command], json.dumps(data))
    assert out.count("\n") == 1, out
    return code, json.loads(out)


@rule("R-OBL-MONTAR")
def test_legal_answers_the_contract_example():
    code, out = call("legal", {"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"]})
    assert code == 0
    assert list(out) == ["legal", "obligation", "rules", "cards", "explanation"]
    assert out["legal"] == ["12c"]
    assert out["obligation"] == "montar"
    assert out["rules"] == ["R-OBL-ASISTIR", "R-OBL-MONTAR"]
    assert [c["card"] for c in out["cards"]] == ["12c", "4c", "6b"]
    assert [c["legal"] for c in out["cards"]] == [True, False, False]
    assert all(set(c) == {"card", "legal", "why"} and c["why"] for c in out["cards"])
    assert "sota de copas" in out["explanation"]


def test_legal_accepts_suit_names_spanish_card_names_and_rules_and_echoes_the_notation():
    data = {
        "trump": "oros",
        "trick": ["Sota de Copas", "2o"],
        "hand": ["rey de copas", "4c", "6b"],
        "rules": {"montar_tras_fallo": True},
    }
    code, out = call("legal", data)
    assert code == 0
    assert out["legal"] == ["rey de copas"]
    data["rules"] = "guia"
    code, out = call("legal", data)
    assert out["legal"] == ["rey de copas", "4c"]
    assert out["rules"] == ["R-OBL-ASISTIR", "R-OBL-CORTADA"]


def test_legal_with_an_empty_trick_is_a_salida():
    code, out = call("legal", {"trump": "c", "hand": ["1o"]})
    assert (code, out["obligation"], out["legal"]) == (0, "salida", ["1o"])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"trump": "o", "trick": ["10c"], "hand": ["10c", "4c"]}, "repetida"),
        ({"trump": "o", "trick": ["1c", "2c", "3c", "4c"], "hand": ["5c"]}, "como mucho 3"),
        ({"trump": "o", "hand": []}, "de 1 a 10"),
        (
            {"trump": "o", "hand": ["1o", "2o", "3o", "4o", "5o", "6o", "7o", "10o", "11o", "12o", "1c"]},
            "de 1 a 10",
        ),
        ({"trump": "x", "hand": ["1o"]}, "Palo desconocido"),
        ({"trump": "o", "hand": ["9o"]}, "'9o'"),
        ({"trump": "o", "hand": ["1o"], "rules": {"rapido": True}}, "rapido"),
        ({"trump": "o", "hand": ["1o"], "rules": "nada"}, "Mesa desconocida"),
        ({"trump": "o", "hand": "1o"}, "lista"),
        ({"hand": ["1o"]}, "trump"),
        ({"trump": "o", "hand": ["1o"], "extra": 1}, "extra"),
        ([1, 2], "objeto"),
    ],
)
def test_bad_legal_input_exits_2_with_a_one_line_json_error(data, message):
    code, out = call("legal", data)
    assert code == 2
    assert list(out) == ["error"]
    assert message in out["error"]


def test_bad_json_and_a_bad_command_exit_2():
    code, out = run(["legal"], "{nope")
    assert code == 2 and "JSON" in json.loads(out)["error"]
    code, out = run(["shuffle"], "{}")
    assert code == 2 and "uso" in json.loads(out)["error"]


def test_the_words_printed_are_in_the_language_asked_for_spanish_by_default():
    data = json.dumps({"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"]})
    default, spanish = run(["legal"], data), run(["legal", "--lang", "es"], data)
    assert default == spanish == run(["--lang=es", "legal"], data)
    assert json.loads(default[1])["cards"][1]["why"].startswith("No: tienes copas")
    for bad in (["legal", "--lang", "fr"], ["legal", "--lang"]):
        code, out = run(bad, data)
        assert code == 2 and "uso" in json.loads(out)["error"]


def test_an_answer_keeps_messages_until_it_is_printed_in_a_language():
    from engine.cli import cmd_legal, words
    from engine.messages import Message

    out = cmd_legal({"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"]})
    assert isinstance(out["cards"][0]["why"], Message)
    label = {"label": Message("families.label.validas"), "n": [Message("families.trump", {"trump": 1})]}
    assert words(label, "en") == {"label": "Mark every valid card", "n": ["Triunfo: copas."]}
    assert words(label, "es") == {"label": "Marca todas las cartas válidas", "n": ["Triunfo: copas."]}


@rule("R-TRICK-2")
def test_trick_answers_the_index_and_card_of_the_winner():
    code, out = call("trick", {"trump": "c", "cards": ["5o", "6o", "2c", "7b"]})
    assert (code, out) == (0, {"winner": 2, "card": "2c"})
    code, out = call("trick", {"trump": "oros", "cards": ["cinco de oros", "seis de oros", "2c", "7b"]})
    assert (code, out) == (0, {"winner": 1, "card": "seis de oros"})
    code, out = call("trick", {"trump": "c", "cards": []})
    assert code == 2


@rule("R-DEAL-2", "R-DEAL-3")
def test_deal_answers_the_four_hands_trump_and_leader():
    code, out = call("deal", {"seed": 7, "dealer": 0})
    assert code == 0
    assert set(out) == {"hands", "trump", "trump_card", "dealer", "leader"}
    assert sorted(out["hands"]) == ["0", "1", "2", "3"]
    assert out["hands"]["0"][-1] == out["trump_card"]
    assert out["trump"] == out["trump_card"][-1]
    assert out["leader"] == 1
    code, again = call("deal", {"seed": 7, "dealer": 0})
    assert again == out
    code, lud = call("deal", {"seed": 7, "dealer": 2, "rules": "ludoteka", "first_hand": True})
    assert lud["trump"] == "o" and lud["trump_card"] is None and "2o" in lud["hands"][str(lud["leader"])]
    code, out = call("deal", {"seed": "x"})
    assert code == 2


@rule("R-OBL-RENUNCIO")
def test_referee_answers_the_contract_fields():
    h = random_hand(21, renuncio=0.05)
    rec = h.record()
    del rec["hands"]
    code, out = call("referee", rec)
    assert code == 0
    assert list(out) == [
        "winners",
        "renuncios",
        "cantes",
        "tute",
        "tantos",
        "cantes_points",
        "ultimas",
        "totals",
        "winner",
        "reason",
    ]
    assert out["winners"] == h.winners
    assert out["reason"] == "renuncio"
    assert out == {**out, **h.score().to_dict()}


def test_jsonl_answers_every_line_in_order_and_a_bad_line_does_not_stop_the_rest():
    lines = [
        json.dumps({"trump": "o", "cards": ["1c", "2c"]}),
        "{not json",
        json.dumps({"trump": "o", "cards": ["1c", "8c"]}),
        "",
        json.dumps({"trump": "o", "cards": ["2c", "2o"]}),
    ]
    code, out = run(["trick", "--jsonl"], "\n".join(lines) + "\n")
    assert code == 0
    answers = [json.loads(x) for x in out.splitlines()]
    assert len(answers) == 5
    assert answers[0] == {"winner": 0, "card": "1c"}
    assert "error" in answers[1] and "8c" in answers[2]["error"] and "error" in answers[3]
    assert answers[4] == {"winner": 1, "card": "2o"}


def test_jsonl_streams_line_by_line_to_the_end():
    # 20,000 lines, each answered in order to the last (the speed is the engine bench's business).
    line = json.dumps({"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b", "1o", "3e"]}) + "\n"
    code, out = run(["legal", "--jsonl"], line * 20_000)
    assert code == 0
    assert out.count("\n") == 20_000
    assert out.endswith(
        '"Sale la sota de copas y nadie ha echado triunfo. Tienes copas, así que debes asistir, y '
        'como puedes superar la sota de copas, debes montar: solo vale el rey de copas."}\n'
    )
