#!/usr/bin/env python3
"""Expected outputs of the end-to-end corpus, computed by CuPy (the oracle).

For every tests/e2e/*.py (and every examples/*.py whose first line is `# run: ...`, and
every tests/e2e/*.cu, CUDA C++ with `// run:`, `// check:` and `// input:` lines, launched
as a CuPy RawModule's function):
  1. parse the `# run:` line exactly as `pykc run` does (docs/design.md §3: --kernel, --grid,
     --block, --shared-mem, NAME=@FILE.npy | zeros|ones|arange:DTYPE:SHAPE | VALUE[:DTYPE],
     scalars typed by docs/language.md §2.4's literal rules for the kernel's mode, then converted
     to the parameter's annotated type when there is one),
  2. build the arguments (inputs from tests/e2e/data/, written from the file's
     `# input: NAME = EXPR` lines when missing),
  3. import the file with runpy (run_name='pykc_e2e', so `if __name__ == ...` host code
     does not run), launch `kernel(grid, block, args, shared_mem=N)` with CuPy,
     synchronise, and save every checked array (`# check:` line, default: every array
     argument) to tests/e2e/expected/NAME.OUT.npy (examples: example-NAME.OUT.npy).
Kernels that CuPy rejects (pykc extensions and fixes, docs/language.md §10) are listed in
NUMPY_REFERENCE with the reason; their outputs come from the numpy function given there.

  python3 tools/gen_expected.py              # on the GPU machine (CuPy 14.2, numpy 2)
  python3 tools/gen_expected.py --dry-run    # no CuPy: parse every # run: line, build
                                             # host arguments, write missing inputs,
                                             # and run the numpy references
  python3 tools/gen_expected.py --numpy --only NAME   # no CuPy: a @cupy.fuse case whose
                                             # semantics NumPy shares, computed by NumPy
  options: --only NAME[,NAME]  --regen-inputs  --out DIR (expected folder)
Prints one line per test and a summary; exits 1 on any failure.
"""
import argparse
import ast
import builtins
import importlib
import os
import runpy
import shlex
import sys
import traceback
import zlib

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
E2E = os.path.join(ROOT, 'tests', 'e2e')
DATA = os.path.join(E2E, 'data')
EXPECTED = os.path.join(E2E, 'expected')
EXAMPLES = os.path.join(ROOT, 'examples')

DTYPES = ('bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
          'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128')
# Python type names in annotations (docs/language.md §2)
PY_TYPES = {'int': 'int64', 'float': 'float64', 'bool': 'bool'}
MODULE_ALIASES = ('cp', 'np', 'cupy', 'numpy')


class TestError(Exception):
    pass


# ----------------------------------------------------------------------------------
# The test file: its # run:, # check:, # input: lines and its kernel's signature
# ----------------------------------------------------------------------------------
def factory_kernel(tree, name):
    """`NAME = factory(...)` at module level, factory a module-level function that ends
    with `return K` of a kernel it defines: [K's def] (the kernel the call returns, as
    `pykc run --kernel NAME` takes it), else []."""
    funcs = {st.name: st for st in tree.body if isinstance(st, ast.FunctionDef)}
    for st in tree.body:
        if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and
                isinstance(st.targets[0], ast.Name) and st.targets[0].id == name and
                isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Name)):
            continue
        fac = funcs.get(st.value.func.id)
        ret = fac.body[-1] if fac is not None and fac.body else None
        if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Name):
            return [d for d in fac.body
                    if isinstance(d, ast.FunctionDef) and d.name == ret.value.id]
    return []


