# nsesim: two commands do all setup on a fresh Debian machine.
#   make run   installs what is missing, builds, runs the demo
#   make test  installs what is missing, builds, runs every test
# Both work as root with no standard input (CI), or with sudo.

SWIFT        ?= swift
APT_PACKAGES := libcurl4-openssl-dev libmagic-dev libmagic-mgc pkg-config libsqlite3-dev \
                libturbojpeg0-dev libpng-dev libgif-dev libwebp-dev \
                libssl-dev libssl3 libsndfile1 \
                libavformat-dev libavcodec-dev libswscale-dev libavutil-dev
# libsndfile1: AVFAudio's audio files, loaded with dlopen on the first one (its ABI is declared
# in Sources/Frameworks/AVFAudio/CAudioFile, so no -dev package is needed).
# libavformat-dev, libavcodec-dev, libswscale-dev, libavutil-dev: AVFoundation's assets and video
# frames (Sources/Frameworks/AVFoundation/CMovieFile). The C target compiles against their headers
# (FFmpeg's structs change between major versions) and opens the run-time libraries they bring with
# dlopen on the first asset, by the headers' sonames, so nothing links FFmpeg.
# Commands the tests, the demo and the benchmarks run, with the package that brings each
# (checked with command -v: python3 may come from elsewhere than Debian's package).
# eu-stack (elfutils) takes a hung extension's stacks at the deadline and at the kill
# (docs/crashes-and-hangs.md). genhtml (lcov) reads the lcov.info of `--coverage` in its test,
# as CI coverage tools read it (docs/coverage.md).
APT_TOOLS    := python3:python3 openssl:openssl curl:curl file:file xmllint:libxml2-utils chromium:chromium sqlite3:sqlite3 \
                eu-stack:elfutils genhtml:lcov
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
NSESIM        = .build/debug/nsesim

.PHONY: run first-notification test install uninstall test-install lint format test-stress manifests build deps toolchain apns-client demo demo-lint demo-run demo-attachments demo-center demo-apns demo-bench demo-replay replay report-schema man-completions bench fuzz fixtures clean

# The first notification comes as soon as nsesim, the extension host and the file-protection
# interposer (the host preloads it) are built, from a package that is only what they need
# (NSESIM_FIRST_NOTIFICATION: Package.swift's `firstNotificationOnly`, so the ~35 framework and
# SDK packages are not even loaded yet); the local APNs (nsesim-apns, with its HTTP/2 and TLS),
# the stand-ins and the rest of the demo come after it (Benchmarks/first-run-bench.sh measures
# the wait).
run: deps first-notification build demo

first-notification: deps
	NSESIM_FIRST_NOTIFICATION=1 $(SWIFT) build --product nsesim
	NSESIM_FIRST_NOTIFICATION=1 $(SWIFT) build --product nsesim-extension-host
	NSESIM_FIRST_NOTIFICATION=1 $(SWIFT) build --product NSESimFileProtection
	@echo; echo "== your first notification: Xcode's template extension on a push (the rest of the build and the demo follow) =="
	@echo "\$$ nsesim run --extension Plugins-Examples/Template --payload $(DEMO_PAYLOAD)"
	@$(NSESIM) run --extension Plugins-Examples/Template --payload $(DEMO_PAYLOAD)

# Tests run one at a time (about 75 s): many of them start real processes, servers and
# extension builds, and on a 2-core machine parallel tests that wait on children starved
# Swift's 2-thread cooperative pool on a cold build cache (a hang seen on a fresh clone).
# The failing tests and their issues are printed again at the end, where CI logs that keep
# only the last lines show them.
# The tests and the replay share one extension build cache (TEST_CACHE, emptied first), so the
# replay finds built the examples the tests built.
TEST_CACHE := $(CURDIR)/.build/test-cache
test: deps apns-client lint
	$(SWIFT) build --build-tests
	@rm -rf $(TEST_CACHE); mkdir -p $(TEST_CACHE); \
	{ NSESIM_TEST_BUILD_CACHE=$(TEST_CACHE) $(SWIFT) test --experimental-maximum-parallelization-width 1 2>&1; echo $$? > .build/test.status; } \
	  | tee .build/test.log; status=$$(cat .build/test.status); \
	  if [ "$$status" != 0 ]; then \
	    echo; echo "== swift test failed (exit $$status); the failures (whole log: .build/test.log) =="; \
	    grep -E '✘|recorded an issue|error:|Fatal error|Crash|signal' .build/test.log | grep -v -E '^(✔|◇)' | head -60; \
	    exit $$status; \
	  fi
	NSESIM_CACHE_DIR=$(TEST_CACHE) $(MAKE) --no-print-directory replay

