# make start: set up .venv on first use and open the tutor.  make test: same set-up, whole suite.
# The interpreter is found by scripts/find-python.sh (PYTHON=..., python3.14..3.12, then pyenv).
VENV    := .venv
STAMP   := $(VENV)/.installed-stamp
PIP     := $(VENV)/bin/python -m pip

.PHONY: start test bench check-content clean-venv

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

test: $(STAMP)
	$(VENV)/bin/python -m pytest -ra -n 2 $(PYTEST_ARGS)

bench: $(STAMP)
	$(VENV)/bin/python scripts/bench.py

clean-venv:
	rm -rf $(VENV)