class Case:
    COMMENT = '#'                             # the header lines' comment marker

    def __init__(self, path, name, expected_prefix):
        self.path = path
        self.name = name                      # test name (file stem)
        self.prefix = expected_prefix         # NAME or example-NAME
        with open(path, encoding='utf-8') as f:
            self.text = f.read()
        lines = self.text.split('\n')
        c = self.COMMENT
        if not lines[0].startswith(c + ' run: '):
            raise TestError(f'first line is not "{c} run: ..."')
        self.run_line = lines[0][len(c + ' run: '):]
        self.check = None
        self.tol = 0.0
        self.inputs = {}
        for line in lines[1:]:
            if not line.startswith(c):
                break
            if line.startswith(c + ' check:'):
                self.check = []
                for w in line[len(c + ' check:'):].split():
                    if w.startswith('tol='):
                        self.tol = float(w[4:])
                    elif w.startswith('cpu-ulp='):
                        pass                  # the CPU backend's comparison (run.sh)
                    else:
                        self.check.append(w)
            elif line.startswith(c + ' input:'):
                lhs, _, rhs = line[len(c + ' input:'):].partition('=')
                self.inputs[lhs.strip()] = rhs.strip()
        self.parse_run_line()
        self.parse_kernel()

    def parse_run_line(self):
        words = shlex.split(self.run_line)
        self.kernel = None
        self.grid = self.block = None
        self.shared_mem = 0
        self.arg_specs = {}
        self.axes = None          # --axis N... (ReductionKernel), None: every axis
        self.keepdims = False
        self.size = None          # --size N (ElementwiseKernel's size=)
        self.defines = []         # -D NAME[=VALUE] (a .cu case: NVRTC's -D, as pykc run's)
        i = 0
        while i < len(words):
            w = words[i]
            if w == '--size' and i + 1 < len(words):
                self.size = int(words[i + 1])
                i += 2
                continue
            if w == '--axis' and i + 1 < len(words):
                self.axes = (self.axes or ()) + (int(words[i + 1]),)
                i += 2
                continue
            if w == '-D' and i + 1 < len(words) and self.COMMENT == '//':
                self.defines.append(words[i + 1])
                i += 2
                continue
            if w == '--keepdims':
                self.keepdims = True
                i += 1
                continue
            if w in ('--kernel', '--grid', '--block', '--shared-mem'):
                if i + 1 >= len(words):
                    raise TestError(f'{w} needs a value')
                v = words[i + 1]
                i += 2
                if w == '--kernel':
                    self.kernel = v
                elif w == '--grid':
                    self.grid = parse_dims(v)
                elif w == '--block':
                    self.block = parse_dims(v)
                else:
                    self.shared_mem = int(v)
                continue
            if w.startswith('--') or '=' not in w:
                raise TestError(f'unexpected word in # run: line: {w!r}')
            name, _, spec = w.partition('=')
            if name in self.arg_specs:
                raise TestError(f'argument {name} given twice')
            self.arg_specs[name] = spec
            i += 1
        if self.kernel is None:
            raise TestError('# run: needs --kernel')

    def parse_kernel(self):
        """Finds the kernel's def: its parameters, annotations and mode."""
        tree = ast.parse(self.text, filename=self.path)
        self.tree = tree

        def defs(body, prefix):
            # (qualified name, def) of every function, through classes, functions and
            # the blocks of if/try/with (issue 7: kernels wherever Python puts them)
            for st in body:
                if isinstance(st, (ast.FunctionDef, ast.ClassDef)):
                    q = prefix + st.name
                    if isinstance(st, ast.FunctionDef):
                        yield q, st
                    yield from defs(st.body, q + '.')
                else:
                    for field in ('body', 'orelse', 'finalbody', 'handlers'):
                        yield from defs(getattr(st, field, []) or [], prefix)
        found = [n for q, n in defs(tree.body, '') if q == self.kernel]
        self.raw = None
        self.form = None
        def is_kernel(node):                  # a jit kernel or fuse function, not a factory
            return any(w in ast.unparse(d) for d in node.decorator_list
                       for w in ('rawkernel', 'fuse'))
        if (not found or not is_kernel(found[-1])) and \
                (self.parse_form(tree) or self.find_raw(tree)):
            return
        if not found:
            found = factory_kernel(tree, self.kernel)
        if not found:
            raise TestError(f'no function {self.kernel!r}')
        node = found[-1]
        self.mode = 'cuda'
        self.fuse = any('fuse' in ast.unparse(d) for d in node.decorator_list)
        self.outputs = []
        if self.fuse:                 # @cupy.fuse: a call returns out (a tuple: out0, ...)
            self.mode = 'numpy'       # scalars are Python's int and float
            ret = next((n for n in ast.walk(node) if isinstance(n, ast.Return)), None)
            v = ret.value if ret is not None else None
            many = (getattr(getattr(np, v.func.attr, None), 'nout', 1)    # cp.divmod(...)
                    if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) else 1)
            if isinstance(v, ast.Tuple) or many > 1:
                self.outputs = [f'out{i}' for i in range(many if many > 1 else len(v.elts))]
            elif v is not None:
                self.outputs = ['out']
        elif self.grid is None or self.block is None:
            raise TestError('# run: needs --grid and --block')
        for deco in node.decorator_list:
            if isinstance(deco, ast.Call):
                for kw in deco.keywords:
                    if kw.arg == 'mode':
                        self.mode = kw.value.value
        self.params = [a.arg for a in node.args.args]
        ndef = len(node.args.defaults)        # trailing parameters with a default
        self.required = self.params[:len(self.params) - ndef] if self.fuse else self.params
        # CuPy's fuse traces the function for its arguments and never reads annotations
        # (`x: cp.float32` on an array parameter of a published program)
        self.annot = {} if self.fuse else kernel_annotations(node.args.args)
        self.check_args(self.required)

    def check_args(self, required):
        """The # run: arguments name parameters, and every REQUIRED one."""
        missing = [p for p in required if p not in self.arg_specs]
        extra = [a for a in self.arg_specs if a not in self.params]
        if missing or extra:
            raise TestError(f'# run: arguments do not match parameters {self.params}: '
                            f'missing {missing}, unknown {extra}')

    def parse_form(self, tree):
        """A CuPy kernel form (`KERNEL = cp.ElementwiseKernel(in, out, ...)`): its
        parameters from the spec strings (literals or module string constants), the
        outputs last and optional in the # run: line (then the call allocates them)."""
        consts = {}
        aliases = {a.asname: a.name for st in tree.body if isinstance(st, ast.ImportFrom)
                   for a in st.names if a.asname}
        for st in tree.body:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 \
                    and isinstance(st.targets[0], ast.Name):
                try:
                    consts[st.targets[0].id] = ast.literal_eval(st.value)
                except ValueError:
                    pass

        def value(node):
            if isinstance(node, ast.Name) and node.id in consts:
                return consts[node.id]
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                return value(node.left) + value(node.right)
            return ast.literal_eval(node)
        for call, names in form_calls(tree, aliases):
            if self.kernel not in names:
                continue
            cls = form_class(call, aliases)
            if cls not in ('ElementwiseKernel', 'ReductionKernel'):
                continue
            self.form_call = call          # find_kernel evaluates it where no name holds it
            kw = {k.arg: k.value for k in call.keywords}
            spec = [value(a) for a in call.args[:2]] + \
                   [value(kw[k]) for k in ('in_params', 'out_params')[len(call.args):] if k in kw]
            params = []
            for i, text in enumerate(spec):
                for piece in (text.strip().split(',') if text else []):
                    words = piece.split()
                    params.append((words[-1], words[-2], 'raw' in words[:-2], i == 1))
            self.form = cls
            self.mode = 'cuda'
            self.params = [p[0] for p in params]
            self.outputs = [p[0] for p in params if p[3]]
            self.nin = len(params) - len(self.outputs)
            self.annot = {p[0]: ('scalar', p[1]) for p in params
                          if len(p[1]) > 1 and p[1] in DTYPES}
            self.check_args(self.params[:self.nin])
            return True
        return False

    def find_raw(self, tree):
        """A cp.RawKernel / cp.RawModule assigned at module level that holds the kernel
        (by the variable, the C name or a name expression): its parameters from the
        code. Sets self.raw = (variable, class, name in the code)."""
        consts = literal_names(tree)

        def value(node):
            if isinstance(node, ast.Name):
                return consts.get(node.id)
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                a, b = value(node.left), value(node.right)     # code + code (strings)
                return a + b if isinstance(a, str) and isinstance(b, str) else None
            try:
                return ast.literal_eval(node)
            except ValueError:
                return None
        for st in ast.walk(tree):       # module level, or in a method (self.k = ...)
            if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and
                    isinstance(st.targets[0], (ast.Name, ast.Attribute)) and
                    isinstance(st.value, ast.Call)):
                continue
            call, var = st.value, getattr(st.targets[0], 'id', None) or st.targets[0].attr
            if isinstance(call.func, ast.Attribute) and call.func.attr == 'get_function' \
                    and isinstance(call.func.value, ast.Call):
                call = call.func.value          # cp.RawModule(code=...).get_function(name)
            cls = getattr(call.func, 'attr', getattr(call.func, 'id', None))
            kw = {k.arg: k.value for k in call.keywords}
            args = list(call.args)
            if cls == 'RawKernel':
                code = value(args[0] if args else kw.get('code'))
                cname = value(args[1] if len(args) > 1 else kw.get('name'))
                if self.kernel not in (var, cname):
                    continue
            elif cls == 'RawModule':
                code = value(kw.get('code', args[0] if args else None))
                # (name_expressions built at run time, None here: the program's list,
                # which pykc run takes to hold the --kernel name expression)
                exprs = value(kw['name_expressions']) if 'name_expressions' in kw else []
                cname = self.kernel
                if c_params(code or '', cname) is None or \
                        ('<' in cname and exprs is not None and cname not in exprs):
                    continue
            else:
                continue
            if not isinstance(code, str) or not isinstance(cname, str):
                raise TestError(f'{cls} {var}: its code and name must be string constants')
            self.params = c_params(code, cname)
            if self.params is None:
                raise TestError(f'{cls} {var}: no __global__ function {cname!r} in its code')
            self.byval = c_byvalue(code, cname)
            if self.grid is None or self.block is None:
                raise TestError('# run: needs --grid and --block')
            self.raw = (var, cls, cname)
            self.raw_call = call
            self.raw_names = consts
            self.mode = 'cuda'
            self.annot = {}
            self.check_args(self.params)
            return True
        return False

    def data_path(self, spec_path):
        return os.path.join(DATA, spec_path)


