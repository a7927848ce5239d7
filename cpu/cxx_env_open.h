/*
 * cpu/cxx_env_open.h: the first lines of CUDA C++ on the CPU backend (C++ only; cpu.c puts
 * it before the preamble cpu/cpu_rt.h, cxx_env_close.h after). CUDA C++ sees no C library
 * (NVRTC has size_t, ptrdiff_t and NULL, not int8_t or uint64_t): a program defines its
 * own `typedef unsigned long long uint64_t;`. The preamble needs the C library's headers,
 * so their typedef names are spelled pykc_NAME while they are read (these macros), and
 * cxx_env_close.h takes the spellings away again: the user's code may declare them.
 */
#define int8_t pykc_int8_t
#define int_least8_t pykc_int_least8_t
#define int_fast8_t pykc_int_fast8_t
#define int16_t pykc_int16_t
#define int_least16_t pykc_int_least16_t
#define int_fast16_t pykc_int_fast16_t
#define int32_t pykc_int32_t
#define int_least32_t pykc_int_least32_t
#define int_fast32_t pykc_int_fast32_t
#define int64_t pykc_int64_t
#define int_least64_t pykc_int_least64_t
#define int_fast64_t pykc_int_fast64_t
#define uint8_t pykc_uint8_t
#define uint_least8_t pykc_uint_least8_t
#define uint_fast8_t pykc_uint_fast8_t
#define uint16_t pykc_uint16_t
#define uint_least16_t pykc_uint_least16_t
#define uint_fast16_t pykc_uint_fast16_t
#define uint32_t pykc_uint32_t
#define uint_least32_t pykc_uint_least32_t
#define uint_fast32_t pykc_uint_fast32_t
#define uint64_t pykc_uint64_t
#define uint_least64_t pykc_uint_least64_t
#define uint_fast64_t pykc_uint_fast64_t
#define intptr_t pykc_intptr_t
#define uintptr_t pykc_uintptr_t
#define intmax_t pykc_intmax_t
#define uintmax_t pykc_uintmax_t
#define u_int8_t pykc_u_int8_t
#define u_int16_t pykc_u_int16_t
#define u_int32_t pykc_u_int32_t
#define u_int64_t pykc_u_int64_t
#define float_t pykc_float_t
#define double_t pykc_double_t
/* CUDA's clock() is the preamble's (cuda_math.h): the C library's, which <time.h> (and so
   <iostream>) would declare with C linkage, is read here under another name, once; a later
   <ctime>'s std::clock is CUDA's. */
#define clock pykc_libc_clock
#include <time.h>
#undef clock
