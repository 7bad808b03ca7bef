# make start: set up .venv on first use and open the tutor.
# make test: same set-up, the tool gate (engine, session, CLI, app on the fixture course; coverage).
# make proof: same set-up, the course gate (every exercise, lesson block and quiz of the course).
# The interpreter is found by scripts/find-python.sh (PYTHON=..., python3.14..3.12, then pyenv).
VENV    := .venv
STAMP   := $(VENV)/.installed-stamp
PIP     := $(VENV)/bin/python -m pip

.PHONY: start test proof lint bench clean-venv

$(STAMP): pyproject.toml constraints.txt
	@if [ ! -x $(VENV)/bin/python ]; then \
	    py=$$(sh scripts/find-python.sh "$(PYTHON)") || exit 1; \
	    echo "creating $(VENV) with $$py"; \
	    "$$py" -m venv $(VENV) || exit 1; \
	fi
	$(PIP) install --quiet --disable-pip-version-check -c constraints.txt -e '.[test]'
	@# an editable install leaves the bytecode to the first start, which would then be slow
	$(VENV)/bin/python -m compileall -q tutor
	@touch $(STAMP)

start: $(STAMP)
	$(VENV)/bin/jaxtutor start

# three test processes on two cores: a third of the tool gate's time goes in waiting (for a
# terminal under tmux, a worker process, a screen to settle), which a third process fills
test: $(STAMP)
	$(VENV)/bin/python -m pytest -ra -n 3 --cov --cov-report=term:skip-covered $(PYTEST_ARGS)

# the checks of the code itself, configured in pyproject.toml (ruff, mypy, import-linter) and in
# vulture_whitelist.py (what vulture cannot see being used)
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/vulture tutor checks vulture_whitelist.py
	$(VENV)/bin/mypy

# three processes on two cores, as for the tool gate: with two, a core stood idle a sixth of the
# time (the proof 10:10 at 170 % CPU, 9:27 at 177 % with three, on one quiet hour)
proof: $(STAMP)
	$(VENV)/bin/python -m pytest -ra -n 3 -m proof tests/proof $(PYTEST_ARGS)

bench: $(STAMP)
	$(VENV)/bin/python scripts/bench.py

clean-venv:
	rm -rf $(VENV)