def c_param_texts(code, kernel):
    """The parameters of `__global__ void KERNEL(...)` in CUDA C++ CODE as written (comments
    removed), split at top-level commas (`CArray<float, 2> a` is one), or None."""
    import re
    code = re.sub(r'//[^\n]*|/\*.*?\*/', ' ', code, flags=re.S)
    base = kernel.split('<', 1)[0].strip().split('::')[-1]
    m = re.search(r'(?:__global__\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?void|'
                  r'void\s+__global__)\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?' +
                  re.escape(base) + r'\s*\(([^)]*)\)', code)
    if not m:
        return None
    params, depth, cur = [], 0, ''
    for ch in m.group(1) + ',':
        depth += (ch in '<(') - (ch in '>)')
        if ch == ',' and depth == 0:
            params.append(cur)
            cur = ''
        else:
            cur += ch
    return [p for p in params if p.strip() not in ('', 'void')]


def c_params(code, kernel):
    """The parameter names of `__global__ void KERNEL(...)` in CUDA C++ CODE (the last
    identifier of each parameter), or None."""
    import re
    params = c_param_texts(code, kernel)
    # (a name expression's template: its base name's function)
    return None if params is None else [re.findall(r'[A-Za-z_]\w*', p)[-1] for p in params]


def c_byvalue(code, kernel):
    """The parameters of KERNEL in CODE passed by value (no `*`, `&` or `[]`): an array
    argument for one goes to CuPy as a NumPy array of size one, its bytes (CuPy's
    CNumpyArray), as pykc run passes an array to a parameter of a struct type. A
    `CArray<...>` parameter is not one: CuPy passes an ndarray as that struct."""
    import re
    params = c_param_texts(code, kernel) or []
    return {re.findall(r'[A-Za-z_]\w*', p)[-1] for p in params
            if not re.search(r'[*&\[]', p) and not re.match(r'\s*(const\s+)?CArray\s*<', p)}


class CuCase(Case):
    """A tests/e2e/*.cu case: CUDA C++ run as a CuPy RawModule's extern "C" kernel."""
    COMMENT = '//'

    def parse_kernel(self):
        self.mode = 'cuda'
        self.form = None
        self.annot = {}
        self.params = c_params(self.text, self.kernel)
        if self.params is None:
            raise TestError(f'no __global__ void {self.kernel}(...)')
        self.byval = c_byvalue(self.text, self.kernel)
        if self.grid is None or self.block is None:
            raise TestError('# run: needs --grid and --block')
        # an argument that names no parameter: a __device__/__constant__ variable, filled
        # through RawModule.get_global before the launch (as `pykc run` does)
        self.globals = [a for a in self.arg_specs if a not in self.params]
        self.params, params = self.params + self.globals, self.params
        self.check_args(self.params)
        self.params = params

    def cupy_kernel(self, cp):
        self.module = cp.RawModule(code=self.text,
                                   options=tuple('-D' + d for d in self.defines),
                                   name_expressions=(self.kernel,) if '<' in self.kernel
                                   else None)     # a template's instance, as pykc run's
        return self.module.get_function(self.kernel)

    def fill_globals(self, cp, host):
        """Copies each variable argument into its variable (RawModule.get_global)."""
        for n in self.globals:
            v = np.asarray(host[n])
            cp.ndarray(v.shape, v.dtype, self.module.get_global(n))[...] = cp.asarray(v)


def parse_dims(s):
    dims = tuple(int(x) for x in s.split(','))
    if not 1 <= len(dims) <= 3 or min(dims) < 1:
        raise TestError(f'bad grid/block {s!r}')
    return dims


def kernel_annotations(args):
    """{name: annotation_type} when every parameter has a pykc annotation; else {} (a
    foreign or partial annotation: the kernel is generic, as cupyx.jit ignores them)."""
    try:
        annot = {a.arg: annotation_type(a.annotation) for a in args if a.annotation}
    except TestError:
        return {}
    return annot if len(annot) == len(args) else {}


def annotation_type(node):
    """('array', dtype, ndim) or ('scalar', dtype) for an annotation AST."""
    def dtype_of(n):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) \
                and n.value.id in MODULE_ALIASES and n.attr in DTYPES:
            return n.attr
        if isinstance(n, ast.Name) and n.id in PY_TYPES:
            return PY_TYPES[n.id]
        raise TestError(f'unknown annotation {ast.unparse(n)}')
    if isinstance(node, ast.Subscript):
        sl = node.slice
        if isinstance(sl, ast.Tuple):
            ndim = len(sl.elts)
        else:
            ndim = 1
        return ('array', dtype_of(node.value), ndim)
    return ('scalar', dtype_of(node))


# ----------------------------------------------------------------------------------
# Argument construction (host side: numpy)
# ----------------------------------------------------------------------------------
def literal_dtype(value, mode):
    """docs/language.md §2.4: literal and argument typing."""
    if isinstance(value, bool):
        return 'bool'
    if isinstance(value, complex):
        return 'complex64' if mode == 'cuda' else 'complex128'
    if isinstance(value, int):
        if mode == 'cuda' and -2**31 <= value < 2**31:
            return 'int32'
        if -2**63 <= value < 2**63:
            return 'int64'
        if 0 <= value < 2**64:
            return 'uint64'
        raise TestError(f'integer {value} does not fit 64 bits')
    return 'float32' if mode == 'cuda' else 'float64'


def parse_value(text):
    if text in ('True', 'False'):
        return text == 'True'
    try:
        return int(text, 10)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        pass
    try:
        return complex(text)             # 1+2j, -2j, (1-2.5e3j)
    except ValueError:
        raise TestError(f'bad scalar {text!r}') from None


def parse_shape(s):
    if s == '()':                        # 0-d, as cli/args.c takes it
        return ()
    try:
        shape = tuple(int(x) for x in s.split('x'))
    except ValueError:
        raise TestError(f'bad shape {s!r}') from None
    if any(d < 0 for d in shape):
        raise TestError(f'bad shape {s!r}')
    return shape


def check_dtype(d):
    if d not in DTYPES:
        raise TestError(f'unknown dtype {d!r}')
    return d


def input_rng(test, arg):
    return np.random.default_rng(zlib.crc32(f'{test}.{arg}'.encode()))


# helpers available to `# input:` expressions
def _special_floats(rng, n, dtype):
    """Random normals with NaN, +-inf, +-0, tiny and huge values mixed in."""
    a = (rng.standard_normal(n) * 4).astype(dtype)
    fi = np.finfo(dtype)
    specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, fi.tiny, -fi.tiny,
                         fi.max, -fi.max, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5],
                        dtype=dtype)
    k = min(len(specials), n)
    a[:k] = specials[:k]
    return a


