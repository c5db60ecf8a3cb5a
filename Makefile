# Each target sets itself up: a fresh clone needs only python3 (3.11+) and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)            ## start the app (main menu)
	$(PY) -m game

test: $(STAMP)            ## run the whole test suite, headless
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

bench: $(STAMP)           ## print the benchmarks' numbers
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache
