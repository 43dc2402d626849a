# attnlaw: the two commands a fresh Debian 12 machine needs are `make verify` and `make test`.
BUILD_DIR ?= build
BUILD_TYPE ?= Release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
ATTNLAW := $(BUILD_DIR)/attnlaw
ASAN_DIR ?= build-asan

# Debian 12 packages: compilers and build tools, then the libraries the README lists.
DEB_PACKAGES := g++ make cmake ccache git jq gnuplot-nox \
  libboost-dev libgsl-dev libmpfr-dev libgmp-dev libmpfi-dev librandom123-dev \
  nlohmann-json3-dev libcli11-dev libfmt-dev libeigen3-dev \
  libgtest-dev libgmock-dev libbenchmark-dev zlib1g-dev python3 python3-jsonschema \
  pybind11-dev python3-pybind11 python3-numpy python3-torch \
  libopenmpi-dev openmpi-bin

.PHONY: all deps configure build test verify reports bench performance tables asan clean

# ccache hits across clones of the tree (CI builds a fresh clone).
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

all: build

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || printf '%s ' $$p; done); \
	if [ -z "$$missing" ]; then echo "deps: all Debian packages are installed"; exit 0; fi; \
	if [ "$$(id -u)" -eq 0 ]; then \
	  echo "deps: installing $$missing"; \
	  apt-get -o DPkg::Lock::Timeout=600 update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $$missing; \
	else \
	  echo "deps: these Debian packages are missing: $$missing"; \
	  echo "deps: run as root:  apt-get update && apt-get install -y $$missing"; \
	  exit 1; \
	fi

configure: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) > /dev/null

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

# Unit tests and one test per claim; the slow calibration and fuzz labels run on demand.
test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -LE 'slow|fuzz'

verify: build
	$(ATTNLAW) run --battery smoke --out reports/smoke

# The real-attention diagnosis first: `run` renders REPORT.md and links reports/standard/real_attention.*.
REAL_ATTENTION := $(foreach L,256 512 1024 2048,tests/data/fixtures/real-attention/logits_L$(L).npy)
reports: build
	$(ATTNLAW) diagnose --report reports/standard $(REAL_ATTENTION)
	$(ATTNLAW) run --battery standard --out reports/standard

bench: build
	@mkdir -p $(BUILD_DIR)/bench-results
	@for b in $(BUILD_DIR)/bench/*/attnlaw_bench_*; do \
	  [ -x "$$b" ] || continue; \
	  "$$b" --benchmark_out="$(BUILD_DIR)/bench-results/$$(basename $$b).json" --benchmark_out_format=json || exit 1; \
	done
	@jq -s '{context: .[0].context, benchmarks: (map(.benchmarks) | add)}' $(BUILD_DIR)/bench-results/*.json > bench/results.json
	@echo "bench: wrote bench/results.json"

# The benchmarks and their NumPy peers in one run, then reports/performance.md from the files.
performance: bench
	/usr/bin/python3 bench/peers/naive_numpy.py bench/peers/naive_peer.json 9
	/usr/bin/python3 bench/peers/diagnose_peer.py $(ATTNLAW) bench/peers/diagnose_peer.json 9
	/usr/bin/python3 bench/render_performance.py bench/results.json bench/peers/diagnose_peer.json \
	  bench/peers/naive_peer.json reports/performance.md

# The unit tests under AddressSanitizer + UndefinedBehaviorSanitizer (the `asan` preset; its tests
# carry the label asan). Any finding aborts the test that triggers it.
asan: deps
	@cmake --preset asan -B $(ASAN_DIR) > /dev/null
	cmake --build $(ASAN_DIR) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(ASAN_DIR) --output-on-failure -j $(JOBS) -L asan

# Regenerates the committed high-precision tables under tests/data by their independent routes.
tables: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target generate_vmf_table generate_ks_table generate_lambda_law_table generate_critical_table
	$(BUILD_DIR)/reference/tools/vmf/generate_vmf_table tests/data/vmf/vmf_reference_mpfr.txt
	$(BUILD_DIR)/reference/tools/null_laws/generate_ks_table tests/data/null_laws/ks_exact_mpfr50.txt
	$(BUILD_DIR)/reference/tools/lambda_law/generate_lambda_law_table reference/gap_counting/lambda_law_table.hpp 1e-12
	@mkdir -p tests/data/critical
	$(BUILD_DIR)/reference/tools/critical/generate_critical_table tests/data/critical/mecke_mpfr50.txt

clean:
	rm -rf $(BUILD_DIR)
