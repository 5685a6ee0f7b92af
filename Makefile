# nsesim: two commands do all setup on a fresh Debian machine.
#   make run   installs what is missing, builds, runs the demo
#   make test  installs what is missing, builds, runs every test
# Both work as root with no standard input (CI), or with sudo.

SWIFT        ?= swift
APT_PACKAGES := libcurl4-openssl-dev libmagic-dev libmagic-mgc pkg-config
# Commands the tests, the demo and the benchmarks run, with the package that brings each
# (checked with command -v: python3 may come from elsewhere than Debian's package).
APT_TOOLS    := python3:python3 openssl:openssl curl:curl file:file xmllint:libxml2-utils
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
NSESIM        = .build/debug/nsesim

.PHONY: run test build deps toolchain demo demo-lint demo-run demo-attachments demo-replay replay bench fixtures clean

run: deps build demo

# Tests run one at a time (about 75 s): many of them start real processes, servers and
# extension builds, and on a 2-core machine parallel tests that wait on children starved
# Swift's 2-thread cooperative pool on a cold build cache (a hang seen on a fresh clone).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --experimental-maximum-parallelization-width 1
	$(MAKE) --no-print-directory replay

# The replay cases, with JUnit XML checked against Fixtures/junit/junit.xsd.
# The replay cases, with their JUnit XML checked against Fixtures/junit/junit.xsd first;
# replay's "N passed, N failed" is the last line.
replay:
	@$(NSESIM) replay Fixtures/cases --junit .build/replay-junit.xml > .build/replay.log; status=$$?; \
	xmllint --noout --schema Fixtures/junit/junit.xsd .build/replay-junit.xml 2> .build/xmllint.log \
	  || { cat .build/xmllint.log; exit 1; }; \
	echo "JUnit XML: .build/replay-junit.xml (valid)"; cat .build/replay.log; exit $$status

build: deps
	$(SWIFT) build

# Installs the system packages that are missing (apt-get update first), never assumes them.
deps: toolchain
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	for t in $(APT_TOOLS); do command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t##*:}"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing </dev/null; \
	fi

toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  echo "error: no Swift toolchain on PATH: install Swift 6 (swift.org) and run make again" >&2; exit 1; }

# The demo: the example extensions on the fixture payloads (short deadlines so the
# timeout cases take a second), then lint and validate the fixtures.
demo: demo-run demo-attachments demo-lint demo-replay

DEMO_PAYLOAD = Fixtures/payloads/alert-mutable.json
demo-run:
	@echo "== nsesim run: the example extensions =="
	@run() { echo; echo "\$$ nsesim run $$*"; $(NSESIM) run "$$@" || exit 1; }; \
	run --extension Plugins-Examples/Template --payload $(DEMO_PAYLOAD) && \
	run --extension Plugins-Examples/AppendName --payload Fixtures/payloads/with-sender.json && \
	run --extension Plugins-Examples/Decrypt --payload Fixtures/payloads/encrypted.json && \
	run --extension Plugins-Examples/BestAttempt --payload $(DEMO_PAYLOAD) --deadline 1 && \
	run --extension Plugins-Examples/Faults/Hang --payload $(DEMO_PAYLOAD) --deadline 0.5 --grace 0.5 && \
	run --extension Plugins-Examples/Faults/Crash --payload $(DEMO_PAYLOAD) && \
	run --extension Plugins-Examples/Faults/TwiceCalled --payload $(DEMO_PAYLOAD) && \
	run --extension Plugins-Examples/Faults/BlockedThread --payload $(DEMO_PAYLOAD) --deadline 0.5 && \
	run --extension Plugins-Examples/Faults/MemoryHog --payload $(DEMO_PAYLOAD) --memory-limit 24MB && \
	run --extension Plugins-Examples/Template --payload Fixtures/payloads/silent.json

# Attachments: `--serve Fixtures/media` serves the media on 127.0.0.1 for the run and puts its
# address where the payload says {{server}}; the store is a temporary folder.
demo-attachments:
	@echo; echo "== nsesim run: attachments downloaded from a local server into the store =="
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	run() { echo; echo "\$$ nsesim run $$* --serve Fixtures/media"; $(NSESIM) run "$$@" --serve Fixtures/media --store $$tmp/store || exit 1; }; \
	run --extension Plugins-Examples/ImageAttachment --payload Fixtures/payloads/image-url.json && \
	run --extension Plugins-Examples/ImageAttachment --payload Fixtures/payloads/image-url.json --network Edge --deadline 0.3 && \
	run --extension Plugins-Examples/RichMedia --payload Fixtures/payloads/rich-media.json && \
	run --extension Plugins-Examples/Downloader --payload Fixtures/payloads/downloads.json && \
	echo && echo "\$$ nsesim store ls" && $(NSESIM) store ls --store $$tmp/store

# Replay: every case in Fixtures/cases, as CI runs them.
demo-replay:
	@echo; echo "== nsesim replay Fixtures/cases =="
	@$(NSESIM) replay Fixtures/cases

demo-lint:
	@echo; echo "== nsesim lint: payload fixtures =="
	@for f in Fixtures/payloads/*.json Fixtures/payloads/*.apns; do \
	  [ -e "$$f" ] || continue; echo; echo "\$$ nsesim lint $$f"; \
	  strings=""; [ -e Fixtures/payloads/Localizable.strings ] && strings="--strings Fixtures/payloads/Localizable.strings"; \
	  $(NSESIM) lint "$$f" $$strings || exit 1; \
	done
	@echo; echo "== nsesim validate: supported samples =="
	@$(NSESIM) validate Fixtures/media/sample.*
	@echo; echo "== nsesim validate: near misses (each must be refused) =="
	@for f in Fixtures/media/near-miss*; do \
	  if $(NSESIM) validate "$$f"; then echo "unexpected: $$f accepted" >&2; exit 1; fi; \
	done; echo; echo "demo done"

# Benchmarks print figures against baselines measured in the same run (docs/PERFORMANCE.md).
# Release build: the figures are for what users run.
bench: deps
	$(SWIFT) build -c release
	.build/release/nsesim-bench-runtime 50
	.build/release/nsesim-bench-downloads 5
	Benchmarks/replay-bench.sh .build/release/nsesim 3

# Regenerates Fixtures/media with ffmpeg (only needed to change the samples).
fixtures:
	@dpkg -s ffmpeg >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq ffmpeg </dev/null; }
	Fixtures/media/make-media.sh

clean:
	rm -rf .build