def _special_complex(rng, n, dtype):
    """Random complex normals with NaN/inf/zero/huge/tiny parts mixed in (both parts
    drawn from special_floats' values, in every pairing of a few of them)."""
    part = 'float32' if np.dtype(dtype) == np.complex64 else 'float64'
    a = (rng.standard_normal(n) * 3 + 1j * rng.standard_normal(n) * 3).astype(dtype)
    fi = np.finfo(part)
    vals = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -2.5, fi.max, fi.tiny, 30.0, -800.0]
    specials = [complex(x, y) for x in vals for y in vals]
    k = min(len(specials), n)
    a[:k] = np.array(specials[:k], dtype=dtype)
    return a


def _int_edges(rng, n, dtype):
    """Random integers of dtype with its limits and small values mixed in."""
    ii = np.iinfo(dtype)
    a = rng.integers(ii.min, ii.max, size=n, endpoint=True, dtype=dtype)
    edges = [ii.min, ii.max, ii.min + 1, ii.max - 1, 0, 1, 2, 3, 7]
    if ii.min < 0:
        edges += [-1, -2, -3, -7]
    edges = np.array(edges, dtype=dtype)
    k = min(len(edges), n)
    a[:k] = edges[:k]
    return a


def input_env(rng):
    return {'np': np, 'rng': rng,
            'special_floats': lambda n, dt='float32': _special_floats(rng, n, dt),
            'int_edges': lambda n, dt: _int_edges(rng, n, dt),
            'special_complex': lambda n, dt='complex128': _special_complex(rng, n, dt)}


def make_input(case, arg, fname, regen):
    """Loads data/FNAME, writing it from the # input: recipe when missing."""
    path = case.data_path(fname)
    if os.path.exists(path) and not regen:
        return np.load(path)
    if arg not in case.inputs:
        raise TestError(f'{fname} is missing and there is no "# input: {arg} = ..." line')
    value = eval(case.inputs[arg], input_env(input_rng(case.name, arg)))  # noqa: S307
    value = np.array(value, order="C", copy=True)
    os.makedirs(DATA, exist_ok=True)
    np.save(path, value, allow_pickle=False)
    return np.load(path)


def build_host_args(case, regen=False):
    """{name: numpy array or numpy scalar}, in parameter order."""
    args = {}
    for name in case.params + getattr(case, 'globals', []):
        if name not in case.arg_specs:              # a kernel form's output: allocated
            continue
        spec = case.arg_specs[name]
        ann = case.annot.get(name)
        if case.form and ann and spec.split(':')[0] not in ('zeros', 'ones', 'arange') \
                and not spec.startswith('@'):
            ann = None                              # a form's scalar: cast by the call
        if spec.startswith('@'):
            value = make_input(case, name, spec[1:], regen)
        elif spec.split(':')[0] in ('zeros', 'ones', 'arange'):
            parts = spec.split(':')
            if len(parts) != 3:
                raise TestError(f'bad array spec {spec!r}')
            kind, dt, shape = parts[0], check_dtype(parts[1]), parse_shape(parts[2])
            if kind == 'zeros':
                value = np.zeros(shape, dtype=dt)
            elif kind == 'ones':
                value = np.ones(shape, dtype=dt)
            else:
                value = np.arange(int(np.prod(shape)), dtype=dt).reshape(shape)
        else:
            text, _, dt = spec.partition(':')
            v = parse_value(text)
            if case.form and not dt:              # what a program passes: a Python scalar
                args[name] = v                    # (pykc run's untyped VALUE for a form)
                continue
            dt = check_dtype(dt) if dt else literal_dtype(v, case.mode)
            value = np.asarray(v).astype(dt)[()]
            if ann is not None:
                if ann[0] != 'scalar':
                    raise TestError(f'argument {name}: scalar given for an array')
                value = np.asarray(value).astype(ann[1])[()]
            args[name] = value
            continue
        if ann is not None and not case.form:
            if ann[0] != 'array' or ann[1] != value.dtype.name or ann[2] != value.ndim:
                raise TestError(f'argument {name}: {value.dtype}[{value.ndim}-d] does not '
                                f'match the annotation {ann}')
        args[name] = value
    return args


def checked_names(case, args):
    fuse = getattr(case, 'fuse', False)
    outs = case.outputs if case.form or fuse else []
    if case.check is not None:
        for n in case.check:                  # (a fuse call's outputs are what it returns)
            if fuse and n not in args and (n == 'out' or n[:3] == 'out' and n[3:].isdigit()):
                continue
            if n not in outs and (n not in args or not isinstance(args[n], np.ndarray)):
                raise TestError(f'# check: {n} is not an array argument')
        return case.check
    return [n for n in case.params
            if n in outs or isinstance(args.get(n), np.ndarray)]


# ----------------------------------------------------------------------------------
# numpy references for the kernels CuPy 14.2 rejects (pykc extensions and fixes).
# Each mutates the host arrays as the kernel would, given the `# run:` arguments.
# ----------------------------------------------------------------------------------
def _py_floordiv(a, b):
    return 0 if b == 0 else a // b


def ref_ext_syntax(a, b, out):
    # chained comparisons, unary +, chained assignment, `a = b = 0`
    for i in range(a.size):
        x, y = int(a[i]), int(b[i])
        r = 0
        if -5 < x <= y < 50:
            r += 1
        if x < y > 0:
            r += 10
        p = q = x
        p += +y
        out[i] = r + 100 * (p - q)


def ref_ext_abs(x, xi, out, outi):
    out[:] = np.abs(x)
    outi[:] = np.abs(xi.astype(np.int64)).astype(np.int32)  # abs(INT_MIN) wraps


def ref_ext_ternary_promote(a, f, out):
    # `a[i] if a[i] > 0 else f[i]`: int32 and float32 promote to float32 (fix)
    for i in range(a.size):
        out[i] = np.float32(a[i]) if a[i] > 0 else f[i]


def _popc(v):
    return bin(int(v) & 0xffffffff).count('1')


def _clz32(v):
    v = int(v) & 0xffffffff
    return 32 - v.bit_length()


def _ffs32(v):
    v = int(v) & 0xffffffff
    return (v & -v).bit_length()


def _brev32(v):
    v = int(v) & 0xffffffff
    return int(f'{v:032b}'[::-1], 2)


