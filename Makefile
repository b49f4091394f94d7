# The two commands of the README: `make demo` and `make test`. Both install what
# is missing, configure and build Release, then run.
BUILD_DIR ?= build
JOBS ?= 2

.PHONY: deps configure build demo test bench golden-update clean

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release > /dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# The check exits 1 because the example change has a breaking finding; that is the demo.
demo: build
	./$(BUILD_DIR)/kompat inspect examples/crds/widgets.yaml
	./$(BUILD_DIR)/kompat explain examples/crds/widgets.yaml gadgets.spec
	./$(BUILD_DIR)/kompat check examples/old/swagger.json examples/new/v3 || test $$? -eq 1

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# Rewrites the golden cases' inputs (golden/generate.py), docs/rules.md and expected
# reports. On purpose only; review the diff.
golden-update: build
	python3 golden/generate.py
	golden/update.sh $(BUILD_DIR)/kompat

bench: build
	./$(BUILD_DIR)/kompat_bench

clean:
	rm -rf $(BUILD_DIR)
