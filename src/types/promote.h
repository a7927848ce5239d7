/*
 * types/promote.h: NumPy's and CuPy's dtype rules, once (promote.c): the type characters
 * of ufunc loops, numpy.result_type, numpy.can_cast ('safe' and 'same_kind'), how a Python
 * scalar is typed (NEP 50's weak scalars and the kernel language's literal rules). The
 * compiler's front ends (the DSL, fuse, the forms) and, through ksig.h and the public
 * API, the CLI and the Python package ask these; nothing else decides them.
 */
#ifndef PYKC_TYPES_PROMOTE_H
#define PYKC_TYPES_PROMOTE_H

#include "types/types.h"

/* The kind of a Python scalar: bool < int < float < complex (CuPy's _get_kind_score);
   PY_NONE for a value that is no Python scalar (an array, a NumPy scalar: strong). */
typedef enum { PY_NONE = 0, PY_BOOL, PY_INT, PY_FLOAT, PY_COMPLEX } PyKind;

/* NumPy's type character of a loop signature ("ff->f"): ? b B h H i I l L q Q e f d F D
   (l and q int64, L and Q uint64, as NumPy on Linux); TY_VOID for any other. */
TypeKind type_of_char(char ch);
char type_char(TypeKind k);                        /* numpy's dtype.char of dtype k */
/* numpy.result_type(a, b) of two dtypes. */
TypeKind type_result(TypeKind a, TypeKind b);
/* numpy.can_cast(a, b, 'safe'): result_type(a, b) == b. */
bool type_can_cast(TypeKind a, TypeKind b);
/* numpy.can_cast(a, b, 'same_kind'). */
bool type_same_kind(TypeKind a, TypeKind b);

/* The Python scalar kind of a value of dtype k (bool, int, float or complex). */
PyKind type_py_kind(TypeKind k);
/* The dtype NumPy 2 (NEP 50) gives t combined with a Python scalar of kind w: t where
   the scalar's kind is not above t's, else the scalar's kind at t's precision (complex
   for a float t), or its default (int64, float64) above an integer or bool t. */
TypeKind type_weak_result(PyKind w, TypeKind t);
/* numpy.result_type(pytype(0), t) == t: t holds a Python scalar of kind w. */
bool type_weak_keeps(PyKind w, TypeKind t);
/* The dtype the kernel language gives a Python scalar of kind w (docs/language.md §2.4):
   bool; an int (sign and magnitude) int32 when it fits (mode='cuda') else int64, uint64
   past int64; float32 (mode='numpy': float64); complex64 (complex128). TY_ERROR for an
   int that fits no 64-bit dtype. */
TypeKind type_py_scalar(PyKind w, bool negative, uint64_t magnitude, Mode mode);

#endif
