# The two commands of the README: `make demo` and `make test`. Both install what
# is missing, configure and build Release, then run.
BUILD_DIR ?= build
JOBS ?= 2

SANITIZE_DIR ?= build-sanitize
STATIC_DIR ?= build-static
TIDY_DIR ?= build-tidy
FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES ?=

PREFIX ?= /usr/local
# OFF builds kompat alone, without Catch2 v2 and Google Benchmark (Ubuntu 24.04).
KOMPAT_TESTS ?= ON

.PHONY: all deps configure build install deb demo test static release test-sanitizers bench fuzz golden-update html-screenshot format-check tidy clean

# A bare `make` builds (Release, in $(BUILD_DIR)) with what is installed; it installs
# nothing. `make demo` and `make test` install what is missing first.
all:
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DKOMPAT_TESTS=$(KOMPAT_TESTS) -DKOMPAT_WERROR=$(WERROR) > /dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

deps:
	@scripts/install-deps.sh

# Warnings are errors in the builds of make test and make test-sanitizers (CI runs both).
WERROR ?= ON

configure: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DKOMPAT_TESTS=$(KOMPAT_TESTS) -DKOMPAT_WERROR=$(WERROR) > /dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# kompat and its man page under $(PREFIX) (bin/, share/man/man1/).
install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

# The Debian package $(BUILD_DIR)/kompat_<version>_amd64.deb (CPack; Depends from the linked libraries).
deb: build
	cd $(BUILD_DIR) && cpack -G DEB

# The check exits 1 because the example change has a breaking finding, and the validation
# because a sample object is invalid; that is the demo.
# It builds kompat alone: the tests and benchmarks are for make test and make bench.
demo: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target kompat
	./$(BUILD_DIR)/kompat inspect examples/crds/widgets.yaml
	./$(BUILD_DIR)/kompat explain examples/crds/widgets.yaml gadgets.spec
	./$(BUILD_DIR)/kompat check examples/old/swagger.json examples/new/v3 || test $$? -eq 1
	./$(BUILD_DIR)/kompat validate examples/crds/widgets.yaml --objects examples/objects/gadgets.yaml || test $$? -eq 1

# Chromium renders the HTML report in one test (it checks that the page's script runs).
# The static kompat is tested on its own: no shared library, run in an empty root; then
# the release made of it (reproducible, verified) and the install script against it.
test: build static
	@scripts/install-deps.sh chromium
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	tests/package/test_static.sh $(STATIC_DIR)/kompat . || test $$? -eq 77
	tests/package/test_release.sh $(STATIC_DIR)/kompat $(BUILD_DIR)/kompat.1.gz .
	tests/package/test_install_script.sh $(STATIC_DIR)/kompat . || test $$? -eq 77

# The release artefacts of this machine's architecture in dist/ (scripts/release.sh): the
# static binary with its man page, README, LICENSE and the libraries' licences in a
# tarball, an SPDX SBOM, SHA256SUMS; byte for byte the same from the same commit.
release: build static
	scripts/release.sh $(STATIC_DIR)/kompat $(BUILD_DIR)/kompat.1.gz dist

# kompat linked statically, stripped, in $(STATIC_DIR)/kompat: one binary for any Linux
# of its architecture (docs/install.md). Its objects are built apart (fmt header-only).
static: deps
	@cmake -S . -B $(STATIC_DIR) -DCMAKE_BUILD_TYPE=Release -DKOMPAT_STATIC=ON -DKOMPAT_TESTS=OFF -DKOMPAT_WERROR=$(WERROR) > /dev/null
	@cmake --build $(STATIC_DIR) -j $(JOBS) --target kompat

# Every test again under AddressSanitizer and UndefinedBehaviorSanitizer, in a build of
# its own. A sanitizer report fails the test that triggered it (exit 99 for kompat runs).
# This build compiles each file on its own (no unity batches): a file that leans on an
# include of the file before it in a batch fails here.
test-sanitizers: deps
	@cmake -S . -B $(SANITIZE_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKOMPAT_SANITIZE=ON -DKOMPAT_UNITY=OFF -DKOMPAT_WERROR=$(WERROR) > /dev/null
	@cmake --build $(SANITIZE_DIR) -j $(JOBS) --target kompat kompat_tests
	cd $(SANITIZE_DIR) && ASAN_OPTIONS=exitcode=99:detect_leaks=1:abort_on_error=0 \
	  UBSAN_OPTIONS=exitcode=99:print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS)

