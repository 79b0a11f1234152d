# subsume - see README.md.
#
#   make              build ./subsume
#   make check        build and run every test under prove
#   make run          prove the shipped theories, regenerate outputs
#   make SANITIZE=address,undefined check    the suite under ASan/UBSan
#   make CC=clang     build with clang
#
# `make run` and `make check` first install missing Debian packages
# (scripts/deps.sh) when run as root on a machine that lacks them.

CC ?= cc
PKGS = z3 yaml-0.1 libcgraph
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
OBJS = $(SRCS:prover/%.c=$(O)/%.o) $(O)/stdops.o
ifeq ($(O),build)
BIN = subsume
else
BIN = $(O)/subsume
endif

TEST_SRCS = $(wildcard tests/*.c)
TEST_BINS = $(TEST_SRCS:tests/%.c=$(O)/tests/%.t)

all: $(BIN)

$(BIN): $(O)/cmd/main.o $(OBJS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(O)/%.o: prover/%.c $(HDRS) | $(O)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The operator library, compiled in as a C string.
$(O)/stdops.c: configs/operators.yaml | $(O)
	{ echo '/* generated from configs/operators.yaml by make */'; \
	  echo 'const char stdops_yaml[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; \
	  echo ';'; } > $@.tmp && mv $@.tmp $@

$(O)/stdops.o: $(O)/stdops.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(O)/tests/%.t: tests/%.c tests/tap.h $(OBJS) | $(O)/tests
	$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(OBJS) $(LDFLAGS) $(LDLIBS)

$(O) $(O)/tests:
	mkdir -p $@

deps:
	@sh scripts/deps.sh

# Tests: compiled C tests and shell scripts, all TAP, run by prove.
check: deps
	@$(MAKE) --no-print-directory $(BIN) $(TEST_BINS)
	SUBSUME=$(abspath $(BIN)) TEST_BIN_DIR=$(abspath $(O)/tests) \
	  prove -f $(TEST_BINS) tests/*.t

run: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) prove theories
	@$(MAKE) --no-print-directory table1
	@$(MAKE) --no-print-directory tables graphs

# Speed, measured (ratios in one run); a benchmark, not a test.
bench: deps
	@$(MAKE) --no-print-directory $(BIN)
	SUBSUME=$(abspath $(BIN)) sh scripts/bench.sh

clean:
	rm -rf build build-san subsume

.PHONY: all check run deps clean bench
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
