"""The mutation check's patch list (tools/mutation_check.py) is well-formed against the current
source: every anchor occurs exactly once and every patched file compiles, so a refactor that
moves an anchor fails here, in the normal suite, not months later in `make mutation-check`.
Nothing here runs pytest or a mutant."""

from __future__ import annotations

from pathlib import Path

import pytest

from groundlab.core.checks import CHECK_TABLE
from tools import mutation_check
from tools.mutation_check import MUTANTS, AnchorError, Mutant, apply

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("mutant", MUTANTS, ids=[mutant.name for mutant in MUTANTS])
def test_each_patch_matches_the_source_once_and_compiles(mutant):
    source = (ROOT / mutant.path).read_text(encoding="utf-8")
    assert source.count(mutant.replacements[0][0]) == 1
    patched = apply(mutant, source)  # raises AnchorError for an anchor found 0 or 2+ times
    assert patched != source


def test_the_mutants_have_unique_names_known_families_and_patch_the_library_only():
    names = [mutant.name for mutant in MUTANTS]
    assert len(names) == len(set(names))
    assert {mutant.family for mutant in MUTANTS} == set(mutation_check.FAMILIES)
    assert all(mutant.path.startswith("groundlab/") and mutant.path.endswith(".py") for mutant in MUTANTS)
    for selection in mutation_check.FAMILIES.values():
        paths = [part for part in selection if part.startswith("tests/")]
        assert paths and all((ROOT / path).exists() for path in paths), paths


def test_every_check_of_the_table_but_parse_is_removed_by_a_mutant():
    dropped = {mutant.name.split("-")[1] for mutant in MUTANTS if mutant.name.startswith("drop-")}
    assert dropped == {check.name for check in CHECK_TABLE} - {"parse"}


def test_an_anchor_that_is_missing_or_repeated_stops_the_check_loudly():
    missing = Mutant("missing", "contract", "x.py", (("absent\n", "present\n"),))
    with pytest.raises(AnchorError, match="occurs 0 times"):
        apply(missing, "a = 1\n")
    twice = Mutant("twice", "contract", "x.py", (("a = 1\n", "a = 2\n"),))
    with pytest.raises(AnchorError, match="occurs 2 times"):
        apply(twice, "a = 1\na = 1\n")
    broken = Mutant("broken", "contract", "x.py", (("a = 1\n", "a = (\n"),))
    with pytest.raises(AnchorError, match="does not compile"):
        apply(broken, "a = 1\n")


def test_the_list_names_every_mutant_and_an_unknown_name_is_refused(capsys):
    assert mutation_check.main(["--list"]) == 0
    shown = capsys.readouterr().out
    assert all(mutant.name in shown for mutant in MUTANTS)
    with pytest.raises(SystemExit) as refused:
        mutation_check.main(["--list", "drop-everything"])
    assert refused.value.code == 2
    assert "no mutant is called 'drop-everything'" in capsys.readouterr().err
