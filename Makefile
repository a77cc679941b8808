# Developer entry points. `make play` and `make test` create .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# Lint only the source folders that exist and hold Python files.
LINT_DIRS := $(foreach d,engine game tests bench docs,$(if $(wildcard $(d)/*.py $(d)/*/*.py),$(d)))
TYPE_DIRS := $(foreach d,engine game bench,$(if $(wildcard $(d)/*.py $(d)/*/*.py),$(d)))

.PHONY: all venv play test lint typecheck pytest bench dist clean

all: test

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

play: $(STAMP)
	$(PY) -m game

lint: $(STAMP)
	$(if $(LINT_DIRS),$(PY) -m ruff check $(LINT_DIRS),@echo "lint: no Python sources yet")

typecheck: $(STAMP)
	$(if $(TYPE_DIRS),$(PY) -m mypy $(TYPE_DIRS),@echo "mypy: no Python sources yet")

pytest: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

test: lint typecheck pytest

bench: $(STAMP)
	@if [ -f bench/engine_speed.py ]; then $(PY) bench/engine_speed.py; \
	else echo "bench: bench/engine_speed.py does not exist yet"; fi

# The PyInstaller bundle (build.spec): dist/AnAgeContrived/, then its --smoke self-test.
# `make dist ONEFILE=1` also builds the one-file dist/AnAgeContrived-onefile.
dist: $(STAMP)
	rm -rf build/pyinstaller dist/AnAgeContrived dist/AnAgeContrived-onefile
	$(PY) -m PyInstaller --noconfirm --log-level WARN --distpath dist \
		--workpath build/pyinstaller build.spec $(if $(ONEFILE),-- --onefile)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy dist/AnAgeContrived/AnAgeContrived --smoke
	@echo "dist: the game is in dist/AnAgeContrived/ (run dist/AnAgeContrived/AnAgeContrived)"

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
