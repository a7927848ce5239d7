/*
 * fuzz_compile.c: libFuzzer harness for the whole front end and both emitters (`make fuzz`).
 * Each input is compiled as a kernel file (kernels with declared types are specialised;
 * generic ones stay unspecialised), then emitted for CUDA and for the CPU backend. Any crash,
 * sanitizer report, leak or hang is a bug; diagnostics are the expected outcome for most
 * inputs. Seeds: every .py under tests/ and examples/.
 */
#include "driver/driver.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Options opt = {0};
  Unit *u = unit_from_string("fuzz.py", (const char *)data, size, &opt);
  if (!u)
    return 0;
  for (Target t = TARGET_CUDA; t <= TARGET_C; t++)
    free(unit_emit(u, t));
  unit_free(u);
  return 0;
}