# One formatter (.swift-format, swift-format from the toolchain): `make lint` fails, naming each
# file and line, when a file differs from what the formatter writes; `make format` rewrites them.
lint: toolchain
	@bash .ci/format --check

format: toolchain
	bash .ci/format

# Races (not part of `make test`): .ci/stress runs the replay tree 20 times with --jobs 4
# and the suites that time real processes 10 times, while a CPU hog runs on every core; it
# prints the flaky names and "N passed, N failed". REPLAY_RUNS, SUITE_RUNS, STRESS_JOBS and
# STRESS_SUITES change what it runs.
test-stress: deps apns-client
	$(SWIFT) build --build-tests
	bash .ci/stress

# The replay cases, with their JUnit XML checked against Fixtures/junit/junit.xsd first;
# replay's "N passed, N failed" is the last line.
replay:
	@$(NSESIM) replay Fixtures/cases --junit .build/replay-junit.xml > .build/replay.log; status=$$?; \
	xmllint --noout --schema Fixtures/junit/junit.xsd .build/replay-junit.xml 2> .build/xmllint.log \
	  || { cat .build/xmllint.log; exit 1; }; \
	echo "JUnit XML: .build/replay-junit.xml (valid)"; cat .build/replay.log; exit $$status

# docs/report-schema.json and docs/show-report-schema.json: the JSON Schemas of
# `nsesim run --format json` and `nsesim show --format json`, generated from the reports'
# types (NotificationReport, ShowReport); a test fails when a committed file differs.
report-schema:
	$(SWIFT) build --product nsesim
	$(NSESIM) report-schema > docs/report-schema.json.tmp && mv docs/report-schema.json.tmp docs/report-schema.json
	$(NSESIM) report-schema --command show > docs/show-report-schema.json.tmp && mv docs/show-report-schema.json.tmp docs/show-report-schema.json

build: deps
	$(SWIFT) build

# nsesim's man page and bash, zsh and fish completions, generated from its command definitions
# (swift-argument-parser's GenerateManual plugin, which builds every product first, and
# `nsesim --generate-completion-script`), in the layout `PREFIX/share` takes.
SHARE := .build/share
CONFIGURATION ?= debug
man-completions: deps
	$(SWIFT) build -c $(CONFIGURATION) --product nsesim
	$(SWIFT) package plugin generate-manual --configuration $(CONFIGURATION)
	@mkdir -p $(SHARE)/man/man1 $(SHARE)/bash-completion/completions $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	@page=$$(find .build/plugins -path '*GenerateManual*' -name nsesim.1 | head -1); \
	  [ -n "$$page" ] || { echo "generate-manual wrote no nsesim.1 under .build/plugins"; exit 1; }; \
	  cp "$$page" $(SHARE)/man/man1/nsesim.1
	.build/$(CONFIGURATION)/nsesim --generate-completion-script bash > $(SHARE)/bash-completion/completions/nsesim
	.build/$(CONFIGURATION)/nsesim --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_nsesim
	.build/$(CONFIGURATION)/nsesim --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/nsesim.fish
	@echo "man page and completions: $(SHARE)/{man/man1,bash-completion/completions,zsh/site-functions,fish/vendor_completions.d}"

# `make install PREFIX=/usr/local` (and DESTDIR= for a staging root): a release build laid out
# relocatably (PREFIX/bin/nsesim, everything it needs at run time under PREFIX/lib/nsesim/, the
# man page and completions under PREFIX/share); the build tree can be deleted afterwards.
# `make uninstall` removes exactly what install wrote (its manifest, lib/nsesim/install-manifest).
# INSTALL_CONFIGURATION=debug installs the debug build instead. docs/install.md.
PREFIX                ?= /usr/local
DESTDIR               ?=
INSTALL_CONFIGURATION ?= release
install: deps
	$(SWIFT) build -c $(INSTALL_CONFIGURATION)
	$(MAKE) --no-print-directory man-completions CONFIGURATION=$(INSTALL_CONFIGURATION)
	bash .ci/install.sh install .build/$(INSTALL_CONFIGURATION) "$(DESTDIR)$(PREFIX)" "$(PREFIX)"

uninstall:
	bash .ci/install.sh uninstall "$(DESTDIR)$(PREFIX)"

