# subsume - see README.md.
#
#   make              build ./subsume
#   make check        build and run every test under prove
#   make run          prove the shipped theories, regenerate outputs
#   make SANITIZE=address,undefined check    the suite under ASan/UBSan
#   make CC=clang     build with clang
#   make install PREFIX=/usr/local DESTDIR=    install (and make uninstall)
#   make man          regenerate docs/subsume.1 from the option tables
#   make fuzz FUZZ_SECONDS=N   AFL++ on every fuzz harness (docs/reliability.md)
#
# `make run` and `make check` first install missing Debian packages
# (scripts/deps.sh) when run as root on a machine that lacks them.

CC ?= cc
PKGS = z3 yaml-0.1 libcgraph tree-sitter
O ?= build
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -Werror
DEPS_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
DEPS_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS = $(WARN) -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(CFLAGS) \
	-Iprover -I$(O) $(DEPS_CFLAGS)
LDLIBS = $(DEPS_LIBS) -lm -lpthread

ifneq ($(SANITIZE),)
ifeq ($(O),build)
O := build-san
endif
ALL_CFLAGS += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=$(SANITIZE)
endif

# One folder per pipeline stage (README: Development).
STAGES = base lang sem model prove check emit cmd
SRCS = $(filter-out prover/cmd/main.c,$(foreach d,$(STAGES),$(wildcard prover/$(d)/*.c)))
HDRS = $(foreach d,$(STAGES),$(wildcard prover/$(d)/*.h))
OBJS = $(SRCS:prover/%.c=$(O)/%.o) $(O)/stdops.o $(O)/cops.o $(O)/contracts.o \
	$(O)/grammar/java.o $(O)/elements-js.o
ifeq ($(O),build)
BIN = subsume
else
BIN = $(O)/subsume
endif

# A test-only binary with deliberately broken rules that SUBSUME_FAULT
# switches on (prover/sem/fault.h); never installed.  tests/confirm.t
# shows that the guards catch them.
FAULT_SRCS = prover/sem/smt.c prover/sem/encode.c
FAULT_OBJS = $(FAULT_SRCS:prover/%.c=$(O)/fault/%.o)
FAULT_BIN = $(O)/subsume-fault
GOOD_OBJS = $(filter-out $(FAULT_SRCS:prover/%.c=$(O)/%.o),$(OBJS))
# ... and the differential test of the encoding, built on it
FAULT_DIFF = $(O)/fault/diff-smt

TEST_SRCS = $(wildcard tests/*.c)
TEST_BINS = $(TEST_SRCS:tests/%.c=$(O)/tests/%.t)

all: $(BIN)

$(BIN): $(O)/cmd/main.o $(OBJS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(FAULT_BIN): $(O)/cmd/main.o $(GOOD_OBJS) $(FAULT_OBJS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(FAULT_DIFF): tests/diff-smt.c tests/tap.h $(GOOD_OBJS) $(FAULT_OBJS)
	$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(GOOD_OBJS) $(FAULT_OBJS) $(LDFLAGS) $(LDLIBS)

$(O)/fault/%.o: prover/%.c $(HDRS) | $(O)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DSUBSUME_FAULTS -c -o $@ $<

$(O)/%.o: prover/%.c $(HDRS) | $(O)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The built-in configuration, compiled in as C strings: the operator
# library and the checker's contracts (each file is the one definition).
$(O)/stdops.c: configs/operators.yaml | $(O)
	sh scripts/c-string.sh stdops_yaml $< > $@.tmp && mv $@.tmp $@

$(O)/cops.c: configs/c-operators.yaml | $(O)
	sh scripts/c-string.sh c_stdops_yaml $< > $@.tmp && mv $@.tmp $@

$(O)/contracts.c: configs/contracts.yaml | $(O)
	sh scripts/c-string.sh check_default_contracts $< > $@.tmp && mv $@.tmp $@

# The Java grammar of tree-sitter (prover/lang/javasrc.c), fetched at its
# pinned version from the npm registry by scripts/grammar.sh (checksum
# checked) into GRAMMAR, never committed; its generated parser.c is
# compiled as it is, without our warning flags (it is not our code).
GRAMMAR = .deps/tree-sitter-java-0.20.2
$(GRAMMAR)/parser.c: scripts/grammar.sh
	sh scripts/grammar.sh $(GRAMMAR)

$(O)/grammar/java.o: $(GRAMMAR)/parser.c | $(O)
	@mkdir -p $(@D)
	$(CC) -O1 -w -I$(GRAMMAR) -c -o $@ $(GRAMMAR)/parser.c

# The report viewer of `check --format html` (prover/emit/html.c): the
# mutation-testing-elements web component, fetched at its pinned version
# by scripts/elements.sh (checksum checked) into .deps/, compiled in as a
# string.  Without it (no network) the binary builds, and only
# --format html refuses; make deps and make check fetch it.
ELEMENTS_JS = .deps/mutation-testing-elements-3.9.0/mutation-test-elements.js
$(O)/elements-js.c: scripts/elements.sh $(wildcard $(ELEMENTS_JS)) | $(O)
	@if [ -f $(ELEMENTS_JS) ] || sh scripts/elements.sh .deps; then \
	  sh scripts/c-string.sh mte_elements_js $(ELEMENTS_JS) > $@.tmp; \
	else \
	  echo "warning: built without mutation-testing-elements:" \
	    "check --format html is not available (run make deps)" >&2; \
	  echo 'const char mte_elements_js[] = "";' > $@.tmp; \
	fi; mv $@.tmp $@

$(O)/elements-js.o: $(O)/elements-js.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(O)/stdops.o: $(O)/stdops.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(O)/cops.o: $(O)/cops.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(O)/contracts.o: $(O)/contracts.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(O)/tests/%.t: tests/%.c tests/tap.h $(OBJS) | $(O)/tests
	$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(OBJS) $(LDFLAGS) $(LDLIBS)

# The fuzz harnesses (tests/fuzz/fuzz.h).  tests/fuzz-corpus.c runs each
# on its corpus under `make check`; `make fuzz` runs AFL++ on each.
FUZZ_HARNESSES = theory expr operator major yaml contracts javasrc kills
FUZZ_SRCS = tests/fuzz/common.c $(FUZZ_HARNESSES:%=tests/fuzz/fuzz-%.c)
FUZZ_BINS = $(FUZZ_HARNESSES:%=$(O)/fuzz/%)

$(O)/tests/fuzz-corpus.t: tests/fuzz-corpus.c $(FUZZ_SRCS) tests/fuzz/fuzz.h \
		tests/tap.h $(OBJS) | $(O)/tests
	$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(FUZZ_SRCS) $(OBJS) $(LDFLAGS) \
	  $(LDLIBS)

# One binary per harness: AFL++ persistent mode under afl-clang-fast,
# file input under any other compiler.
$(O)/fuzz/%: tests/fuzz/afl-main.c $(FUZZ_SRCS) tests/fuzz/fuzz.h $(OBJS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests -DFUZZ_FN=fuzz_$* -o $@ $< $(FUZZ_SRCS) \
	  $(OBJS) $(LDFLAGS) $(LDLIBS)

fuzz-build: $(FUZZ_BINS)

$(O) $(O)/tests:
	mkdir -p $@

deps:
	@sh scripts/deps.sh
	@sh scripts/elements.sh .deps

# Tests: compiled C tests and shell scripts, all TAP, run by prove.
check: deps
	@$(MAKE) --no-print-directory $(BIN) $(TEST_BINS) $(FAULT_BIN) $(FAULT_DIFF)
	SUBSUME=$(abspath $(BIN)) TEST_BIN_DIR=$(abspath $(O)/tests) \
	  SUBSUME_FAULT_BIN=$(abspath $(FAULT_BIN)) \
	  SUBSUME_FAULT_DIFF=$(abspath $(FAULT_DIFF)) \
	  prove -f $(TEST_BINS) tests/*.t

# AFL++ on every harness for FUZZ_SECONDS each (docs/reliability.md):
# instrumented with ASan and UBSan in build-fuzz/, FUZZ_JOBS at a time,
# findings and queues in FUZZ_OUT.  Needs afl++ (installed here).
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
FUZZ_OUT ?= build-fuzz/out
FUZZ_CC ?= afl-clang-fast
fuzz:
	@sh scripts/deps.sh fuzz
	@$(MAKE) --no-print-directory O=build-fuzz CC=$(FUZZ_CC) \
	  SANITIZE=address,undefined fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) \
	  FUZZ_OUT=$(FUZZ_OUT) sh scripts/fuzz.sh build-fuzz/fuzz \
	  $(FUZZ_HARNESSES)

run: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) prove theories
	@$(MAKE) --no-print-directory table1 audit
	@$(MAKE) --no-print-directory tables graphs

# Speed, measured (ratios in one run); a benchmark, not a test.
bench: deps
	@$(MAKE) --no-print-directory $(BIN)
	SUBSUME=$(abspath $(BIN)) sh scripts/bench.sh

clean:
	rm -rf build build-san build-fuzz subsume

# Install the binary, the manual page subsume(1) (docs/subsume.1,
# generated by `make man`, committed; tests/man.t fails when stale) and,
# for reference, the built-in configuration (compiled into the binary).
# INSTALL_BIN installs an already built binary (tests/install.t).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL ?= install
INSTALL_BIN ?= $(BIN)
bindir = $(PREFIX)/bin
man1dir = $(PREFIX)/share/man/man1
datadir = $(PREFIX)/share/subsume
CONFIGS = configs/operators.yaml configs/c-operators.yaml configs/contracts.yaml

install: $(INSTALL_BIN) docs/subsume.1 $(CONFIGS)
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(datadir)
	$(INSTALL) -m 755 $(INSTALL_BIN) $(DESTDIR)$(bindir)/subsume
	$(INSTALL) -m 644 docs/subsume.1 $(DESTDIR)$(man1dir)/subsume.1
	$(INSTALL) -m 644 $(CONFIGS) $(DESTDIR)$(datadir)/

# Exactly what install wrote; share/subsume/ too when nothing else is in it.
uninstall:
	rm -f $(DESTDIR)$(bindir)/subsume $(DESTDIR)$(man1dir)/subsume.1 \
	  $(addprefix $(DESTDIR)$(datadir)/,$(notdir $(CONFIGS)))
	-rmdir $(DESTDIR)$(datadir) 2>/dev/null || true

man: $(BIN)
	./$(BIN) man-page -o docs/subsume.1

.PHONY: all check run deps clean bench install uninstall man fuzz fuzz-build
.DELETE_ON_ERROR:

# Generated outputs of the shipped theories (docs/emitters.md), committed:
# C tables and DOT subsumption graphs.  tests/emit-stale.t fails when
# regenerating them would change a committed file.
tables: $(BIN)
	./$(BIN) tables -o tables theories

# Into a fresh folder, swapped in only when complete: no stale files stay.
graphs: $(BIN)
	rm -rf graphs.new
	./$(BIN) graphs -o graphs.new theories
	rm -rf graphs && mv graphs.new graphs

.PHONY: tables graphs

# docs/table1.md: the paper's Table 1 (docs/paper-table1.yaml) next to
# the minimal sets proved from theories/paper-*.yaml (docs/theories.md).
# Committed; tests/table1.t fails when it is stale.
table1: $(BIN)
	./$(BIN) compare --with docs/paper-table1.yaml -o docs/table1.md \
	  theories/paper-*.yaml

.PHONY: table1

# docs/audit.md: the claims of theories/audit/ (hand-coded rules of real
# mutation tools) with their verdicts and witnesses (docs/claims.md).
# Committed; tests/audit.t fails when it is stale.  The audit theories
# are not in tables/ or graphs/: their targets are rule checks (constant
# operands, hand-picked mutant lists, modelled removals), not lookup
# tables a tool compiles in.
audit: $(BIN)
	./$(BIN) audit -o docs/audit.md theories/audit

.PHONY: audit