def ref_ext_warp_vote(x, ballot, allv, anyv, act, bits, l, bits64):
    n = x.size
    for w in range(0, n, 32):
        lane_vals = x[w:w + 32]
        m = 0
        for lane, v in enumerate(lane_vals):
            if v > 0:
                m |= 1 << lane
        ballot[w:w + 32] = m
        allv[w:w + 32] = int(bool(np.all(lane_vals > -1000)))
        anyv[w:w + 32] = int(bool(np.any(lane_vals > 900)))
        act[w:w + 32] = 0xffffffff
    for i in range(n):
        v = int(x[i]) & 0xffffffff
        bits[i, 0] = _popc(v)
        bits[i, 1] = _clz32(v)
        bits[i, 2] = _ffs32(v)
        bits[i, 3] = np.uint32(_brev32(v)).view(np.int32)
    for i in range(l.size):
        w = int(l[i]) & (2**64 - 1)
        bits64[i, 0] = bin(w).count('1')
        bits64[i, 1] = 64 - w.bit_length()
        bits64[i, 2] = (w & -w).bit_length()
        bits64[i, 3] = np.uint64(int(f'{w:064b}'[::-1], 2)).view(np.int64)


def ref_ext_local_memory(x, out):
    n = x.shape[0]
    for i in range(n):
        buf = [int(x[i]) * k for k in range(8)]
        s = 0
        for k in range(7, -1, -1):
            s = s * 3 + buf[k]
        out[i] = np.int64(s).astype(np.int32)


def ref_ext_device_kwargs(a, b, out):
    for i in range(a.size):
        out[i] = np.float32(a[i]) * np.float32(2.0) - np.float32(b[i])


def ref_ext_shape_unpack(x, out):
    r, c = x.shape
    out[0], out[1] = r, c
    s0, s1 = x.strides
    out[2], out[3] = s0, s1


def ref_ext_uint_int_mix(u, s, out):
    for i in range(u.size):
        v = (int(u[i]) + int(s[i])) & 0xffffffff
        v = v // 2
        out[i] = v


def ref_ext_cpp_names(new, this, out):
    out[:] = (new.astype(np.int64) * 3 + this).astype(np.int32)


def ref_ext_cmp_int64_uint64(w, q, big, out):
    w, q, big = int(w), int(q), int(big)
    out[:] = [w > q, q < w, w == q, q >= w, big > q, q != big]


def ref_ext_logaddexp(x, y, o, o32):
    o[:] = np.logaddexp(x, y)
    o32[:] = np.logaddexp(x.astype(np.float32), y.astype(np.float32))


def ref_ext_rename_collisions(n, out):
    out[:] = np.array([n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7, n + 8, n + 9,
                       n + 10, n + 11, n + 1, n + 2, n + 12, n + 12, 32], dtype=np.int32)


def ref_ext_math_module(x, out):
    out[:, 0] = np.sqrt(np.abs(x))
    out[:, 1] = np.floor(x)
    out[:, 2] = np.float32(np.pi) * x
    out[:, 3] = np.exp(x / np.float32(4))
    out[:, 4] = np.sign(x)


def ref_ext_atomic_add_f16(v, sh):
    for k in range(4):
        sh[k] = np.float16(v[k::4].sum())


def ref_ext_bool_invert(p, o):
    o[0] = ~p
    o[1] = ~(p & (np.arange(p.size) % 2 == 0))


def ref_audit_short_circuit(x, cnt, out):
    for i in range(x.size):
        v, c, r = int(x[i]), 0, 0
        if v > 0:
            c += 1
            r += 1 if 0 < v < 10 else 0
        if v < -15:
            r += 10
        else:
            c += 1
            r += 10 if -20 <= v < -5 else 0
        c += 1
        if v < 0:
            c += 1
            r += 100
        if v % 2 == 0:
            c += 1
            r += 1000 if 0 < v < 5 else 0
        cnt[i], out[i] = c, r


# ---- review of src/lower/range.c (value-range facts)
def _w32(v):
    v &= 0xffffffff
    return v - (1 << 32) if v >= 1 << 31 else v


def _py_mod(a, b):
    return 0 if b == 0 else a % b


def ref_review_range_small(a, b, xi, out):
    # uint8 expressions compute as C ints (docs/language.md §2): a - b is -2 here
    fd, md = _py_floordiv, _py_mod
    a, b, xi = int(a), int(b), int(xi)
    d = a - b
    out[:] = [fd(d, b), md(d, b), fd(-a, 3), md(~a, 4), fd(d if a < b else a, 3),
              fd(min(d, a), 3), md(_w32(abs(xi)), 10), fd(d, 3), fd(d & 0xff, 4)]


# The array module of the references' device operations: numpy for --dry-run, cupy when
# the corpus runs on the GPU (main), so that what CuPy has (cp.abs, cp.angle, complex
# multiplication) is CuPy's result, bit for bit, and only the missing syntax is numpy's.
XP = np


def _dev(fn, *arrays):
    """fn(xp, *arrays) with XP, on host copies of the result."""
    if XP is np:
        return fn(np, *arrays)
    return XP.asnumpy(fn(XP, *(XP.asarray(a) for a in arrays)))


def ref_ext_complex_parts(z, w, x, r, q, o, p):
    r[:, 0] = z.real
    r[:, 1] = z.imag
    r[:, 2] = z.real * z.imag
    r[:, 3] = _dev(lambda xp, a: xp.angle(a), z)
    r[:, 4] = _dev(lambda xp, a: xp.abs(a), z)
    r[:, 5] = np.where(x >= 0, 0.0, np.pi)        # CuPy's angle of a real (NaN: pi)
    r[:, 6] = x
    q[:, 0] = w.real
    q[:, 1] = w.imag
    q[:, 2] = _dev(lambda xp, a: xp.angle(a), w)
    q[:, 3] = _dev(lambda xp, a: xp.abs(a), w)
    q[:, 4] = -w.imag
    o[:, 0] = np.conj(z)
    o[:, 1].real = x
    o[:, 1].imag = z.imag
    b = np.empty_like(z)
    b.real = 1.0
    b.imag = x
    o[:, 2] = _dev(lambda xp, a, c: xp.conj(a) * c, z, b)
    p[:, 0].real = w.imag
    p[:, 0].imag = w.real
    p[:, 1] = np.conj(w)


def ref_ext_complex_reduce(z, n, out, cnt):
    s = z[:n].sum()
    out[:] = [s.real, s.imag]
    t = (z[:n] * 2).sum()
    cnt[:] = [t.real, t.imag]


def ref_complex_magnitude(z, out):
    out[:] = z.real * z.real + z.imag * z.imag


def ref_fuse_premap_inplace(x, y):
    x += 2
    y += x