# What a team's CI does (its own CI step, as it builds nsesim again in release: .ci/run runs it):
# a fresh clone of this checkout installed with `make install PREFIX=TMP`, the clone removed,
# the installed nsesim run from another folder on a folder extension importing UIKit and on a
# --project target, `--version`, then `make uninstall` leaving no file. It prints
# "install: N passed, N failed".
test-install: deps
	bash .ci/test-install.sh

# The extension-side packages' (Sources/*/*/Package.swift), written from one table,
# Sources/modules.json; a test fails when a manifest is not what the table gives.
manifests:
	python3 .ci/manifests.py

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

# The provider library the local APNs is tested with (aioapns from PyPI), in a virtual
# environment under .build/ (needs python3-venv: installed when missing).
APNS_VENV = .build/apns-venv
apns-client: deps
	@[ -x $(APNS_VENV)/bin/python ] && $(APNS_VENV)/bin/python -c 'import aioapns' 2>/dev/null || { \
	  python3 -m venv $(APNS_VENV) 2>/dev/null || { $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv </dev/null && python3 -m venv $(APNS_VENV); }; \
	  $(APNS_VENV)/bin/pip install --quiet --disable-pip-version-check 'aioapns==4.0'; }

toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  echo "error: no Swift toolchain on PATH: install Swift 6 (swift.org) and run make again" >&2; exit 1; }

# The demo: the example extensions on the fixture payloads (short deadlines so the
# timeout cases take a second), then lint and validate the fixtures.
demo: demo-run demo-attachments demo-center demo-content demo-apns demo-bench demo-lint demo-replay

DEMO_PAYLOAD = Fixtures/payloads/alert-mutable.json
demo-run:
	@echo "== nsesim run: the example extensions =="
	@run() { echo; echo "\$$ nsesim run $$*"; $(NSESIM) run "$$@" || exit 1; }; \
	run --extension Plugins-Examples/Template --payload $(DEMO_PAYLOAD) && \
	run --extension Plugins-Examples/AppendName --payload Fixtures/payloads/with-sender.json && \
	run --extension Plugins-Examples/Decrypt --payload Fixtures/payloads/encrypted.json && \
	run --extension Plugins-Examples/CombinePipeline --payload Fixtures/payloads/with-sender.json && \
	run --extension Plugins-Examples/InHouseModule --payload Fixtures/payloads/with-sender.json && \
	run --extension Plugins-Examples/Logging --payload Fixtures/payloads/with-sender.json && \
	run --extension Plugins-Examples/ChatActions --payload Fixtures/payloads/chat-message.json --collapse-id chat-anna-2 && \
	run --extension "Fixtures/extensions/Xcode Variables" --payload Fixtures/payloads/alert-mutable.json --setting APP_GROUP_IDENTIFIER=group.com.example.app && \
	run --project Fixtures/projects/ChatApp --payload $(DEMO_PAYLOAD) && \
	run --extension Plugins-Examples/BestAttempt --payload $(DEMO_PAYLOAD) --deadline 1 && \
	run --extension Plugins-Examples/Faults/Hang --payload $(DEMO_PAYLOAD) --deadline 0.5 --grace 0.5 && \
	run --extension Plugins-Examples/Faults/Crash --payload $(DEMO_PAYLOAD) && \
	run --extension Plugins-Examples/Faults/TwiceCalled --payload $(DEMO_PAYLOAD) && \
	run --extension Plugins-Examples/Faults/BlockedThread --payload $(DEMO_PAYLOAD) --deadline 0.5 && \
	run --extension Plugins-Examples/Faults/MemoryHog --payload $(DEMO_PAYLOAD) --memory-limit 24MB && \
	run --extension Fixtures/extensions/SpamFilter --payload Fixtures/payloads/spam.json && \
	run --extension Fixtures/extensions/LockedKeychain --payload $(DEMO_PAYLOAD) --keychain Fixtures/keychain/lock-classes.json && \
	run --extension Fixtures/extensions/LockedKeychain --payload $(DEMO_PAYLOAD) --keychain Fixtures/keychain/lock-classes.json --lock-state locked && \
	run --extension Plugins-Examples/Template --payload Fixtures/payloads/silent.json && \
	echo && echo "\$$ nsesim center ls" && $(NSESIM) center ls