# Every libFuzzer harness for FUZZ_SECONDS each (clang, in a build of its own).
fuzz:
	@scripts/install-deps.sh clang libclang-rt-14-dev
	@cmake -S . -B $(FUZZ_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DKOMPAT_FUZZ=ON > /dev/null
	@cmake --build $(FUZZ_DIR) -j $(JOBS) --target fuzz_harnesses
	fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS) "$(FUZZ_HARNESSES)"

# Every C++ file of the tree in the style of .clang-format (clang-format 14, Debian's);
# CI runs it. `clang-format -i FILE` fixes one.
format-check:
	@scripts/install-deps.sh clang-format
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror

# The stages that judge (diff/, rules/, load/) and history/ under .clang-tidy (clang-tidy 14, Debian's):
# no function over 60 lines or cognitive complexity 35. CI runs it. It reads the compile
# commands of $(TIDY_DIR), configured (not built) without unity batches: one command a file.
tidy: deps
	@scripts/install-deps.sh clang-tidy
	@cmake -S . -B $(TIDY_DIR) -DCMAKE_BUILD_TYPE=Release -DKOMPAT_TESTS=$(KOMPAT_TESTS) -DKOMPAT_UNITY=OFF > /dev/null
	@git ls-files 'diff/*.cpp' 'rules/*.cpp' 'load/*.cpp' 'history/*.cpp' | \
	  xargs -P $(JOBS) -n 8 clang-tidy -p $(TIDY_DIR) --quiet --extra-arg=-Wno-unknown-warning-option 2>/dev/null

# Rewrites the golden cases' inputs (golden/generate.py), docs/rules.md and expected
# reports. On purpose only; review the diff.
golden-update: build
	python3 golden/generate.py
	golden/update.sh $(BUILD_DIR)/kompat
	golden/history/update.sh $(BUILD_DIR)/kompat

# The HTML report of the examples (and of Kubernetes 1.24 -> 1.25 and prometheus-operator
# v0.80.0 -> v0.93.0 when ../shared is there), each with a screenshot taken by headless
# Chromium, in $(BUILD_DIR)/. scripts/html-open-time.py measures how fast a page opens.
CHROMIUM = chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --window-size=1400,1000
html-screenshot: build
	@scripts/install-deps.sh chromium
	./$(BUILD_DIR)/kompat check examples/old/swagger.json examples/new/v3 --format html --output $(BUILD_DIR)/report-examples.html || test $$? -eq 1
	$(CHROMIUM) --screenshot=$(BUILD_DIR)/report-examples.png file://$(abspath $(BUILD_DIR))/report-examples.html 2>/dev/null
	if [ -d ../shared/corpus/kubernetes ]; then \
	  ./$(BUILD_DIR)/kompat check ../shared/corpus/kubernetes/v1.24/v3 ../shared/corpus/kubernetes/v1.25/v3 --format html \
	    --output $(BUILD_DIR)/report-kubernetes.html || test $$? -eq 1; \
	  $(CHROMIUM) --screenshot=$(BUILD_DIR)/report-kubernetes.png file://$(abspath $(BUILD_DIR))/report-kubernetes.html 2>/dev/null; \
	  ./$(BUILD_DIR)/kompat check ../shared/corpus/crds/prometheus-operator/v0.80.0 ../shared/corpus/crds/prometheus-operator/v0.93.0 \
	    --format html --output $(BUILD_DIR)/report-prometheus-operator.html || test $$? -eq 1; \
	  $(CHROMIUM) --screenshot=$(BUILD_DIR)/report-prometheus-operator.png file://$(abspath $(BUILD_DIR))/report-prometheus-operator.html 2>/dev/null; \
	fi

bench: build
	./$(BUILD_DIR)/kompat_bench
	./$(BUILD_DIR)/kompat_bench --phases 5
	./$(BUILD_DIR)/kompat_bench --process-pairs 11

clean:
	rm -rf $(BUILD_DIR) $(SANITIZE_DIR) $(STATIC_DIR) $(TIDY_DIR) $(FUZZ_DIR)