NUMPY_REFERENCE = {
    'fuse_premap_inplace': ("@cupy.fuse updating its arguments before a reduction: CuPy's "
                            'old fusion passes the map its inputs by value and drops the '
                            'updates (its test_premap_inplace is commented out); pykc '
                            'writes them (fix)', ref_fuse_premap_inplace),
    'review_range_small': ('range.c soundness: uint8 expressions as C ints '
                           '(docs/language.md §2) and builtin abs(): pykc semantics',
                           ref_review_range_small),
    'ext_bool_invert': ('~ on bool: CuPy emits C++ ~ (so ~True is True); pykc gives not '
                        '(fix)', ref_ext_bool_invert),
    'ext_syntax': ('chained comparisons, unary +, chained assignment: pykc extensions',
                   ref_ext_syntax),
    'ext_abs': ('builtin abs(): pykc extension (cupyx has no abs)', ref_ext_abs),
    'ext_ternary_promote': ('ternary with int32/float32 operands: cupyx rejects, pykc '
                            'promotes (fix)', ref_ext_ternary_promote),
    'ext_warp_vote': ('ballot/all/any_sync, activemask, popc, clz, ffs, brev: pykc '
                      'extensions', ref_ext_warp_vote),
    'ext_local_memory': ('jit.local_memory: pykc extension', ref_ext_local_memory),
    'ext_device_kwargs': ('keyword arguments to a device function: cupyx drops them '
                          '(fix)', ref_ext_device_kwargs),
    'ext_shape_unpack': ('a, b = x.shape / x.strides: fix', ref_ext_shape_unpack),
    'ext_uint_int_mix': ('uint32 with an int32 variable, u //= 2: CuPy 14.2 + NumPy 2 '
                         'reject (extension)', ref_ext_uint_int_mix),
    'ext_cpp_names': ('parameters named like C++ keywords (new, this): fix',
                      ref_ext_cpp_names),
    'ext_cmp_int64_uint64': ('int64 against uint64 compares exactly: fix',
                             ref_ext_cmp_int64_uint64),
    'ext_logaddexp': ('cp.logaddexp with numpy semantics (CuPy gives NaN for equal '
                      'infinities)', ref_ext_logaddexp),
    'ext_rename_collisions': ('locals named like C macros or _Bool, new next to new_, '
                              'device functions exp and exp_: fix', ref_ext_rename_collisions),
    'ext_math_module': ('math.sqrt/floor/exp, math.pi: pykc extension; cp.sign: cupyx '
                        'has no jit loop for it', ref_ext_math_module),
    'audit_short_circuit': ('chained comparisons with calls inside and/or/ternary: pykc '
                            'extension (cupyx has no chained comparisons)',
                            ref_audit_short_circuit),
    'ext_atomic_add_f16': ('atomic_add on float16: CuPy 14.2 emits atomicAdd(float16 *, '
                           'float), which NVRTC rejects (fix)', ref_ext_atomic_add_f16),
    'ext_complex_parts': ('z.real/.imag/.conj(), cp.real/imag/angle, abs(), complex() of '
                          'variables: cupyx lacks them (pykc extensions)',
                          ref_ext_complex_parts),
    'ext_complex_reduce': ('.real/.imag of a complex accumulator into atomic_add: cupyx '
                           'has no .real/.imag (pykc extension)', ref_ext_complex_reduce),
    'complex_magnitude': ('examples/complex_magnitude.py: z.real and z.imag are pykc '
                          'extensions (cupyx has no scalar .real/.imag)',
                          ref_complex_magnitude),
}


def _jit_model(name):
    """tools/jit_models.py's NumPy model of published program NAME (imported when used)."""
    def run(*args):
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        try:
            import jit_models
        finally:
            sys.path.pop(0)
        jit_models.XP = XP               # the GPU's libm bits where a model needs them
        jit_models.MODELS[name](*args)
    return run


# Published cupyx.jit programs (issue 19 §5) that CuPy 14.2 with NumPy 2 rejects, as
# published: arithmetic of an unsigned value with a signed one (`tid * n`, `indptr[i] +
# tid`, `key % capacity`, `tid // jit.warpsize`). cupyx picks the ufunc's first loop both
# operands reach in its type order ('II' for uint32 with int32) and casts each Data operand
# to it 'same_kind', which NumPy 2 refuses for signed -> unsigned ("Cannot cast from
# 'int32' to uint32 with casting rule same_kind"); NumPy 1's value-based check let it
# through, and pykc computes it in the unsigned type (docs/language.md §2.6, extension).
JIT_REFUSED = ('real_jacobi_flat', 'real_gat_softmax', 'real_gat_rowdot_shfl',
               'real_gat_leaky_grad', 'real_hash_count', 'real_hash_lookup', 'real_hash_init',
               'real_select_stack', 'real_rgf_system', 'real_stereo_fill', 'real_dg_df1_dx1',
               'real_smem_scan', 'real_warp_butterfly', 'real3_nimare_ma',
               'real5j_agnn_fwd', 'real5j_agnn_fwd_shfl', 'real5j_agnn_bwd_shfl',
               'real5j_bact_mask', 'real5j_qp_energy')
NUMPY_REFERENCE.update({
    name: ('a published program with unsigned (op) signed arithmetic: CuPy 14.2 with NumPy 2 '
           'rejects it (same_kind), pykc computes it in the unsigned type (extension)',
           _jit_model(name)) for name in JIT_REFUSED})
# `a, b = x.shape`: CuPy 14.2's generated code converts cupy::as_tuple to a pair and NVRTC
# refuses it ("no suitable user-defined conversion"); pykc unpacks (language.md §10, fix)
JIT_SHAPE_UNPACK = ('real_subarray_device', 'real_u8_threshold')
NUMPY_REFERENCE.update({
    name: ('a program that unpacks a 2-d shape: CuPy 14.2 cannot compile it (as_tuple to '
           'pair), pykc unpacks it (fix)', _jit_model(name)) for name in JIT_SHAPE_UNPACK})
# `z.real` / `z.imag` of a complex local: CuPy 14.2 says "Unknown attribute: real", pykc
# reads the parts (language.md §10, extension). Their models compute cuda mode's complex64
# and take cosf/sinf from the GPU's own ufuncs (jit_models.f32_libm): exact on the GPU.
JIT_COMPLEX_PARTS = ('real_complex_phase', 'real_twiddle_c64')
NUMPY_REFERENCE.update({
    name: ('a program reading z.real of a complex value: CuPy 14.2 rejects it ("Unknown '
           'attribute"), pykc reads it (extension)', _jit_model(name))
    for name in JIT_COMPLEX_PARTS})


# ----------------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------------
def discover(only):
    cases = []
    for d, prefix in ((E2E, ''), (EXAMPLES, 'example-')):
        if not os.path.isdir(d):
            continue
        for fn in sorted(os.listdir(d)):
            stem, ext = os.path.splitext(fn)
            if ext not in ('.py', '.cu') or (ext == '.cu' and d != E2E):
                continue
            path = os.path.join(d, fn)
            c = '#' if ext == '.py' else '//'
            with open(path, encoding='utf-8') as f:
                first = f.readline()
            if not first.startswith(c + ' run: '):
                if d == E2E:
                    cases.append((path, stem, prefix, f'first line is not "{c} run: ..."'))
                continue
            cases.append((path, stem, prefix, None))
    if only:
        want = set(only.split(','))
        cases = [c for c in cases if c[1] in want or c[2] + c[1] in want]
    return cases


