# Tapete: `make serve` to play, `make test` to check everything (README.md).
PYTHON ?= python3
PORT ?= 8000
PYODIDE_WHEELS := .cache/pyodide-wheels
# pytest exits 5 when a folder holds no test yet: that is not a failure here.
PYTEST_OK_IF_EMPTY = || [ $$? -eq 5 ]

.PHONY: help install build serve test lint test-python test-pyodide test-e2e test-firefox test-webkit bench icons clean

help:
	@echo "make serve   build dist/ and serve it at http://localhost:$(PORT)/"
	@echo "make test    install what the tests need, then run every test"
	@echo "make build   build the static site into dist/"
	@echo "make bench   startup and UI benchmarks at 1x, 4x, 6x CPU slowdown (docs/performance.md)"

# --- installing ------------------------------------------------------------------
install: node_modules/.installed $(PYODIDE_WHEELS)/.installed
	$(PYTHON) -m pip install -q --disable-pip-version-check pytest ruff mypy==2.4.1 pytest-xdist==3.8.0 playwright build hypothesis==6.155.2 zxing-cpp==3.1.1 numpy $(ENGINES_PY) $(BUILD_PY)
	@# Playwright drives Debian's Chromium; it must not (and here cannot) download one.
	@# The other engines' stages drive Debian's Firefox ESR (WebDriver BiDi) and
	@# WebKitGTK's MiniBrowser (WebKitWebDriver), the latter on an Xvfb screen.
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	[ -x /usr/bin/firefox-esr ] || missing="$$missing firefox-esr"; \
	[ -x /usr/bin/WebKitWebDriver ] || missing="$$missing webkit2gtk-driver"; \
	[ -x /usr/bin/Xvfb ] || missing="$$missing xvfb"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian's$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(PYODIDE_WHEELS)/.installed: tools/pyodide-test-requirements.txt
	$(PYTHON) -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
		--python-version 3.14 --platform any -d $(PYODIDE_WHEELS) \
		-r tools/pyodide-test-requirements.txt
	@touch $@

# Selenium drives WebKitGTK (4.50+ needs a newer certifi than the registry has);
# websockets carries the WebDriver BiDi client of e2e/engines/drivers.py to Firefox.
ENGINES_PY := "selenium>=4.30,<4.50" "websockets>=13"

# --- the site --------------------------------------------------------------------
# What tools/build.py itself imports (markdown-it-py renders the rules pages, brotli
# writes the .br files): a fresh machine's `make serve` installs them too.
BUILD_PY := markdown-it-py==4.3.0 brotli==1.2.1
.cache/build-py.installed: Makefile
	$(PYTHON) -m pip install -q --disable-pip-version-check $(BUILD_PY)
	@mkdir -p .cache && touch $@

BUILD_FLAGS ?=
build: node_modules/.installed .cache/build-py.installed
	$(PYTHON) tools/build.py --dist dist $(BUILD_FLAGS)

serve: build
	$(PYTHON) tools/serve.py --dir dist --port $(PORT)

icons:
	$(PYTHON) pwa/draw_icons.py

# --- tests -----------------------------------------------------------------------
# Every stage runs even when an earlier one fails, so one run shows every failure;
# the exit status is still a failure if any stage failed.
# Each stage's wall time is printed after it, and all of them at the end.
# The test build writes its .br files at a fast brotli level (tools/build.py
# --quick-brotli): a fresh clone has no cache of the densest level's minutes of
# work, and the browser decodes either.
# The machine has two cores: the CPython tests run on both (pytest-xdist), the
# Pyodide stage in two node processes, and the build (about 8 s of CPU) beside them:
# its output is kept in .cache/build.log and printed once the Pyodide stage has
# ended, so no stage's lines are mixed into another's.
# `make test TEST_STAGES="lint test-python"` runs only those stages.
TEST_BUILD_FLAGS = --quick-brotli
TEST_STAGES ?= lint test-python test-pyodide+build test-e2e test-firefox test-webkit
test: install
	@failed=""; times=""; unbuilt=""; \
	for stage in $(TEST_STAGES); do \
		start=$$(date +%s); \
		case $$stage in \
		test-pyodide+build) \
			mkdir -p .cache; \
			( $(MAKE) --no-print-directory build BUILD_FLAGS="$(TEST_BUILD_FLAGS)" \
				> .cache/build.log 2>&1; echo $$? > .cache/build.status; \
				echo $$(( $$(date +%s) - start )) > .cache/build.took ) & \
			$(MAKE) --no-print-directory test-pyodide || failed="$$failed test-pyodide"; \
			took="test-pyodide $$(( $$(date +%s) - start ))s"; times="$$times, $$took"; \
			echo "make test: $$took"; \
			wait; \
			echo "make test: build (beside test-pyodide):"; cat .cache/build.log; \
			[ "$$(cat .cache/build.status)" = 0 ] || { failed="$$failed build"; unbuilt=1; }; \
			took="build $$(cat .cache/build.took)s (beside test-pyodide)"; \
			times="$$times, $$took"; echo "make test: $$took";; \
		test-e2e|test-firefox|test-webkit) \
			if [ -n "$$unbuilt" ]; then \
				echo "make test: $$stage not run: the site did not build"; \
				failed="$$failed $$stage(not-run)"; \
			else \
				$(MAKE) --no-print-directory $$stage BUILD_FLAGS="$(TEST_BUILD_FLAGS)" \
					|| failed="$$failed $$stage"; \
			fi; \
			took="$$stage $$(( $$(date +%s) - start ))s"; times="$$times, $$took"; \
			echo "make test: $$took";; \
		*) \
			$(MAKE) --no-print-directory $$stage BUILD_FLAGS="$(TEST_BUILD_FLAGS)" \
				|| failed="$$failed $$stage"; \
			took="$$stage $$(( $$(date +%s) - start ))s"; times="$$times, $$took"; \
			echo "make test: $$took";; \
		esac; \
	done; \
	echo "make test: stage times$${times#,}"; \
	if [ -n "$$failed" ]; then echo "make test: FAILED:$$failed"; exit 1; fi; \
	echo "make test: all passed"

