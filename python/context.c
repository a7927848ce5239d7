/*
 * context.c: the extension's contexts (slot 0 the CPU backend, slot 1 + N CUDA device N),
 * opened lazily and shared by every kernel of the process, and pykc statuses raised as
 * Python exceptions (pykc.CompileError, TypeError/ValueError/AxisError, pykc.LaunchError).
 *
 * Calls into libpykc run without the GIL (issue 18 §3: other Python threads go on while a
 * context compiles or a CPU grid runs): ext_call_begin releases it and takes the
 * extension's library lock (libpykc's contexts are not for concurrent use; the library
 * needs no Python), ext_call_end copies a failed call's message and gives both back. No
 * Python code runs while the lock is held, so a signal handler or a mapper that launches
 * a kernel never waits for itself.
 */
#include "ext.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- contexts */

static struct {
  pykc_context *cx;
  int tried;
  char *why;                              /* why it could not be opened */
} slots[NSLOTS];

static int ngpus;                         /* GPU contexts open */

/* PYKC_CPU, read once (at the first launch or compile): the launch path does not scan the
   environment. */
int ext_force_cpu(void) {
  static int forced = -1;
  if (forced < 0) {
    const char *e = getenv("PYKC_CPU");
    forced = e && *e && strcmp(e, "0") != 0;
  }
  return forced;
}

/* The context of SLOT (0 CPU, 1 + N device N), or NULL with an exception set. */
pykc_context *ext_context(int slot) {
  if (slot < 0 || slot >= NSLOTS) {
    PyErr_Format(PyExc_ValueError, "pykc: device %d is out of range", slot - 1);
    return NULL;
  }
  static int cache_told;                          /* the cache folder's trouble, once */
  char why[RT_ERRLEN];
  if (!cache_told && (cache_told = 1, rt_cache_warning(why)) &&
      PyErr_WarnFormat(PyExc_RuntimeWarning, 1, "pykc: %s", why))
    PyErr_WriteUnraisable(NULL);                   /* (-W error: printed, not raised) */
  if (!slots[slot].tried) {
    slots[slot].tried = 1;
    pykc_context *cx;
    pykc_status st = pykc_init(slot ? slot - 1 : PYKC_DEVICE_CPU, &cx);
    static const int stop[] = {SIGINT, SIGALRM};  /* Ctrl-C, signal.alarm: a CPU grid stops */
    if (st == PYKC_OK && !slot)                   /* and the interpreter handles them */
      pykc_set_stop_signals(cx, stop, 2);
    if (st == PYKC_OK) {
      slots[slot].cx = cx;
      ngpus += slot > 0;
    } else {
      slots[slot].why = strdup(pykc_errmsg(cx));
      pykc_free(cx);
    }
  }
  if (!slots[slot].cx) {
    PyErr_Format(ext_LaunchError, "pykc: cannot open %s: %s", slot ? "the CUDA device" : "the CPU backend",
                 slots[slot].why ? slots[slot].why : "out of memory");
    return NULL;
  }
  return slots[slot].cx;
}

/* Is a GPU there (and not PYKC_CPU=1)? */
int ext_have_gpu(void) {
  if (ext_force_cpu())
    return 0;
  if (!slots[1].tried) {
    ext_context(1);
    PyErr_Clear();
  }
  return slots[1].cx != NULL;
}

/* A context to compile in without launching: any open one, else one that failed to open a
   device (compiling needs none). */
pykc_context *ext_compile_context(void) {
  static pykc_context *spare;
  for (int i = 0; i < NSLOTS; i++)
    if (slots[i].cx)
      return slots[i].cx;
  if (!ext_force_cpu() && ext_have_gpu())
    return slots[1].cx;
  pykc_context *cx = ext_context(0);
  if (cx)
    return cx;
  PyErr_Clear();
  if (!spare && pykc_init(0, &spare) != PYKC_OK && !spare)
    return (PyErr_NoMemory(), NULL);
  return spare;
}

/* The context of SLOT if it is open (no attempt to open it), else NULL. */
pykc_context *ext_slot_cx(int slot) { return slot >= 0 && slot < NSLOTS ? slots[slot].cx : NULL; }

/* Makes SLOT's device current when the thread changed since the last GPU launch (the
   CUDA context is per thread), and always once several devices are open (other code may
   have switched). 0 or -1 with an exception. */
int ext_make_current(int slot) {
  static unsigned long thread;
  static int current = -1;
  unsigned long t = PyThread_get_thread_ident();
  if (slot == current && t == thread && ngpus < 2)
    return 0;
  ExtCall c;
  ext_call_begin(&c, slots[slot].cx);
  if (ext_call_end(&c, pykc_make_current(slots[slot].cx))) {
    ext_call_raise(&c, NULL);
    return -1;
  }
  current = slot, thread = t;
  return 0;
}

/* ---------------------------------------------------------------- the library lock */