def literal_names(tree):
    """The names TREE binds to a literal (`code = r'''...'''`, `names = ['k<float>']`),
    at module level or in a function: the values a kernel's constructor call reads."""
    consts = {}
    for st in ast.walk(tree):
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and \
                isinstance(st.targets[0], ast.Name):
            try:
                consts[st.targets[0].id] = ast.literal_eval(st.value)
            except ValueError:
                pass
    return consts


FORM_NAME_ARG = {'ElementwiseKernel': (3, 'kernel'), 'ReductionKernel': (6, 'reduce_kernel')}


def form_class(call, aliases):
    fn = call.func
    cls = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, 'id', '')
    return aliases.get(cls, cls)


def local_imports(tree, node):
    """The import statements of the functions around NODE (`import cupy as cp` in a
    factory): what its constructor call needs besides the module's names."""
    parent = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    out = []
    up = parent.get(node)
    while up is not None:
        if isinstance(up, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out += [st for st in ast.walk(up) if isinstance(st, (ast.Import, ast.ImportFrom))]
        up = parent.get(up)
    return out


def eval_call(case, call, ns, names=None):
    """CALL (a kernel's constructor) evaluated in the module namespace NS, with the
    imports of the functions around it and NAMES (literals it reads)."""
    env = {**ns, **(names or {})}
    imports = local_imports(case.tree, call)
    if imports:
        exec(compile(ast.Module(body=imports, type_ignores=[]), case.path, 'exec'), env)
    root = call.func
    while isinstance(root, ast.Attribute):
        root = root.value
    if isinstance(root, ast.Name) and root.id not in env and not hasattr(builtins, root.id):
        # cupy bound at run time (`xp.ElementwiseKernel(...)` in a function taking xp), as
        # pykc run takes it: the cupy that is imported (tests/python/e2e.py's shim there)
        env[root.id] = importlib.import_module('cupy')
    return eval(compile(ast.Expression(call), case.path, 'eval'), env)


def form_calls(tree, aliases):
    """(call, names) of every ElementwiseKernel/ReductionKernel constructor call of TREE,
    with the names `pykc run --kernel` finds it by: the variable or attribute it is
    assigned to, its name= (CuPy's default when left out), and the function that returns
    it (a factory)."""
    parent = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call) or form_class(call, aliases) not in FORM_NAME_ARG:
            continue
        names = set()
        i, default = FORM_NAME_ARG[form_class(call, aliases)]
        kw = {k.arg: k.value for k in call.keywords}
        node = kw.get('name', call.args[i] if len(call.args) > i else None)
        if node is None:
            names.add(default)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)
        up = parent.get(call)
        if isinstance(up, ast.Assign):
            for t in up.targets:
                names.add(t.id if isinstance(t, ast.Name) else getattr(t, 'attr', None))
        if isinstance(up, ast.Return):
            while up is not None and not isinstance(up, ast.FunctionDef):
                up = parent.get(up)
            if up is not None:
                names.add(up.name)
        yield call, names


def built_kernel(case, ns):
    """CASE's RawKernel/RawModule function or kernel form when no module name holds it
    (made in a method or a function, a factory's, or called where it is built): its
    constructor call, evaluated in the module's namespace NS with the literals it reads
    (tests/python/e2e.py finds pykc's the same way). None: look it up by name."""
    if getattr(case, 'raw', None):              # the program's own RawKernel / RawModule
        var, cls, cname = case.raw
        obj = ns.get(var)
        if type(obj).__name__ != cls:
            obj = eval_call(case, case.raw_call, ns, case.raw_names)
        return obj if cls == 'RawKernel' else obj.get_function(cname)
    call = getattr(case, 'form_call', None)
    parts = case.kernel.split('.')
    if call is not None and (parts[0] not in ns or (
            len(parts) == 1 and type(ns[parts[0]]).__name__ not in FORM_NAME_ARG)):
        return eval_call(case, call, ns)
    return None


def find_kernel(case, cp):
    """The CuPy kernel object the case names: a .cu file's function, or the module's
    (Cls.k: an attribute; outer.k: what outer() returns)."""
    if isinstance(case, CuCase):
        return case.cupy_kernel(cp)
    ns = runpy.run_path(case.path, run_name='pykc_e2e')
    built = built_kernel(case, ns)
    if built is not None:
        return built
    parts = case.kernel.split('.')
    kern = ns.get(parts[0])
    for part in parts[1:]:        # Cls.k: an attribute; outer.k: what outer() returns
        if kern is None:
            break
        if isinstance(kern, type):
            kern = getattr(kern, part, None)
        else:
            kern = kern()
    if kern is None:
        raise TestError(f'module has no {case.kernel!r}')
    return kern


def run_cupy_form(case, kern, host, cp):
    """A kernel form called as a CuPy program calls it: the inputs, and the outputs
    when the # run: line gives them (else the call allocates and returns them)."""
    dev = {n: cp.asarray(v) if isinstance(v, np.ndarray) else v for n, v in host.items()}
    ins = [dev[n] for n in case.params[:case.nin]]
    outs = [dev[n] for n in case.outputs if n in dev]
    kw = {'axis': case.axes, 'keepdims': case.keepdims} if case.form == 'ReductionKernel' else {}
    if case.size is not None:
        kw['size'] = case.size
    res = kern(*ins, *outs, **kw) if outs else kern(*ins, **kw)
    if not outs:
        res = res if isinstance(res, tuple) else (res,)
        dev.update(zip(case.outputs, res))
    cp.cuda.runtime.deviceSynchronize()
    return {n: cp.asnumpy(v) if isinstance(v, cp.ndarray) else v for n, v in dev.items()}


def run_fuse(case, host, kern, cp):
    """A @cupy.fuse kernel: called on the arguments (scalars given without :DTYPE as the
    Python int/float/bool they are); its return value is out, or a tuple out0, out1, ..."""
    args = []
    for n in case.params:
        if n not in host:                     # a parameter with a default, omitted
            break
        v = host[n]
        if isinstance(v, np.ndarray):
            v = cp.asarray(v)
        elif ':' not in case.arg_specs[n]:
            v = v.item()
        args.append(v)
    r = kern(*args)
    cp.cuda.runtime.deviceSynchronize()
    outs = [f'out{i}' for i in range(len(r))] if isinstance(r, tuple) else ['out'] * (r is not None)
    r = r if isinstance(r, tuple) else (r,)
    res = {n: cp.asnumpy(v) for n, a in zip(case.params, args)   # arrays it updated in place
           if isinstance(a, cp.ndarray) for v in [a]}
    res.update({n: cp.asnumpy(v) for n, v in zip(outs, r)})
    return res


