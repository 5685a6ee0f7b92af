# nsesim: two commands do all setup on a fresh Debian machine.
#   make run   installs what is missing, builds, runs the demo
#   make test  installs what is missing, builds, runs every test
# Both work as root with no standard input (CI), or with sudo.

SWIFT        ?= swift
APT_PACKAGES := libcurl4-openssl-dev libmagic-dev libmagic-mgc pkg-config
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
NSESIM        = .build/debug/nsesim

.PHONY: run test build deps toolchain demo fixtures clean

run: deps build demo

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

build: deps
	$(SWIFT) build

# Installs the system packages that are missing (apt-get update first), never assumes them.
deps: toolchain
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing </dev/null; \
	fi

toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  echo "error: no Swift toolchain on PATH: install Swift 6 (swift.org) and run make again" >&2; exit 1; }

# The demo: lint every payload fixture, then validate every media fixture
# (the supported samples are accepted, the near misses refused with their UNError codes).
demo:
	@echo "== nsesim lint: payload fixtures =="
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

# Regenerates Fixtures/media with ffmpeg (only needed to change the samples).
fixtures:
	@dpkg -s ffmpeg >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq ffmpeg </dev/null; }
	Fixtures/media/make-media.sh

clean:
	rm -rf .build