# Attachments: `--serve Fixtures/media` serves the media on 127.0.0.1 for the run and puts its
# address where the payload says {{server}}; the store is a temporary folder.
demo-attachments:
	@echo; echo "== nsesim run: attachments downloaded from a local server into the store =="
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	run() { echo; echo "\$$ nsesim run $$* --serve Fixtures/media"; $(NSESIM) run "$$@" --serve Fixtures/media --store $$tmp/store || exit 1; }; \
	run --extension Plugins-Examples/ImageAttachment --payload Fixtures/payloads/image-url.json && \
	run --extension Plugins-Examples/ImageAttachment --payload Fixtures/payloads/image-url.json --network Edge --deadline 0.3 && \
	run --extension Plugins-Examples/ImageResize --payload Fixtures/payloads/image-1mb.json && \
	run --extension Plugins-Examples/RichMedia --payload Fixtures/payloads/rich-media.json && \
	run --extension Plugins-Examples/Downloader --payload Fixtures/payloads/downloads.json && \
	echo && echo "\$$ nsesim store ls" && $(NSESIM) store ls --store $$tmp/store

# The notification center: a short timeline on the app's virtual clock (local requests from
# a file, pushes through the whole pipeline, a collapse id replacing, a region entered), the
# center as iOS keeps it, and the lock screen drawn by headless Chromium.
CENTER_APP = --app-id com.example.demo --store $$tmp/store
demo-center:
	@echo; echo "== nsesim deliver, schedule, center: a timeline into the app's notification center =="
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; export NSESIM_DATA_DIR=$$tmp/data; \
	step() { echo; echo "\$$ nsesim $$*"; $(NSESIM) "$$@" $(CENTER_APP) || exit 1; }; \
	step center advance --until 2026-03-23T08:00:00Z > /dev/null && \
	step schedule Fixtures/center/standup.json && \
	step center advance 2h && \
	step center move 48.8585,2.2950 && \
	echo && echo "\$$ nsesim deliver --extension Plugins-Examples/ImageAttachment --serve Fixtures/media Fixtures/center/chat-anna-1.json Fixtures/center/chat-anna-2.json Fixtures/payloads/image-url.json Fixtures/payloads/image-url.json --collapse-id '' --collapse-id '' --collapse-id photo --collapse-id photo --at +1m --at +2m --at +3m --at +5m  (run reports shortened)" && \
	$(NSESIM) deliver --extension Plugins-Examples/ImageAttachment --serve Fixtures/media $(CENTER_APP) \
	  Fixtures/center/chat-anna-1.json Fixtures/center/chat-anna-2.json Fixtures/payloads/image-url.json Fixtures/payloads/image-url.json \
	  --collapse-id '' --collapse-id '' --collapse-id photo --collapse-id photo --at +1m --at +2m --at +3m --at +5m \
	  | grep -E '^(== Push|Outcome|Center    delivered)' && \
	step center ls && \
	step center --render .build/lockscreen.png

# Content extensions: the Article pair. The service extension files the push under the
# "article" category and attaches its picture; the content extension draws it after a long
# press, then the user likes it and replies; the expanded notification drawn by Chromium.
ARTICLE = --extension Plugins-Examples/Article/ArticleContent --service-extension Plugins-Examples/Article/ArticleService \
	--payload Fixtures/payloads/article.json --serve Fixtures/media --categories Plugins-Examples/Article/categories.json
demo-content:
	@echo; echo "== nsesim show: a content extension after a long press, then the user's taps =="
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; export NSESIM_DATA_DIR=$$tmp/data; \
	echo; echo "\$$ nsesim show $(ARTICLE) --action like --text-input 'reply=Great piece' --render .build/content-extension.png"; \
	$(NSESIM) show $(ARTICLE) --store $$tmp/store --action like --text-input 'reply=Great piece' --render .build/content-extension.png