/* A pthread mutex: CPython 3.11's lock reads the clock at each acquire (a deadline even
   when it waits forever), a cost on every launch. */
static pthread_mutex_t lib_lock = PTHREAD_MUTEX_INITIALIZER;

void ext_call_begin(ExtCall *c, pykc_context *cx) {
  *c = (ExtCall){.cx = cx};
  c->ts = PyEval_SaveThread();
  pthread_mutex_lock(&lib_lock);
}

pykc_status ext_call_end(ExtCall *c, pykc_status st) {
  c->st = st;
  if (st && c->cx) {
    c->msg = strdup(pykc_errmsg(c->cx));
    c->usage = pykc_errusage(c->cx);
    c->sig = pykc_interrupt_signal(c->cx);
  }
  pthread_mutex_unlock(&lib_lock);
  PyEval_RestoreThread(c->ts);
  return st;
}

/* ---------------------------------------------------------------- errors */

PyObject *ext_CompileError, *ext_LaunchError;


/* A usage error as the exception class CuPy raises for it (pykc_errusage): TypeError,
   ValueError, NotImplementedError, or numpy's AxisError (a ValueError and an IndexError)
   where NumPy has it. */
PyObject *ext_raise_usage(pykc_usage u, const char *msg) {
  if (u == PYKC_USAGE_AXIS) {
    PyObject *np = PyImport_ImportModule("numpy");
    PyObject *ex = np ? PyObject_GetAttrString(np, "exceptions") : NULL;
    PyObject *axis = ex ? PyObject_GetAttrString(ex, "AxisError") : NULL;
    if (!axis && np) {
      PyErr_Clear();
      axis = PyObject_GetAttrString(np, "AxisError");   /* NumPy before 1.25 */
    }
    PyErr_Clear();
    Py_XDECREF(ex);
    Py_XDECREF(np);
    if (axis) {
      PyErr_SetString(axis, msg);
      Py_DECREF(axis);
      return NULL;
    }
  }
  PyErr_SetString(u == PYKC_USAGE_TYPE              ? PyExc_TypeError
                  : u == PYKC_USAGE_NOT_IMPLEMENTED ? PyExc_NotImplementedError
                  : u == PYKC_USAGE_INDEX           ? PyExc_IndexError
                                                    : PyExc_ValueError,
                  msg);
  return NULL;
}

/* The library's messages name the CLI's options; from Python the same switch is spelt
   otherwise. Each row: the CLI's words, the Python package's. */
static const char *const cli_to_python[][2] = {
    {"--debug checks array indices",
     "jit.rawkernel(debug=True) or PYKC_DEBUG=1 checks array indices"},
};

/* MSG as pykc.LaunchError, with the CLI's option names as the Python package spells them. */
static PyObject *raise_launch(const char *msg) {
  PyObject *s = PyUnicode_FromString(msg);
  for (size_t i = 0; s && i < sizeof cli_to_python / sizeof *cli_to_python; i++) {
    PyObject *r = PyObject_CallMethod(s, "replace", "ss", cli_to_python[i][0],
                                      cli_to_python[i][1]);
    Py_DECREF(s);
    s = r;
  }
  if (!s)
    return NULL;
  PyErr_SetObject(ext_LaunchError, s);
  Py_DECREF(s);
  return NULL;
}

static PyObject *raise_status(pykc_status st, const char *msg, pykc_usage usage, int sig,
                              PyObject *mapper) {
  switch (st) {
  case PYKC_ERR_SOURCE:
    if (mapper && mapper != Py_None) {
      PyObject *m = PyObject_CallFunction(mapper, "s", msg);
      if (!m)
        return NULL;                              /* the mapped text, or the exception: */
      PyErr_SetObject(PyExceptionInstance_Check(m) ? (PyObject *)Py_TYPE(m)   /* a Compile- */
                                                   : ext_CompileError, m);    /* Error too */
      Py_DECREF(m);
      return NULL;
    }
    PyErr_SetString(ext_CompileError, msg);
    return NULL;
  case PYKC_ERR_USAGE:
    return ext_raise_usage(usage, msg);
  case PYKC_ERR_NOMEM:
    return PyErr_NoMemory();
  case PYKC_ERR_INTERRUPTED:                      /* the library raises nothing: the */
    if (sig > 0 && PyErr_SetInterruptEx(sig) == 0 &&   /* interpreter handles the signal */
        PyErr_CheckSignals() < 0)                      /* as its own (SIGINT: Keyboard- */
      return NULL;                                     /* Interrupt) */
    PyErr_SetString(ext_LaunchError, msg);
    return NULL;
  default:
    return raise_launch(msg);
  }
}

PyObject *ext_call_raise(ExtCall *c, PyObject *mapper) {
  PyObject *r = c->msg ? raise_status(c->st, c->msg, c->usage, c->sig, mapper)
                       : PyErr_NoMemory();
  free(c->msg);
  c->msg = NULL;
  return r;
}
