/*
 * cpu/cxx_env_close.h: after the preamble of CUDA C++ on the CPU backend (cxx_env_open.h
 * says why): the C library's typedef names are free again (std:: keeps them, as
 * <cuda/std/cstdint> gives them), and the object-like macros of the C library's headers
 * that NVRTC does not have (M_PI, NAN, INFINITY, HUGE_VAL, EOF, INT_MAX, FE_*, ...) are
 * undefined, so that a program's own names of these spellings compile. The list is what
 * glibc's headers define beyond g++'s own macros (the preamble's functions were compiled
 * with them already).
 */
#undef int8_t
#undef int_least8_t
#undef int_fast8_t
#undef int16_t
#undef int_least16_t
#undef int_fast16_t
#undef int32_t
#undef int_least32_t
#undef int_fast32_t
#undef int64_t
#undef int_least64_t
#undef int_fast64_t
#undef uint8_t
#undef uint_least8_t
#undef uint_fast8_t
#undef uint16_t
#undef uint_least16_t
#undef uint_fast16_t
#undef uint32_t
#undef uint_least32_t
#undef uint_fast32_t
#undef uint64_t
#undef uint_least64_t
#undef uint_fast64_t
#undef intptr_t
#undef uintptr_t
#undef intmax_t
#undef uintmax_t
#undef u_int8_t
#undef u_int16_t
#undef u_int32_t
#undef u_int64_t
#undef float_t
#undef double_t
namespace std {
using int8_t = ::pykc_int8_t;
using int_least8_t = ::pykc_int_least8_t;
using int_fast8_t = ::pykc_int_fast8_t;
using int16_t = ::pykc_int16_t;
using int_least16_t = ::pykc_int_least16_t;
using int_fast16_t = ::pykc_int_fast16_t;
using int32_t = ::pykc_int32_t;
using int_least32_t = ::pykc_int_least32_t;
using int_fast32_t = ::pykc_int_fast32_t;
using int64_t = ::pykc_int64_t;
using int_least64_t = ::pykc_int_least64_t;
using int_fast64_t = ::pykc_int_fast64_t;
using uint8_t = ::pykc_uint8_t;
using uint_least8_t = ::pykc_uint_least8_t;
using uint_fast8_t = ::pykc_uint_fast8_t;
using uint16_t = ::pykc_uint16_t;
using uint_least16_t = ::pykc_uint_least16_t;
using uint_fast16_t = ::pykc_uint_fast16_t;
using uint32_t = ::pykc_uint32_t;
using uint_least32_t = ::pykc_uint_least32_t;
using uint_fast32_t = ::pykc_uint_fast32_t;
using uint64_t = ::pykc_uint64_t;
using uint_least64_t = ::pykc_uint_least64_t;
using uint_fast64_t = ::pykc_uint_fast64_t;
using intptr_t = ::pykc_intptr_t;
using uintptr_t = ::pykc_uintptr_t;
using intmax_t = ::pykc_intmax_t;
using uintmax_t = ::pykc_uintmax_t;
}
#undef AIO_PRIO_DELTA_MAX
#undef BC_BASE_MAX
#undef BC_DIM_MAX
#undef BC_SCALE_MAX
#undef BC_STRING_MAX
#undef BIG_ENDIAN
#undef BOOL_MAX
#undef BOOL_WIDTH
#undef BUFSIZ
#undef BYTE_ORDER
#undef CHARCLASS_NAME_MAX
#undef CHAR_BIT
#undef CHAR_MAX
#undef CHAR_MIN
#undef CHAR_WIDTH
#undef COLL_WEIGHTS_MAX
#undef DELAYTIMER_MAX
#undef EOF
#undef EXIT_FAILURE
#undef EXIT_SUCCESS
#undef EXPR_NEST_MAX
#undef FD_CLR
#undef FD_ISSET
#undef FD_SET
#undef FD_SETSIZE
#undef FD_ZERO
#undef FE_ALL_EXCEPT
#undef FE_DFL_ENV
#undef FE_DFL_MODE
#undef FE_DIVBYZERO
#undef FE_DOWNWARD
#undef FE_INEXACT
#undef FE_INVALID
#undef FE_NOMASK_ENV
#undef FE_OVERFLOW
#undef FE_TONEAREST
#undef FE_TOWARDZERO
#undef FE_UNDERFLOW
#undef FE_UPWARD
#undef FILENAME_MAX
#undef FOPEN_MAX
#undef FP_ILOGB0
#undef FP_ILOGBNAN
#undef FP_INFINITE
#undef FP_INT_DOWNWARD
#undef FP_INT_TONEAREST
#undef FP_INT_TONEARESTFROMZERO
#undef FP_INT_TOWARDZERO
#undef FP_INT_UPWARD
#undef FP_LLOGB0
#undef FP_LLOGBNAN
#undef FP_NAN
#undef FP_NORMAL
#undef FP_SUBNORMAL
#undef FP_ZERO
#undef HOST_NAME_MAX
#undef HUGE_VAL
#undef HUGE_VALF
#undef HUGE_VALL
#undef HUGE_VAL_F128
#undef HUGE_VAL_F32
#undef HUGE_VAL_F32X
#undef HUGE_VAL_F64
#undef HUGE_VAL_F64X
#undef INFINITY
#undef INT16_C
#undef INT16_MAX
#undef INT16_MIN
#undef INT16_WIDTH
#undef INT32_C
#undef INT32_MAX
#undef INT32_MIN
#undef INT32_WIDTH
#undef INT64_C
#undef INT64_MAX
#undef INT64_MIN
#undef INT64_WIDTH
#undef INT8_C
#undef INT8_MAX
#undef INT8_MIN
#undef INT8_WIDTH
#undef INTMAX_C
#undef INTMAX_MAX
#undef INTMAX_MIN
#undef INTMAX_WIDTH
#undef INTPTR_MAX
#undef INTPTR_MIN
#undef INTPTR_WIDTH
#undef INT_FAST16_MAX
#undef INT_FAST16_MIN
#undef INT_FAST16_WIDTH
#undef INT_FAST32_MAX
#undef INT_FAST32_MIN
#undef INT_FAST32_WIDTH
#undef INT_FAST64_MAX
#undef INT_FAST64_MIN
#undef INT_FAST64_WIDTH
#undef INT_FAST8_MAX
#undef INT_FAST8_MIN
#undef INT_FAST8_WIDTH
#undef INT_LEAST16_MAX
#undef INT_LEAST16_MIN
#undef INT_LEAST16_WIDTH
#undef INT_LEAST32_MAX
#undef INT_LEAST32_MIN
#undef INT_LEAST32_WIDTH
#undef INT_LEAST64_MAX
#undef INT_LEAST64_MIN
#undef INT_LEAST64_WIDTH
#undef INT_LEAST8_MAX
#undef INT_LEAST8_MIN
#undef INT_LEAST8_WIDTH
#undef INT_MAX
#undef INT_MIN
#undef INT_WIDTH
#undef IOV_MAX
#undef LINE_MAX
#undef LITTLE_ENDIAN
#undef LLONG_MAX
#undef LLONG_MIN
#undef LLONG_WIDTH
#undef LOGIN_NAME_MAX
#undef LONG_BIT
#undef LONG_LONG_MAX
#undef LONG_LONG_MIN
#undef LONG_MAX
#undef LONG_MIN
#undef LONG_WIDTH
#undef L_ctermid
#undef L_cuserid
#undef L_tmpnam
#undef MATH_ERREXCEPT
#undef MATH_ERRNO
#undef MAXFLOAT
#undef MAX_CANON
#undef MAX_INPUT
#undef MB_CUR_MAX
#undef MB_LEN_MAX
#undef MQ_PRIO_MAX
#undef M_1_PI
#undef M_1_PIf
#undef M_1_PIf128
#undef M_1_PIf32
#undef M_1_PIf32x
#undef M_1_PIf64
#undef M_1_PIf64x
#undef M_1_PIl
#undef M_2_PI
#undef M_2_PIf
#undef M_2_PIf128
#undef M_2_PIf32
#undef M_2_PIf32x
#undef M_2_PIf64
#undef M_2_PIf64x
#undef M_2_PIl
#undef M_2_SQRTPI
#undef M_2_SQRTPIf
#undef M_2_SQRTPIf128
#undef M_2_SQRTPIf32
#undef M_2_SQRTPIf32x
#undef M_2_SQRTPIf64
#undef M_2_SQRTPIf64x
#undef M_2_SQRTPIl
#undef M_E
#undef M_Ef
#undef M_Ef128
#undef M_Ef32
#undef M_Ef32x
#undef M_Ef64
#undef M_Ef64x
#undef M_El
#undef M_LN10
#undef M_LN10f
#undef M_LN10f128
#undef M_LN10f32
#undef M_LN10f32x
#undef M_LN10f64
#undef M_LN10f64x
#undef M_LN10l
#undef M_LN2
#undef M_LN2f
#undef M_LN2f128
#undef M_LN2f32
#undef M_LN2f32x
#undef M_LN2f64
#undef M_LN2f64x
#undef M_LN2l
#undef M_LOG10E
#undef M_LOG10Ef
#undef M_LOG10Ef128
#undef M_LOG10Ef32
#undef M_LOG10Ef32x
#undef M_LOG10Ef64
#undef M_LOG10Ef64x
#undef M_LOG10El
#undef M_LOG2E
#undef M_LOG2Ef
#undef M_LOG2Ef128
#undef M_LOG2Ef32
#undef M_LOG2Ef32x
#undef M_LOG2Ef64
#undef M_LOG2Ef64x
#undef M_LOG2El
#undef M_PI
#undef M_PI_2
#undef M_PI_2f
#undef M_PI_2f128
#undef M_PI_2f32
#undef M_PI_2f32x
#undef M_PI_2f64
#undef M_PI_2f64x
#undef M_PI_2l
#undef M_PI_4
#undef M_PI_4f
#undef M_PI_4f128
#undef M_PI_4f32
#undef M_PI_4f32x
#undef M_PI_4f64
#undef M_PI_4f64x
#undef M_PI_4l
#undef M_PIf
#undef M_PIf128
#undef M_PIf32
#undef M_PIf32x
#undef M_PIf64
#undef M_PIf64x
#undef M_PIl
#undef M_SQRT1_2
#undef M_SQRT1_2f
#undef M_SQRT1_2f128
#undef M_SQRT1_2f32
#undef M_SQRT1_2f32x
#undef M_SQRT1_2f64
#undef M_SQRT1_2f64x
#undef M_SQRT1_2l
#undef M_SQRT2
#undef M_SQRT2f
#undef M_SQRT2f128
#undef M_SQRT2f32
#undef M_SQRT2f32x
#undef M_SQRT2f64
#undef M_SQRT2f64x
#undef M_SQRT2l
#undef NAME_MAX
#undef NAN
#undef NFDBITS
#undef NGROUPS_MAX
#undef NL_ARGMAX
#undef NL_LANGMAX
#undef NL_MSGMAX
#undef NL_NMAX
#undef NL_SETMAX
#undef NL_TEXTMAX
#undef NZERO
#undef PATH_MAX
#undef PDP_ENDIAN
#undef PIPE_BUF
#undef PTHREAD_DESTRUCTOR_ITERATIONS
#undef PTHREAD_KEYS_MAX
#undef PTHREAD_STACK_MIN
#undef PTRDIFF_MAX
#undef PTRDIFF_MIN
#undef PTRDIFF_WIDTH
#undef P_tmpdir
#undef RAND_MAX
#undef RENAME_EXCHANGE
#undef RENAME_NOREPLACE
#undef RENAME_WHITEOUT
#undef RE_DUP_MAX
#undef RTSIG_MAX
#undef SCHAR_MAX
#undef SCHAR_MIN
#undef SCHAR_WIDTH
#undef SEEK_CUR
#undef SEEK_DATA
#undef SEEK_END
#undef SEEK_HOLE
#undef SEEK_SET
#undef SEM_VALUE_MAX
#undef SHRT_MAX
#undef SHRT_MIN
#undef SHRT_WIDTH
#undef SIG_ATOMIC_MAX
#undef SIG_ATOMIC_MIN
#undef SIG_ATOMIC_WIDTH
#undef SIZE_MAX
#undef SIZE_WIDTH
#undef SNAN
#undef SNANF
#undef SNANF128
#undef SNANF32
#undef SNANF32X
#undef SNANF64
#undef SNANF64X
#undef SNANL
#undef SSIZE_MAX
#undef TMP_MAX
#undef TTY_NAME_MAX
#undef UCHAR_MAX
#undef UCHAR_WIDTH
#undef UINT16_C
#undef UINT16_MAX
#undef UINT16_WIDTH
#undef UINT32_C
#undef UINT32_MAX
#undef UINT32_WIDTH
#undef UINT64_C
#undef UINT64_MAX
#undef UINT64_WIDTH
#undef UINT8_C
#undef UINT8_MAX
#undef UINT8_WIDTH
#undef UINTMAX_C
#undef UINTMAX_MAX
#undef UINTMAX_WIDTH
#undef UINTPTR_MAX
#undef UINTPTR_WIDTH
#undef UINT_FAST16_MAX
#undef UINT_FAST16_WIDTH
#undef UINT_FAST32_MAX
#undef UINT_FAST32_WIDTH
#undef UINT_FAST64_MAX
#undef UINT_FAST64_WIDTH
#undef UINT_FAST8_MAX
#undef UINT_FAST8_WIDTH
#undef UINT_LEAST16_MAX
#undef UINT_LEAST16_WIDTH
#undef UINT_LEAST32_MAX
#undef UINT_LEAST32_WIDTH
#undef UINT_LEAST64_MAX
#undef UINT_LEAST64_WIDTH
#undef UINT_LEAST8_MAX
#undef UINT_LEAST8_WIDTH
#undef UINT_MAX
#undef UINT_WIDTH
#undef ULLONG_MAX
#undef ULLONG_WIDTH
#undef ULONG_LONG_MAX
#undef ULONG_MAX
#undef ULONG_WIDTH
#undef USHRT_MAX
#undef USHRT_WIDTH
#undef WCHAR_MAX
#undef WCHAR_MIN
#undef WCHAR_WIDTH
#undef WCONTINUED
#undef WEXITED
#undef WEXITSTATUS
#undef WIFCONTINUED
#undef WIFEXITED
#undef WIFSIGNALED
#undef WIFSTOPPED
#undef WINT_MAX
#undef WINT_MIN
#undef WINT_WIDTH
#undef WNOHANG
#undef WNOWAIT
#undef WORD_BIT
#undef WSTOPPED
#undef WSTOPSIG
#undef WTERMSIG
#undef WUNTRACED
#undef XATTR_LIST_MAX
#undef XATTR_NAME_MAX
#undef XATTR_SIZE_MAX
#undef be16toh
#undef be32toh
#undef be64toh
#undef htobe16
#undef htobe32
#undef htobe64
#undef htole16
#undef htole32
#undef htole64
#undef le16toh
#undef le32toh
#undef le64toh
#undef math_errhandling
#undef strdupa
#undef strndupa
/* What NVRTC defines while it compiles the code: __CUDACC__, __CUDA_ARCH__ for the
   architecture the CPU backend stands in for (sm_90: its intrinsics, DPX and limits), so
   that `#if __CUDA_ARCH__ < 600` (a program's own atomicAdd on double) takes the GPU's
   branch, and the toolkit's version (NVRTC 13.0's), so that `#if __CUDACC_VER_MAJOR__ >= 9`
   (CuPy's float16.cuh: <cuda_fp16.h> rather than its own half) does too. __CUDACC_RTC__
   stays undefined: pykc's own texts test it to tell NVRTC from the CPU backend, whose
   preamble has what they would add. */
#define __CUDACC__ 1
#define __CUDA_ARCH__ 900
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 88
