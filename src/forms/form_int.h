/*
 * src/forms/form_int.h: what the kernel forms' files share (forms.h is what the rest of
 * the compiler sees). form_args.c evaluates and binds a form call's arguments to CuPy's
 * signature; form_params.c parses the in/out parameter specs; form_build.c makes the
 * Form and its kernel Funcs from a call; form_spec.c specialises them for argument types.
 */
#ifndef PYKC_FORM_INT_H
#define PYKC_FORM_INT_H

#include "forms.h"
#include "../dsl/sema_int.h"

/* What an argument evaluates to. */
typedef enum { FV_STR, FV_BOOL, FV_NONE, FV_NUM, FV_SEQ, FV_OTHER } FValKind;
typedef struct FVal {
  FValKind kind;
  FormStr str;                                     /* FV_STR; FV_NUM: str(number) */
  bool b;                                          /* FV_BOOL, and a number's truth */
  struct FVal *items;                              /* FV_SEQ */
  int n;
  bool list;                                       /* FV_SEQ: a list (else a tuple) */
  const char *pytype;                              /* Python's name of its type */
  const char *why;                                 /* FV_OTHER: why pykc cannot evaluate it */
  const char *runtime;                             /* FV_OTHER: text the program builds when
                                                      it runs (`a call of .format()`) */
  const char *raises;                              /* FV_OTHER: the exception Python raises
                                                      computing it ("KeyError: 'n' (...)") */
  const char *detail;                              /* FV_OTHER with runtime: why pykc does not
                                                      compute it from the file's constants */
  Node *num;                                       /* FV_NUM: the constant */
  Loc loc;
} FVal;

/* The arguments of each class, in the order of CuPy's signature (form_args.c's rows). */
enum { EW_IN, EW_OUT, EW_OP, EW_NAME, EW_REDUCE_DIMS, EW_PREAMBLE, EW_NO_RETURN,
       EW_RETURN_TUPLE, EW_LOOP_PREP, EW_AFTER_LOOP, EW_OPTIONS, EW_N };
enum { RK_IN, RK_OUT, RK_MAP, RK_REDUCE, RK_POST, RK_IDENTITY, RK_NAME, RK_REDUCE_TYPE,
       RK_REDUCE_DIMS, RK_PREAMBLE, RK_OPTIONS, RK_N };
enum { RW_CODE, RW_NAME, RW_OPTIONS, RW_BACKEND, RW_CUCOMPLEX, RW_COOP, RW_JITIFY, RW_N };
enum { RM_CODE, RM_PATH, RM_OPTIONS, RM_BACKEND, RM_CUCOMPLEX, RM_COOP, RM_NAMES, RM_JITIFY,
       RM_N };

enum { MAX_ARGS = 16 };

typedef struct Bound {
  FVal v[MAX_ARGS];
  bool given[MAX_ARGS];
} Bound;
/* Binds the call's arguments to the signature of KIND; false after diagnostics. */
bool form_bind_args(Sema *S, FormKind kind, Node *call, Bound *b);
/* A bound string argument, or DFLT when it was not given (or None). */
FormStr form_str_arg(Bound *b, int i, const char *dflt);
bool form_bool_arg(Bound *b, int i, bool dflt);
/* The items of a sequence argument as strings; *n their count. */
const char **form_strs_arg(Sema *S, Bound *b, int i, int *n);
const char *form_plural(int n);

/* CuPy's ParameterInfo of spec FS into f->params (form_params.c); false after a
   diagnostic. */
bool form_parse_specs(Sema *S, Form *f, const FormStr *fs, bool is_out, int *count);
bool form_check_params(Sema *S, Form *f);
/* compiler.is_valid_kernel_name */
bool form_check_name(Sema *S, const FormStr *name);

#endif