class _NumpyFuse:
    """--numpy: NumPy standing in for CuPy in a @cupy.fuse case (cupy.fuse the function
    itself, cupyx.rsqrt 1/sqrt), for cases whose every operation NumPy computes as CuPy's
    fuse does (loops, weak scalars); the GPU run replaces what it writes."""

    def __enter__(self):
        import types
        cp = types.ModuleType('cupy')
        cp.__dict__.update({k: v for k, v in vars(np).items() if not k.startswith('__')})
        cp.fuse = lambda *a, **k: a[0] if a and callable(a[0]) else (lambda f: f)
        if not hasattr(np, 'bitwise_count'):      # NumPy 1: the 1-bits of |x|, uint8
            cp.bitwise_count = np.vectorize(lambda v: bin(abs(int(v))).count('1'),
                                            otypes=[np.uint8])
        cp.asnumpy = np.asarray
        cp.get_array_module = lambda *args: np      # NumPy's arrays are NumPy's
        cp.cuda = types.SimpleNamespace(runtime=types.SimpleNamespace(
            deviceSynchronize=lambda: None))
        cx = types.ModuleType('cupyx')
        cx.rsqrt = lambda x: (1 / np.sqrt(x)).astype(np.result_type(x))
        self.saved = {m: sys.modules.get(m) for m in ('cupy', 'cupyx')}
        sys.modules.update(cupy=cp, cupyx=cx)
        return cp

    def __exit__(self, *exc):
        for m, v in self.saved.items():
            if v is None:
                sys.modules.pop(m, None)
            else:
                sys.modules[m] = v


def run_numpy_fuse(case, host):
    if not getattr(case, 'fuse', False):
        raise TestError('--numpy computes @cupy.fuse cases only')
    with _NumpyFuse() as cp, np.errstate(all='ignore'):
        return run_fuse(case, host, find_kernel(case, cp), cp)


def run_cupy(case, host):
    import cupy as cp
    kern = find_kernel(case, cp)
    if getattr(case, 'fuse', False):
        return run_fuse(case, host, kern, cp)
    if case.form:
        return run_cupy_form(case, kern, host, cp)
    dev = {}
    for n in case.params:
        v = host[n]
        if isinstance(v, np.ndarray) and n in getattr(case, 'byval', ()):
            dev[n] = np.frombuffer(v.tobytes(), np.dtype((np.void, v.nbytes)))   # by value
        else:
            dev[n] = cp.asarray(v) if isinstance(v, np.ndarray) else v
    if getattr(case, 'globals', None):
        case.fill_globals(cp, host)
    kern(case.grid, case.block, tuple(dev[n] for n in case.params),
         shared_mem=case.shared_mem)
    cp.cuda.runtime.deviceSynchronize()
    return {n: cp.asnumpy(dev[n]) if isinstance(host[n], np.ndarray) else host[n]
            for n in case.params}


def run_reference(case, host):
    _, fn = NUMPY_REFERENCE[case.name]
    res = {n: (v.copy() if isinstance(v, np.ndarray) else v) for n, v in host.items()}
    with np.errstate(all='ignore'):
        fn(*[res[n] for n in case.params])
    return res


def same(got, want, tol):
    """The comparison of tests/e2e/npycmp.c: exact for integers and bool, NaN equals
    NaN, floats within |got - want| <= tol * max(1, |want|) when tol is given (|want| of
    a complex: its modulus, when finite)."""
    if got.dtype != want.dtype or got.shape != want.shape:
        return False
    if want.dtype.kind not in 'fc':
        return bool(np.array_equal(got, want))
    if want.dtype.kind == 'c':           # each part, within tol of the modulus when finite
        with np.errstate(all='ignore'):
            mod = np.abs(want.astype(np.complex128))
        return all(_same_parts(g, w, tol, mod) for g, w in ((got.real, want.real),
                                                             (got.imag, want.imag)))
    return _same_parts(got, want, tol, None)


def _same_parts(got, want, tol, mod):
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    with np.errstate(all='ignore'):
        mag = np.abs(w) if mod is None else np.where(np.isfinite(mod), mod, np.abs(w))
        ok = (g == w) | (np.isnan(g) & np.isnan(w))
        if tol:
            ok |= np.isfinite(w) & (np.abs(g - w) <= tol * np.maximum(1.0, mag))
    return bool(ok.all())


def probe_cupy(case, host, ref, names):
    """Says whether CuPy still rejects a kernel listed in NUMPY_REFERENCE."""
    try:
        got = run_cupy(case, host)
    except Exception as e:  # the expected outcome for an extension
        return f'cupy rejects it ({type(e).__name__}: {str(e).strip().splitlines()[0][:80]})'
    if all(same(got[n], ref[n], case.tol) for n in names):
        return 'NOTE: cupy accepts it and agrees with the reference'
    return 'cupy accepts it and differs from the reference (fix)'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--dry-run', action='store_true',
                    help='no CuPy: parse, build host arguments, run numpy references')
    ap.add_argument('--numpy', action='store_true',
                    help='no CuPy: @cupy.fuse cases computed by NumPy (see _NumpyFuse)')
    ap.add_argument('--only', default='', help='comma-separated test names')
    ap.add_argument('--regen-inputs', action='store_true',
                    help='rewrite tests/e2e/data/ from the # input: lines')
    ap.add_argument('--out', default=EXPECTED, help='folder for the expected .npy files')
    ap.add_argument('-v', '--verbose', action='store_true', help='tracebacks')
    opts = ap.parse_args()
    if not opts.dry_run and not opts.numpy:
        import cupy
        global XP
        XP = cupy

    ok = bad = 0
    failures = []
    for path, name, prefix, err in discover(opts.only):
        label = prefix + name
        try:
            if err:
                raise TestError(err)
            case = (CuCase if path.endswith('.cu') else Case)(path, name, prefix + name)
            host = build_host_args(case, opts.regen_inputs)
            names = checked_names(case, host)
            if name in NUMPY_REFERENCE:
                how = 'numpy reference (' + NUMPY_REFERENCE[name][0] + ')'
                res = run_reference(case, host)
                if not opts.dry_run:
                    how += '; ' + probe_cupy(case, host, res, names)
            elif opts.numpy:
                how = 'numpy in place of cupy'
                res = run_numpy_fuse(case, host)
            elif opts.dry_run:
                how = 'parsed (dry run)'
                res = None
            else:
                how = 'cupy'
                res = run_cupy(case, host)
            if res is not None:
                os.makedirs(opts.out, exist_ok=True)
                for n in names:
                    np.save(os.path.join(opts.out, f'{case.prefix}.{n}.npy'),
                            np.array(res[n], order="C", copy=True), allow_pickle=False)
            ok += 1
            print(f'ok   {label}: {how}; checks {" ".join(names)}', flush=True)
        except Exception as e:  # one failing test must not stop the others
            bad += 1
            msg = str(e).strip().split('\n')
            failures.append(label)
            print(f'FAIL {label}: {type(e).__name__}: {msg[0]}', flush=True)
            if opts.verbose or not isinstance(e, TestError):
                for line in msg[1:40]:
                    print('     ' + line)
                if opts.verbose:
                    traceback.print_exc()
    print(f'{ok} ok, {bad} failed' + (f': {" ".join(failures)}' if failures else ''))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
