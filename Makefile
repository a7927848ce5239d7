# pykc: DSL kernels -> CUDA C / PTX / cubin, and a runtime to run them.
# The lexer (src/syntax/lex.re) and grammar (src/syntax/grammar.y) are generated into build/ with
# re2c and lemon; tools/need-tools.sh installs them when they are missing.

CC      ?= cc
PREFIX  ?= /usr/local
WARN    := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS  ?= -O2 -g
ALLCFLAGS = $(WARN) $(CFLAGS) -D_GNU_SOURCE -fPIC -fvisibility=hidden -Isrc -Iruntime -Icpu -Icli -Iinclude -I$(B)
LDLIBS  := -ldl -lm

B       ?= build
# libpykc.so.MAJOR is the SONAME; the version is the compiler's (src/base/base.h).
VERSION := $(shell sed -n 's/^\#define PYKC_VERSION "\(.*\)"/\1/p' src/base/base.h)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME  := libpykc.so.$(SOMAJOR)
# src/ is the compiler, runtime/ the library (NVRTC, driver, launch, cache, API), cpu/ the
# CPU backend, cli/ the pykc command (its .npy files and argument specs included: they are
# linked into the pykc binary and the tests that read .npy files, not into libpykc).
CLISRC  := $(wildcard cli/*.c)
CLIOBJS := $(patsubst %.c,$(B)/obj/%.o,$(CLISRC))
NPYOBJS := $(B)/obj/cli/npy.o $(B)/obj/cli/npy_print.o $(B)/obj/cli/args.o
LIBSRC  := $(wildcard src/*/*.c) $(wildcard runtime/*.c runtime/*/*.c) $(wildcard cpu/*.c)
OBJS    := $(patsubst %.c,$(B)/obj/%.o,$(LIBSRC)) $(B)/obj/lex.o $(B)/obj/grammar.o
HDRS    := $(wildcard src/*/*.h runtime/*.h runtime/*/*.h cpu/*.h cli/*.h include/*.h) $(B)/grammar.h

.PHONY: all tools test test-gpu demo asan clean install bench fuzz python print-libsrc
all: $(B)/pykc $(B)/libpykc.a $(B)/libpykc_internal.a $(B)/libpykc.so

# The build and test tools (tools/need-tools.sh installs them as root, else names them).
# It runs once per make: the recursive makes below pass TOOLS_CHECKED=1, so `make -j2 test`
# never runs two apt-gets at once. Nothing is compiled before it has passed.
# `make` alone needs only the build tools; a goal that runs tests needs the whole list.
PYTHON  ?= /usr/bin/python3
export PYTHON
NEED_TOOLS := $(if $(filter test,$(MAKECMDGOALS)),,--build)
tools:
ifndef TOOLS_CHECKED
	@sh tools/need-tools.sh $(NEED_TOOLS)
endif
$(OBJS) $(patsubst %.c,$(B)/obj/%.o,$(CLISRC)): | tools

$(B)/lex.c: src/syntax/lex.re src/syntax/tokens.h $(B)/grammar.h | tools
	@mkdir -p $(B)
	re2c -W -Werror --no-generation-date --no-version -o $@ $<

# The grammar's %token declaration is src/syntax/tokens.h's list (its order numbers the TK_
# kinds): build/grammar.y is src/syntax/grammar.y with the list put in at the @TOKENS@ line.
$(B)/grammar.y: src/syntax/grammar.y src/syntax/tokens.h
	@mkdir -p $(B)
	printf '#include "syntax/tokens.h"\n#define X(k, s) k\nTOKEN_LIST(X)\n' | $(CC) -E -P -Isrc -x c - | tr -s ' \n' '  ' > $@.tokens
	awk -v t="$$(cat $@.tokens)" '/@TOKENS@/ { print "%token " t "."; next } { print }' $< > $@
	@rm -f $@.tokens

# lemon writes grammar.c/.h/.out beside the -d folder; a conflict is a build error.
$(B)/grammar.c $(B)/grammar.h: $(B)/grammar.y | tools
	@mkdir -p $(B)
	lemon -T/usr/share/lemon/lempar.c -d$(B) -q $< || { echo "lemon: grammar has conflicts"; exit 1; }
	@touch $(B)/grammar.c $(B)/grammar.h

$(B)/obj/lex.o: $(B)/lex.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

# NDEBUG leaves out Lemon's tracing (fprintf to a trace file): the library never prints.
$(B)/obj/grammar.o: $(B)/grammar.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -DNDEBUG -Wno-unused-parameter -Wno-missing-prototypes -Wno-unused-variable -c -o $@ $<

$(B)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

# The CPU backend's preamble (cpu/cpu_rt.h with cpu/cpu_rt_cxx.h's text spliced in where it
# includes it), embedded in cpu.o as a C string; and CUDA C++'s environment around it
# (cpu/cxx_env_open.h, cuda_math.h, cxx_env_close.h), embedded the same way.
CPU_TEXTS := cpu_rt cxx_env_open cuda_math cxx_env_close
$(B)/%.inc: cpu/%.h
	@mkdir -p $(B)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

$(B)/cpu_rt.inc: cpu/cpu_rt.h cpu/cpu_rt_cxx.h cpu/cpu_lib.h
	@mkdir -p $(B)
	sed -e '/^#include "cpu_rt_cxx.h"/{r cpu/cpu_rt_cxx.h' -e 'd' -e '}' cpu/cpu_rt.h | \
	  sed -e '/^#include "cpu_lib.h"/{r cpu/cpu_lib.h' -e 'd' -e '}' | \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' > $@

$(B)/obj/cpu/cpu.o: $(patsubst %,$(B)/%.inc,$(CPU_TEXTS))

# CuPy's device headers that pykc serves as CuPy wrote them (runtime/cupy/, its README),
# embedded in cuda_headers.o as a table of {"cupy/NAME", text} rows, one per file (those
# of xsf/ and xsf/cephes/ as cupy/xsf/NAME, cupy/xsf/cephes/NAME).
CUPY_HDRS := $(sort $(wildcard runtime/cupy/*.cuh runtime/cupy/*.h runtime/cupy/xsf/*.h \
                               runtime/cupy/xsf/cephes/*.h))
$(B)/cupy_headers.inc: $(CUPY_HDRS)
	@mkdir -p $(B)
	for f in $(CUPY_HDRS); do \
	  printf '{"%s",\n' "$${f#runtime/}"; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' "$$f"; \
	  printf '},\n'; \
	done > $@

$(B)/obj/runtime/cuda_headers.o: $(B)/cupy_headers.inc

# cupyx.scipy.special's ufuncs as CuPy 14.2 declares them (runtime/cupy/special_ufuncs.py,
# made by tools/dump_special_ufuncs.py), embedded as one C string (src/dsl/sema_special.c).
$(B)/special_ufuncs.inc: runtime/cupy/special_ufuncs.py
	@mkdir -p $(B)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

$(B)/obj/src/dsl/sema_special.o: $(B)/special_ufuncs.inc

# libpykc.a (installed) exposes only the public API, as libpykc.so does: its objects are
# linked into one (ld -r) whose hidden symbols (everything but PYKC_API's pykc_*) are made
# local (objcopy --localize-hidden), so that a program may define its own ctx_init or
# buf_printf (tests/cli/static_lib.sh). libpykc_internal.a keeps the objects as they are,
# internals global, for pykc's own clients of the internal interfaces (runtime/rt.h,
# src/pykc.h): the pykc binary, the Python extension, the unit tests; it is not installed.
LD      ?= ld
OBJCOPY ?= objcopy
$(B)/libpykc_internal.a: $(OBJS)
	rm -f $@ && ar rcs $@ $^

$(B)/libpykc.a: $(OBJS)
	$(LD) -r -o $(B)/libpykc.o $^
	$(OBJCOPY) --localize-hidden $(B)/libpykc.o
	rm -f $@ && ar rcs $@ $(B)/libpykc.o && rm -f $(B)/libpykc.o

# Exports only pykc_* (-fvisibility=hidden, PYKC_API in include/pykc.h); build/libpykc.so.0
# lets programs linked against build/ run from there.
$(B)/libpykc.so: $(OBJS)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(LDLIBS)
	ln -sf libpykc.so $(B)/$(SONAME)

$(B)/pykc: $(CLIOBJS) $(B)/libpykc_internal.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The Python package's C extension (python/*.c over libpykc, linked in statically),
# built in place as python/pykc/_pykc<EXT_SUFFIX> for $(PYTHON) (needs only its headers:
# Debian's python3-dev). `pip install .` builds the same through setup.py.
PYINC    = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
PYEXT    = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
PYSRC   := $(wildcard python/*.c)
python: $(B)/libpykc_internal.a $(B)/xxhash.h
	$(CC) $(WARN) $(CFLAGS) -D_GNU_SOURCE -fPIC -fvisibility=hidden -shared -Iinclude -isystem $(PYINC) \
	  -o python/pykc/_pykc$(PYEXT) $(PYSRC) $(B)/libpykc_internal.a $(LDLIBS)

# A copy of xxhash.h beside the generated files, so that a build/ folder carried to a
# machine without libxxhash-dev still builds the package.
$(B)/xxhash.h:
	@mkdir -p $(B)
	cp /usr/include/xxhash.h $@

# The library's sources and the generated files they need, for setup.py.
print-libsrc:
	@echo $(LIBSRC)

# The whole compiler under AddressSanitizer + UndefinedBehaviorSanitizer.
asan: tools
	@$(MAKE) --no-print-directory TOOLS_CHECKED=1 B=build-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" LDFLAGS="-fsanitize=address,undefined" build-asan/pykc build-asan/test_runtime build-asan/test_api build-asan/test_harden build-asan/test_reduce build-asan/test_fuse build-asan/test_types

# Unit tests of the runtime support modules (npy.c, args.c, cache.c); `make unit B=build-asan
# CFLAGS=... LDFLAGS=...` runs them under the sanitizers.
.PHONY: unit
$(B)/test_runtime: tests/unit/test_runtime.c tests/unit/harness.h $(NPYOBJS) $(B)/libpykc_internal.a $(HDRS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ tests/unit/test_runtime.c $(NPYOBJS) $(B)/libpykc_internal.a $(LDLIBS)

# The public API on a CPU context (include/pykc.h only; needs cc, no GPU).
$(B)/test_api: tests/unit/test_api.c tests/unit/harness.h $(B)/libpykc.a include/pykc.h
	$(CC) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ tests/unit/test_api.c $(B)/libpykc.a $(LDLIBS)

# The host process is never harmed (issue 18): failed specialisations, host arrays.
$(B)/test_harden: tests/unit/test_harden.c tests/unit/harness.h $(B)/libpykc.a include/pykc.h
	$(CC) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ tests/unit/test_harden.c $(B)/libpykc.a $(LDLIBS) -lpthread

# The reduction planner (runtime/reduce.c): pure functions, no device.
$(B)/test_reduce: tests/unit/test_reduce.c tests/unit/harness.h $(B)/libpykc_internal.a src/forms/reduce.h include/pykc.h
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ tests/unit/test_reduce.c $(B)/libpykc_internal.a $(LDLIBS)

# The dtypes of @cupy.fuse kernels (src/fuse/*.c) against CuPy's, tests/unit/fuse_types.txt.
$(B)/test_fuse: tests/unit/test_fuse.c tests/unit/harness.h $(B)/libpykc_internal.a $(HDRS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ tests/unit/test_fuse.c $(B)/libpykc_internal.a $(LDLIBS)

# CuPy's dtype rules and the ufunc table (src/types/) against NumPy's and CuPy's.
$(B)/test_types: tests/unit/test_types.c tests/unit/harness.h $(B)/libpykc_internal.a $(HDRS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ tests/unit/test_types.c $(B)/libpykc_internal.a $(LDLIBS)

unit: $(B)/test_runtime $(B)/test_api $(B)/test_harden $(B)/test_reduce $(B)/test_fuse $(B)/test_types
	@$(B)/test_types
	@$(B)/test_runtime tests/npy
	@$(B)/test_api
	@$(B)/test_harden
	@$(B)/test_reduce
	@$(B)/test_fuse tests/unit/fuse_types.txt

# tests/run.sh first checks (tools/need-tools.sh --check) that everything the suites use is
# here; tests that need NumPy run $(PYTHON), the Python package's tests too.
# `make test` builds quietly (warnings and errors still show; the command lines go to
# $(B)/test-build.log), then tests/run.sh prints a line per suite as it goes.
TESTDEPS := all asan $(B)/test_runtime $(B)/test_api $(B)/test_harden $(B)/test_reduce $(B)/test_fuse $(B)/test_types python
test: tools
	@echo "building pykc, the ASan build, the unit tests and the Python extension (commands: $(B)/test-build.log)"
	@mkdir -p $(B) && $(MAKE) --no-print-directory TOOLS_CHECKED=1 $(TESTDEPS) > $(B)/test-build.log || { tail -n 30 $(B)/test-build.log; exit 1; }
	@sh tests/run.sh

# The GPU's Python is the one with CuPy (`make test-gpu GPU_PYTHON=...`).
GPU_PYTHON ?= python3
test-gpu: all
	@sh tests/gpu/run.sh
	@$(MAKE) --no-print-directory python PYTHON=$(GPU_PYTHON)
	@$(GPU_PYTHON) tests/python/gpu.py

bench: all
	@PYTHON=$(GPU_PYTHON) sh bench/run.sh

demo: all
	@sh tools/demo.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(B)/pykc $(DESTDIR)$(PREFIX)/bin/pykc
	install -m 644 $(B)/libpykc.a $(DESTDIR)$(PREFIX)/lib/libpykc.a
	install -m 755 $(B)/libpykc.so $(DESTDIR)$(PREFIX)/lib/libpykc.so.$(VERSION)
	ln -sf libpykc.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libpykc.so
	install -m 644 include/pykc.h $(DESTDIR)$(PREFIX)/include/pykc.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' pykc.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/pykc.pc

# libFuzzer (clang, ASan + UBSan) over the front end and emitters (fuzz_compile, seeded with
# every .py of the tests), the kernel forms' spec strings (fuzz_forms, tests/fuzz/forms/)
# and the .npy reader (fuzz_npy, tests/npy/*.npy), one after another: FUZZ_SECONDS in all
# (default 60; `make fuzz FUZZ_SECONDS=1800` for half an hour), half of it for the front
# end, a quarter each for the others. New crashers land in build-fuzz/.
FUZZ_SECONDS ?= 60
FUZZCC := clang -O1 -g -fsanitize=fuzzer,address,undefined -Isrc -Iruntime -Icpu -Icli -Ibuild-fuzz -D_GNU_SOURCE
fuzz: tools
	@$(MAKE) --no-print-directory TOOLS_CHECKED=1 B=build-fuzz CC=clang CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined" build-fuzz/libpykc_internal.a build-fuzz/obj/cli/npy.o build-fuzz/obj/cli/npy_print.o
	$(FUZZCC) -o build-fuzz/fuzz_compile tests/fuzz/fuzz_compile.c build-fuzz/libpykc_internal.a -ldl -lm
	$(FUZZCC) -o build-fuzz/fuzz_forms tests/fuzz/fuzz_forms.c build-fuzz/libpykc_internal.a -ldl -lm
	$(FUZZCC) -o build-fuzz/fuzz_npy tests/fuzz/fuzz_npy.c build-fuzz/obj/cli/npy.o build-fuzz/obj/cli/npy_print.o build-fuzz/libpykc_internal.a -ldl -lm
	@mkdir -p build-fuzz/corpus && for f in tests/*/*.py examples/*.py; do cp $$f build-fuzz/corpus/$$(echo $$f | tr / _); done
	@mkdir -p build-fuzz/corpus-forms && cp tests/fuzz/forms/* build-fuzz/corpus-forms/
	@mkdir -p build-fuzz/corpus-npy && cp tests/npy/*.npy build-fuzz/corpus-npy/
	build-fuzz/fuzz_compile -max_total_time=$$(( $(FUZZ_SECONDS) / 2 )) -timeout=10 -artifact_prefix=build-fuzz/ build-fuzz/corpus
	build-fuzz/fuzz_forms -max_total_time=$$(( $(FUZZ_SECONDS) / 4 )) -timeout=10 -artifact_prefix=build-fuzz/forms- build-fuzz/corpus-forms
	build-fuzz/fuzz_npy -max_total_time=$$(( $(FUZZ_SECONDS) / 4 )) -timeout=10 -artifact_prefix=build-fuzz/npy- build-fuzz/corpus-npy

clean:
	rm -rf build build-asan build-fuzz