lint:
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	$(PYTHON) -m mypy --strict engine
	$(PYTHON) -m mypy web tools
	npx --no-install eslint .

# Every test stage ends with its 15 slowest tests.
DURATIONS = --durations=15

# On both cores (pytest-xdist); a failure is still reported under its test's name.
test-python:
	$(PYTHON) -m pytest tests -n 2 $(DURATIONS) $(PYTEST_OK_IF_EMPTY)

# The engine's tests on Pyodide's Python under node. The UI's render tests
# (tests/test_web*) are CPython-side checks of HTML strings and stay there. The
# bot-strength ladders and the statistical checks of an algorithm (pytest markers
# "ladder", "statistical") run once, on CPython: they are seeded, and that a seed
# plays the same game on both Pythons is pinned by tests that do run here. The checks
# of the repository's own files (its import rows, its docs) read sources as text and
# run once, on CPython, too.
# The tests are shared out over PYODIDE_SHARDS node processes (tools/pytest_shard.py:
# every N-th test), one per core: the first shard's lines come as they run, each
# other's whole once it has ended (kept in .cache/pyodide-shard-K.log meanwhile).
PYODIDE_SHARDS ?= 2
PYODIDE_PYTEST = node tools/pyodide_pytest.mjs tests --ignore-glob='tests/test_web*' \
	--ignore=tests/test_architecture.py --ignore=tests/test_docs.py \
	-m 'not soak and not ladder and not statistical' $(DURATIONS) -p tools.pytest_shard
test-pyodide: node_modules/.installed $(PYODIDE_WHEELS)/.installed
	@mkdir -p .cache; status=0; pids=""; \
	for k in $$(seq 2 $(PYODIDE_SHARDS)); do \
		$(PYODIDE_PYTEST) --shard $$k/$(PYODIDE_SHARDS) > .cache/pyodide-shard-$$k.log 2>&1 & \
		pids="$$pids $$!"; \
	done; \
	echo "test-pyodide: shard 1/$(PYODIDE_SHARDS)"; \
	$(PYODIDE_PYTEST) --shard 1/$(PYODIDE_SHARDS) $(PYTEST_OK_IF_EMPTY) || status=1; \
	k=1; for pid in $$pids; do \
		k=$$((k + 1)); wait $$pid $(PYTEST_OK_IF_EMPTY) || status=1; \
		echo "test-pyodide: shard $$k/$(PYODIDE_SHARDS)"; cat .cache/pyodide-shard-$$k.log; \
	done; \
	exit $$status

# Screenshots of every screen into e2e/artifacts/: TAPETE_SHOTS=1 make test-e2e.
# On E2E_WORKERS pytest-xdist workers, each with its own test server, browser and
# shared warm page; the tests that share a module's profile or the guest phones stay
# on one worker (xdist_group marks, --dist loadgroup). The stage ends with the
# pyodide.asm.wasm fetches of all workers added up (e2e/conftest.py).
E2E_WORKERS ?= 2
test-e2e:
	TAPETE_DIST=dist $(PYTHON) -m pytest e2e --ignore=e2e/engines -n $(E2E_WORKERS) \
		--dist loadgroup $(DURATIONS) $(PYTEST_OK_IF_EMPTY)

# The other engines (e2e/engines/): a focused set on one warm page per engine, in
# Debian's Firefox ESR and WebKitGTK (the engine of Safari), one process each (a
# browser holds the warm page; the tests share it in order).
test-firefox:
	TAPETE_ENGINES=firefox TAPETE_DIST=dist $(PYTHON) -m pytest e2e/engines -n 0 -p no:randomly \
		$(DURATIONS)

test-webkit:
	TAPETE_ENGINES=webkit TAPETE_DIST=dist $(PYTHON) -m pytest e2e/engines -n 0 -p no:randomly \
		$(DURATIONS)

# The startup and UI benchmarks at a phone's speed: each figure at these CPU slowdowns
# (bench/phone.py) and against the 1x figure of the same run.
SLOWDOWN ?= 1,4,6
# Lighthouse (bench/package.json, pinned) is installed here only, never by `make test`;
# it runs on this machine's Node with Debian's Chromium. Compare with another build:
# `python3 bench/startup.py --also old=DIR`, `python3 bench/lighthouse.py new=dist old=DIR`.
bench: build bench/node_modules/.installed
	$(PYTHON) bench/startup.py --slowdown $(SLOWDOWN)
	$(PYTHON) bench/ui.py --smooth --dist dist --slowdown $(SLOWDOWN) --motion normal
	CHROME_PATH=/usr/bin/chromium $(PYTHON) bench/lighthouse.py today=dist

bench/node_modules/.installed: bench/package.json bench/package-lock.json
	cd bench && npm ci --no-audit --no-fund
	@touch $@

clean:
	rm -rf dist .cache/wheel e2e/artifacts
