# Each target sets itself up: a fresh clone needs only python3 (3.11+) and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# Two stamps: playing needs only the runtime dependencies; tests, packaging and the
# benchmarks add the dev extras (pytest, pytest-xdist, hypothesis, PyInstaller).
RUNTIME := $(VENV)/.runtime-stamp
STAMP  := $(VENV)/.installed-stamp
# Every install takes its versions from the lock (constraints.txt), so a packaged build
# is reproducible; `make lock` re-pins it to the newest versions pyproject.toml allows.
LOCK   := constraints.txt

.PHONY: play test lint mypy-baseline bench clean package package-smoke package-screenshot lock

# Packaging (docs/PACKAGING.md): onedir by default, `make package ONEFILE=1` for one file.
ONEFILE ?= 0
ifeq ($(ONEFILE),1)
PKG_DIST := dist/onefile
PKG_WORK := build/work/onefile
APP      := $(PKG_DIST)/witchhunt
else
PKG_DIST := dist
PKG_WORK := build/work/onedir
APP      := $(PKG_DIST)/witchhunt/witchhunt
endif

$(RUNTIME): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade -c $(LOCK) pip
	$(PY) -m pip install --quiet -c $(LOCK) -e .
	touch $(RUNTIME)

$(STAMP): pyproject.toml $(LOCK) | $(RUNTIME)
	$(PY) -m pip install --quiet -c $(LOCK) -e '.[dev]'
	touch $(STAMP)

play: $(RUNTIME)          ## start the app (main menu); installs only what playing needs
	$(PY) -m game

# The suite runs in two workers per core (pytest-xdist): many tests wait on sockets, a
# subprocess or a paced frame, and a second worker per core fills those waits; idle
# workers take queued tests from busy ones (--dist worksteal), and the longest tests
# start first (tests/conftest.py; their ``slow(seconds=…)`` marks say how long). The
# budget is ten minutes on 2 cores; long soaks go in benchmarks/. TEST_WORKERS=0 runs it
# in one process.
# `make lint` runs first: a lint or type error fails the suite before any test runs.
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(2 * (os.cpu_count() or 1))")
test: $(STAMP)            ## make lint, then the whole test suite, headless
	$(MAKE) --no-print-directory lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal

# Lint (README "Checks"): ruff's rules, ruff's format, and mypy over game/ (pyproject.toml
# [tool.ruff], [tool.mypy]). mypy is strict everywhere but game/ui, whose known errors are
# listed in mypy-baseline.txt: only an error not in that list fails. mypy exits 1 when it
# finds errors (game/ui always has some) and 2 when it cannot run: 2 fails here by itself.
BASELINE := mypy-baseline.txt
lint: $(STAMP)            ## ruff check, ruff format --check, mypy (game/ui against mypy-baseline.txt)
	$(VENV)/bin/ruff check --quiet .
	$(VENV)/bin/ruff format --check --quiet .
	@out=$$($(VENV)/bin/mypy --no-error-summary 2>&1); rc=$$?; \
	if [ $$rc -gt 1 ]; then echo "$$out"; echo "mypy could not run (exit $$rc)"; exit $$rc; fi; \
	echo "$$out" | $(VENV)/bin/mypy-baseline filter || { \
	echo "mypy: the errors above are new. Fix them; only where an error in game/ui is known and moved"; \
	echo "(code moved between files), record it with 'make mypy-baseline' and commit mypy-baseline.txt."; exit 1; }

# Only the modules pyproject.toml checks at mypy's default level may have known errors.
LENIENT := ^game/ui/
mypy-baseline: $(STAMP)   ## re-record game/ui's known mypy errors in mypy-baseline.txt
	$(VENV)/bin/mypy --no-error-summary 2>&1 | $(VENV)/bin/mypy-baseline sync
	@if grep -vE -e '$(LENIENT)' -e '^$$' $(BASELINE); then \
	echo "mypy-baseline.txt: only game/ui may have known errors; fix the ones above"; exit 1; fi

bench: $(STAMP)           ## print the benchmarks' numbers
	$(PY) benchmarks/engine.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) benchmarks/render.py
	SDL_AUDIODRIVER=dummy $(PY) benchmarks/idle.py
	WITCHHUNT_DISCOVERY_ADDR=127.0.0.1 $(PY) benchmarks/lan.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) benchmarks/render.py --game salem
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) benchmarks/testimony.py --budget 2 --moves 100
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) benchmarks/moves.py hammer 5
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) benchmarks/moves.py witch_trial 6
	$(PY) benchmarks/bots.py --games 30 --only hammer:3,witch_trial:4 --levels normal --no-h2h --jobs 2

package: $(STAMP)        ## build the double-click app into dist/ with PyInstaller
	build/ensure-build-tools.sh $(PY)
	WITCHHUNT_ONEFILE=$(ONEFILE) $(PY) -m PyInstaller --noconfirm --log-level WARN \
		--distpath $(PKG_DIST) --workpath $(PKG_WORK) installer.spec
	@echo "built $(APP)"

package-smoke: $(STAMP)  ## run the built app's checks and its smoke, headless
	$(PY) build/package_smoke.py $(APP)

package-screenshot:       ## the built app's main menu under Xvfb -> docs/screenshots/
	@command -v xvfb-run >/dev/null || { echo "package-screenshot needs xvfb-run (apt-get install xvfb)"; exit 1; }
	mkdir -p docs/screenshots
	WITCHHUNT_HOME=$$(mktemp -d) WITCHHUNT_SCREENSHOT=$(CURDIR)/docs/screenshots/packaged_menu.png \
		WITCHHUNT_DISCOVERY_ADDR=127.0.0.1 SDL_AUDIODRIVER=dummy \
		xvfb-run -a -s "-screen 0 1600x900x24" $(APP)

lock:                     ## re-pin constraints.txt: a fresh venv, the newest versions pyproject.toml allows
	rm -rf build/lock-venv
	$(PYTHON) -m venv build/lock-venv
	build/lock-venv/bin/python -m pip install --quiet --upgrade pip
	build/lock-venv/bin/python -m pip install --quiet '.[dev]'
	sed -n '/^#/p' $(LOCK) > $(LOCK).new
	build/lock-venv/bin/python -m pip freeze --all --exclude witchhunt-table --exclude setuptools >> $(LOCK).new
	mv $(LOCK).new $(LOCK)
	rm -rf build/lock-venv
	@echo "constraints.txt re-pinned: run make test, then commit it"

clean:
	rm -rf $(VENV) .pytest_cache dist build/work build/lock-venv