# A local APNs: `nsesim apns` in the background, curl --http2 as the push backend (a push,
# a refused one), then the server stopped and the app's center shown.
demo-apns:
	@echo; echo "== nsesim apns: a local APNs, curl --http2 as the provider =="
	@tmp=$$(mktemp -d); pid=""; trap '[ -n "$$pid" ] && kill $$pid 2>/dev/null; rm -rf $$tmp' EXIT; \
	echo "\$$ nsesim apns --extension Plugins-Examples/Template --port 0 &"; \
	$(NSESIM) apns --extension Plugins-Examples/Template --port 0 > $$tmp/out 2>&1 & pid=$$!; \
	for i in $$(seq 600); do grep -q "^APNs at" $$tmp/out && break; kill -0 $$pid 2>/dev/null || break; sleep 0.1; done; \
	head -1 $$tmp/out; grep -q "^APNs at" $$tmp/out || { cat $$tmp/out; exit 1; }; \
	url=$$(sed -nE '1s|.*(https://127.0.0.1:[0-9]+).*|\1|p' $$tmp/out); ca=$$(sed -nE '1s|.*\(CA: ([^)]*)\).*|\1|p' $$tmp/out); \
	token=$$(printf 'ab%.0s' $$(seq 32)); \
	for topic in com.example.app com.example.other; do \
	  echo "\$$ curl --http2 --cacert CA -H 'apns-topic: $$topic' -H 'apns-push-type: alert' --data-binary @$(DEMO_PAYLOAD) $$url/3/device/$$token"; \
	  curl --silent --http2 --cacert $$ca -H "apns-topic: $$topic" -H 'apns-push-type: alert' \
	    --data-binary @$(DEMO_PAYLOAD) -w ' HTTP/%{http_version} %{http_code}\n' $$url/3/device/$$token; \
	done; \
	kill -TERM $$pid; wait $$pid; pid=""; tail -n +2 $$tmp/out; \
	echo "\$$ nsesim center ls" && $(NSESIM) center ls

# Bench: how close ImageAttachment comes to a 5 s deadline with a 1 MB photo under WiFi and
# 3G (3G misses it: the threshold fails, as it would fail a CI job), with an HTML report.
demo-bench:
	@echo; echo "== nsesim bench: a 1 MB photo under WiFi and 3G, deadline 5 s =="
	@echo "\$$ nsesim bench --extension Plugins-Examples/ImageAttachment --payload Fixtures/payloads/image-1mb.json --serve Fixtures/media --network WiFi --network 3G --runs 3 --deadline 5 --grace 1 --fail-if 'p99 > 4s' --report .build/bench-demo.html"
	@$(NSESIM) bench --extension Plugins-Examples/ImageAttachment --payload Fixtures/payloads/image-1mb.json \
	  --serve Fixtures/media --network WiFi --network 3G --runs 3 --deadline 5 --grace 1 \
	  --fail-if 'p99 > 4s' --report .build/bench-demo.html; \
	  status=$$?; echo "(exit status $$status: 1 means a --fail-if threshold held)"; [ $$status -le 1 ]

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

# Benchmarks: a release build (the figures are for what users run), then
# Benchmarks/performance.py runs every benchmark once and writes docs/PERFORMANCE.md whole,
# each figure against a baseline measured in the same run, with how much other load there
# was (logs in BENCH_BUILD/release/bench-logs); then the sample bench report if its script
# is there. BENCH_BUILD: the build folder (another one keeps a shared .build undisturbed).
BENCH_BUILD ?= .build
# FIRST_RUN_BEFORE: the commit the first run is compared with (the one before the first
# notification stopped waiting for the local APNs and the stand-ins' packages).
FIRST_RUN_BEFORE ?= 59bdb12
bench: deps
	$(SWIFT) build -c release --scratch-path $(BENCH_BUILD)
	FIRST_RUN_BEFORE=$(FIRST_RUN_BEFORE) python3 Benchmarks/performance.py --products $(BENCH_BUILD)/release
	@if [ -e Benchmarks/bench-report.sh ]; then \
	  echo; echo "== Benchmarks/bench-report.sh"; bash Benchmarks/bench-report.sh $(BENCH_BUILD)/release/nsesim; \
	fi

# Fuzzing (not part of `make test`): libFuzzer over payload parsing, the gate, lint and the
# lint reports (Fuzz/PayloadFuzzer), seeded from the payload fixtures and replay cases, in
# its own build folder. FUZZ_RUNS executions, FUZZ_TIME seconds at most (0: no limit).
# A crash ends it with status 1, the reproducer's path and its backtrace.
FUZZ_RUNS ?= 1000000
FUZZ_TIME ?= 0
fuzz: deps
	$(SWIFT) build --product nsesim-fuzz-payload -c release --scratch-path .build-fuzz \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -DNSESIM_LIBFUZZER
	Fuzz/run-fuzz.sh .build-fuzz/release/nsesim-fuzz-payload $(FUZZ_RUNS) $(FUZZ_TIME)

# Regenerates Fixtures/media with ffmpeg (only needed to change the samples).
fixtures:
	@dpkg -s ffmpeg >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq ffmpeg </dev/null; }
	Fixtures/media/make-media.sh

clean:
	rm -rf .build
