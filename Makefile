# groundlab -- GNU make. `make lab` opens the workbook, `make test` runs every test.
#
# Every target but freeze-fixtures runs `$(PYTHON) tools/workshop.py`, the same script that
# Windows and macOS use without make, so both routes build and check the venv the same way:
# it records the interpreter it was built with (another PYTHON rebuilds it), and a set-up
# that fails or is interrupted removes the half-built venv instead of leaving it behind.
#
#   make test PYTHON=python3.10                      a name or a path; 3.10 to 3.13
#   make test-no-browser PYTHON=... VENV=build/venv-3.13   a second venv beside .venv
#   make kit; make wheelhouse KIT_PLATFORM=windows-amd64 KIT_PYTHON=3.12   the learner kit, offline wheels

PYTHON ?= python3
VENV ?= .venv
WORKSHOP = $(PYTHON) tools/workshop.py --venv $(VENV)

.PHONY: install lab test test-no-browser mutation-check live-test lock student kit wheelhouse demo bench notebooks translations freeze-fixtures clean

install lab test test-no-browser mutation-check live-test student kit demo bench notebooks translations clean:
	$(WORKSHOP) $@

# The learner kit's wheels for one platform and Python (default: this machine's), for a room
# without network: make wheelhouse KIT_PLATFORM=windows-amd64 KIT_PYTHON=3.12
KIT_PLATFORM ?=
KIT_PYTHON ?=
wheelhouse:
	$(WORKSHOP) wheelhouse $(if $(KIT_PLATFORM),--platform $(KIT_PLATFORM)) $(if $(KIT_PYTHON),--python $(KIT_PYTHON))

# Regenerates requirements-test.lock (workbook + test extras) and then requirements.lock (the
# workbook extra, constrained by it): universal locks for CPython 3.10-3.13 on Linux, macOS and
# Windows (uv pip compile --universal, in a throwaway venv; pins kept where still valid).
lock:
	$(WORKSHOP) lock

# Lists *new* fixtures in fixtures/SHA256SUMS; never rewrites the digest of a listed file.
freeze-fixtures:
	@PYTHONPATH=. $(PYTHON) -c 'from pathlib import Path; from groundlab.core.trusted import digest, read_checksums; \
	folder = Path("fixtures"); listed = read_checksums(folder); \
	new = sorted(p.name for p in folder.glob("*.json") if p.name not in listed); \
	lines = "".join(f"{digest(folder / n)}  {n}\n" for n in new); \
	open(folder / "SHA256SUMS", "a", encoding="utf-8", newline="\n").write(lines); \
	print("".join(f"listed {n}\n" for n in new) or "nothing new to list\n", end="")'
