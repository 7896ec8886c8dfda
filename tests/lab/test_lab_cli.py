"""`groundlab lab`: the ladder table and the built-in verifiers' scores, as text and as JSON."""

import json

from groundlab.cli import main


def test_lab_prints_the_ladder_and_every_verifier(capsys):
    assert main(["lab"]) == 0
    out = capsys.readouterr().out
    assert "exact              16 of 260           13 of 183" in out
    assert "is_quoted         196 of 260            1 of 183" in out
    assert "+hyphen           257 of 260            9 of 183" in out
    assert "verifier: contract" in out and "verifier: citation-only" in out and "verifier: quotes-exist" in out
    assert "overall               555    555  100.0%" in out


def test_lab_json_gives_the_same_figures_as_data(capsys):
    assert main(["lab", "--json", "--per-kind", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ladder"][0] == {"rung": "exact", "rescued": 16, "faithful": 260, "let_through": 13, "unfaithful": 183}
    scores = {v["verifier"]: (v["agreed"], v["total"]) for v in data["verifiers"]}
    assert scores == {"contract": (555, 555), "citation-only": (280, 555), "quotes-exist": (164, 555)}
    for verifier in data["verifiers"]:
        assert all(len(kind["disagreements"]) <= 1 for kind in verifier["kinds"])
