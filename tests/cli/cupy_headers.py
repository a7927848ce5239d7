"""CuPy's device headers in raw code (runtime/cupy/README.md), through NVRTC (`pykc ptx`, no
GPU needed) and the CPU backend (`pykc run --cpu`); tests/cli/cupy_headers.sh runs it.

1. CuPy 14.2's own kernels of tests/cupy_tests/core_tests/test_mdspan.py (its
   make_kernel_code and code_verify_with_validation, copied below: cuda::std::mdspan with
   <cupy/float16.cuh> and <cupy/complex.cuh>) as RawModule calls with CuPy's options and
   name expressions: every layout and rank compiles (float16 and complex<double>
   instances), each name expression an entry (the validation kernel's static_assert on
   the mdspan's size holds for all 14 types); on the CPU backend (the Python package)
   <cuda/std/mdspan> is an error naming it.
2. test_core.py's TestCuPyHeaders: the four headers of every kernel form
   (core._cupy_header_list) and an empty kernel, without options and with --std=c++17,
   on both backends.
3. Each header of CuPy's include folder alone, on both backends: what CuPy serves compiles
   (type_dispatcher.cuh is host C++: NVRTC cannot open <stdexcept>, in CuPy too; the CPU
   backend's host compiler takes it); a header pykc does not serve (cupy/xsf/, cupy/complex/)
   is NVRTC's "cannot open source file" and, on the CPU, an error naming it.
4. tests/e2e/cu_cupy_float16.cu (whose CuPy outputs tests/e2e compares) on the CPU
   backend against a NumPy model of CuPy's float16 class: arithmetic in float32 rounded
   once to float16, min/max as fminf/fmaxf, nextafter NaN for an infinite x (CuPy's).
5. A kernel form's preamble that includes complex.cuh, carray.cuh and math_constants.h.

usage: python3 cupy_headers.py PYKC TMPDIR     (prints one line per failure, then a summary)
"""
import os
import re
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYKC, TMP = sys.argv[1], sys.argv[2]
fails = []
cases = 0


def pykc(*words):
    r = subprocess.run([PYKC, *words], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def check(ok, what, out=''):
    global cases
    cases += 1
    if not ok:
        fails.append(what)
        print(f'FAIL {what}\n  ' + '\n  '.join(out.strip().splitlines()[:8]))


def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, 'w') as f:
        f.write(text)
    return path


def ptx(path, kernel, want):
    """pykc ptx of PATH's call naming KERNEL: WANT entries (0: must fail)."""
    out = path + '.ptx'
    st, log = pykc('ptx', path, '--kernel', kernel, '-o', out)
    if not want:
        return st, log
    n = len(re.findall(r'\.entry ', open(out).read())) if st == 0 else -1
    check(st == 0 and n == want, f'NVRTC {os.path.basename(path)}: exit {st}, {n} entries '
          f'(want {want})', log)
    return st, log


# ---------------------------------------------------------------- 1. test_mdspan.py
# CuPy 14.2's tests/cupy_tests/core_tests/test_mdspan.py (MIT, Preferred Networks): its
# kernel texts, copied as they are there.

def make_kernel_code(kernel_name, ndim, layout='layout_stride'):
    """Generate mdspan kernel code with specified dimensionality and layout.

    Args:
        kernel_name: Name of the kernel function
        ndim: Number of dimensions (0, 1, 2, or 3)
        layout: Layout policy ('layout_stride', 'layout_right', 'layout_left')
    """
    # Common header
    code = r"""
#include <cuda/std/mdspan>
#include <cupy/float16.cuh>
#include <cupy/complex.cuh>

template<typename T, typename IndexType>
__global__ void {kernel_name}(
    cuda::std::mdspan<
        T,
        cuda::std::extents<{extents}>,
        cuda::std::{layout}> arr_in,
    cuda::std::mdspan<
        T,
        cuda::std::extents<{extents}>,
        cuda::std::{layout}> arr_out
) {{
{body}
}}
"""  # noqa: E501

    # Build extents based on dimensionality
    dyn_ext = ["cuda::std::dynamic_extent"] * ndim
    extents = "IndexType," + ",".join(dyn_ext)
    if ndim == 0:
        body = r"""
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        arr_out() = arr_in() + T(1);
    }"""
    elif ndim == 1:
        body = r"""
    for (IndexType i = blockIdx.x * (IndexType)blockDim.x + threadIdx.x;
         i < arr_in.extent(0);
         i += gridDim.x * blockDim.x) {
        arr_out(i) = arr_in(i) + T(1);
    }"""
    elif ndim == 2:
        body = r"""
    for (IndexType i = blockIdx.x * (IndexType)blockDim.x + threadIdx.x;
         i < arr_in.extent(0);
         i += gridDim.x * blockDim.x) {
        for (IndexType j = blockIdx.y * (IndexType)blockDim.y + threadIdx.y;
             j < arr_in.extent(1);
             j += gridDim.y * blockDim.y) {
            arr_out(i, j) = arr_in(i, j) + T(1);
        }
    }"""
    elif ndim == 3:
        body = r"""
    for (IndexType i = blockIdx.x * (IndexType)blockDim.x + threadIdx.x;
         i < arr_in.extent(0);
         i += gridDim.x * blockDim.x) {
        for (IndexType j = blockIdx.y * (IndexType)blockDim.y + threadIdx.y;
             j < arr_in.extent(1);
             j += gridDim.y * blockDim.y) {
            for (IndexType k = blockIdx.z * (IndexType)blockDim.z + threadIdx.z;
                 k < arr_in.extent(2);
                 k += gridDim.z * blockDim.z) {
                arr_out(i, j, k) = arr_in(i, j, k) + T(1);
            }
        }
    }"""  # noqa: E501
    else:
        raise ValueError(f"Unsupported dimensionality: {ndim}")

    return code.format(
        kernel_name=kernel_name,
        extents=extents,
        layout=layout,
        body=body
    )


# Kernel with compile-time size validation
code_verify_with_validation = r"""
#include <cuda/std/mdspan>
#include <cupy/float16.cuh>
#include <cupy/complex.cuh>

template<typename T, typename IndexType>
__global__ void verify_mdspan_with_size_check(
    cuda::std::mdspan<
        T,
        cuda::std::extents<
            IndexType,
            cuda::std::dynamic_extent,
            cuda::std::dynamic_extent>,
        cuda::std::layout_stride> arr_in,
    cuda::std::mdspan<
        T,
        cuda::std::extents<
            IndexType,
            cuda::std::dynamic_extent,
            cuda::std::dynamic_extent>,
        cuda::std::layout_stride> arr_out
) {
    // Compile-time validation of mdspan size
    using mdspan_t = decltype(arr_in);
    static_assert(sizeof(mdspan_t) == sizeof(void*) + 4*sizeof(IndexType),
                  "mdspan size does not match expected layout!");

    // Verify all extents are dynamic
    static_assert(mdspan_t::rank_dynamic() == mdspan_t::rank(),
                  "mdspan must have all dynamic extents!");

    for (IndexType i = blockIdx.x * (IndexType)blockDim.x + threadIdx.x;
         i < arr_in.extent(0);
         i += gridDim.x * blockDim.x) {
        for (IndexType j = blockIdx.y * (IndexType)blockDim.y + threadIdx.y;
             j < arr_in.extent(1);
             j += gridDim.y * blockDim.y) {
            arr_out(i, j) = arr_in(i, j);  // copy
        }
    }
}
"""  # noqa: E501


# get_typename of ALL_TYPE_CHARS '?bhilqBHILQefdFD' (cupy/_core/_scalar.pyx), once each
TYPES = ['bool', 'signed char', 'short', 'int', 'long long', 'unsigned char', 'unsigned short',
         'unsigned int', 'unsigned long long', 'float16', 'float', 'double',
         'thrust::complex<float>', 'thrust::complex<double>']
INDEX = ['int', 'long long']


def raw_module(name, code, exprs, options="('--std=c++17',)"):
    return write(name, f'import cupy\nmod = cupy.RawModule(code=r"""{code}""", '
                       f'options={options}, name_expressions={exprs!r})\n')


def mdspan():
    # the 12 modules of make_kernel_module's (layout, rank) in one (NVRTC reads libcu++'s
    # mdspan once; the headers' guards and #pragma once keep one copy): two instances each
    code, exprs = '', []
    for layout in ('layout_stride', 'layout_right', 'layout_left'):
        for ndim in range(4):
            k = f'verify_mdspan_{layout}_{ndim}d'
            code += make_kernel_code(k, ndim, layout)
            exprs += [f'{k}<float16, int>', f'{k}<thrust::complex<double>, long long>']
    ptx(raw_module('mdspan.py', code, exprs), exprs[0], len(exprs))
    exprs = [f'verify_mdspan_with_size_check<{t}, {i}>' for t in TYPES for i in INDEX]
    path = raw_module('valid.py', code_verify_with_validation, exprs)
    ptx(path, exprs[0], len(exprs))
    # the Python package on the CPU backend: the module's compile names the header
    os.environ['PYKC_CPU'] = '1'
    sys.path.insert(0, os.path.join(ROOT, 'python'))
    import pykc as pk
    try:
        pk.RawModule(code=code_verify_with_validation, options=('--std=c++17',),
                     name_expressions=exprs[:2]).compile()
        check(False, 'CPU mdspan: compiled')
    except pk.CompileError as e:
        check("<cuda/std/mdspan> is CUDA's: the CPU backend does not have it" in str(e),
              'CPU mdspan: want the error naming <cuda/std/mdspan>', str(e))


# ---------------------------------------------------------------- 2. test_core.py

CORE = ['cupy/complex.cuh', 'cupy/carray.cuh', 'cupy/atomics.cuh', 'cupy/math_constants.h']


def core_headers():
    header = '\n'.join('#include <' + h + '>' for h in CORE)
    for opts in ('()', "('--std=c++17',)"):
        path = write('core.py', 'import cupy\ncode = r"""' + header + r'''
        extern "C" __global__ void _test_ker_() { }
        """
ker = cupy.RawKernel(code, '_test_ker_', options=''' + opts + ", backend='nvrtc')\n")
        ptx(path, '_test_ker_', 1)
        st, log = pykc('run', '--cpu', path, '--kernel', '_test_ker_', '--grid', '1',
                       '--block', '1')
        check(st == 0, f'CPU test_core headers, options {opts}: exit {st}', log)


# ---------------------------------------------------------------- 3. each header

# a use of each header's names (none: it compiles)
USES = {
    'cupy/complex.cuh': 'complex<float> z(1, 2); o[0] = abs(z * conj(z));',
    'cupy/carray.cuh': 'CArray<float, 1, true> a(o, {4}); a[1] = _floor_divide(-7, 2) + M_PI;',
    'cupy/atomics.cuh': 'atomicMax(o, 2.0f); atomicAdd((long long *)(o + 2), 3LL);',
    'cupy/math_constants.h': 'o[0] = CUDART_INF_F; o[1] = CUDART_NAN;',
    'cupy/cuComplex_bridge.h': 'cuFloatComplex z = make_cuFloatComplex(1, 2); o[0] = cuCabsf(z);',
    'cupy/float16.cuh': 'float16 h(2.5f); h += 1; o[0] = h * h + isnan(h) + h.to_bits();',
    'cupy/bfloat16.cuh': 'bfloat16 b(2.5f); o[0] = b * b + isinf(b) + nextafter(b, b);',
    'cupy/structview.cuh': 'cupy::StructView<cupy::raw_structview_storage<8, 4>, '
                           'cupy::Field<int, 0>, cupy::Field<float, 4>> s(3); o[0] = s.at<1>();',
    'cupy/unstructured_void.cuh': 'cupy::UnstructuredVoid<4> v(1.5f); o[0] = v.data[3];',
    'cupy/cuda_workaround.h': '',
    'cupy/hip_workaround.cuh': '',
    'cupy/type_dispatcher.cuh': 'o[0] = CUPY_TYPE_BOOL;',
}
NOT_SERVED = ['cupy/xsf/gamma.h', 'cupy/complex/complex.h']


def each_header():
    served = sorted('cupy/' + f for f in os.listdir(os.path.join(ROOT, 'runtime', 'cupy'))
                    if f.endswith(('.cuh', '.h')))
    missing = [h for h in served if h not in USES]
    check(not missing, f'runtime/cupy/ headers without a case here: {missing}')
    for h, use in USES.items():
        path = write('h_' + re.sub(r'\W', '_', h) + '.cu', f'#include <{h}>\nextern "C" '
                     f'__global__ void k(float *o) {{ {use} }}\n')
        if h == 'cupy/type_dispatcher.cuh':
            st, log = ptx(path, 'k', 0)
            check(st != 0 and 'cannot open source file "stdexcept"' in log,
                  f'NVRTC {h}: exit {st}, want NVRTC\'s "cannot open" of <stdexcept>', log)
        else:
            ptx(path, 'k', 1)
        st, log = pykc('run', '--cpu', path, '--kernel', 'k', '--grid', '1', '--block', '1',
                       'o=zeros:float32:4')
        check(st == 0, f'CPU {h}: exit {st}', log)
    for h in NOT_SERVED:
        path = write('n.cu', f'#include <{h}>\nextern "C" __global__ void k(float *o) {{ }}\n')
        st, log = ptx(path, 'k', 0)
        check(st != 0 and f'cannot open source file "{h}"' in log, f'NVRTC {h}: exit {st}', log)
        st, log = pykc('run', '--cpu', path, '--kernel', 'k', '--grid', '1', '--block', '1',
                       'o=zeros:float32:1')
        check(st != 0 and f"<{h}> is one of CuPy's headers that pykc does not serve" in log,
              f'CPU {h}: exit {st}', log)


# ---------------------------------------------------------------- 4. float16's arithmetic

def float16_model():
    path = os.path.join(ROOT, 'tests', 'e2e', 'cu_cupy_float16.cu')
    x = np.load(os.path.join(ROOT, 'tests', 'e2e', 'data', 'cu_cupy_float16.x.npy'))
    run = open(path).readline().split('run:')[1].split()
    words = [w.replace('@', '@' + os.path.join(ROOT, 'tests', 'e2e', 'data') + '/', 1) for w in run]
    out = {n: os.path.join(TMP, n + '.npy') for n in ('y', 'z', 'flags', 'acc')}
    st, log = pykc('run', '--cpu', path, *words, *[a for n, f in out.items() for a in
                                                    ('--out', f'{n}={f}')])
    check(st == 0, f'CPU cu_cupy_float16: exit {st}', log)
    if st:
        return
    y = np.load(out['y']).reshape(64, 18)
    f, h = np.float32, np.float16
    a, b = x, np.roll(x, -7)
    with np.errstate(all='ignore'):
        fa, fb = a.astype(f), b.astype(f)
        inf_x = ~np.isfinite(a)
        nxt = np.where(inf_x | np.isnan(b), h(np.nan), np.nextafter(a, b))
        want = [(fa * fb).astype(h), (fa + fb).astype(h), (fa / fb).astype(h),
                ((fa + 1).astype(h).astype(f) * fb).astype(h), np.fmin(a, b), np.fmax(a, b),
                np.fmin(a, b), np.fmax(a, b), np.copysign(a, b), nxt, -a,
                (a.astype(np.float64) * 0.1).astype(h), (np.arange(64) - 32).astype(h),
                (np.arange(64) * 1000).astype(h), (np.arange(64) * 3).astype(h),
                (a < b).astype(h), a, (fa + 1).astype(h)]
    for k, w in enumerate(want):
        same = (y[:, k] == w) | (np.isnan(y[:, k]) & np.isnan(w))
        check(same.all(), f'float16 class, output {k}: rows {np.nonzero(~same)[0][:6]}: '
              f'{y[~same, k][:6]} want {w[~same][:6]}')
    z = np.load(out['z']).reshape(64, 3)
    with np.errstate(all='ignore'):
        check(((z[:, 1] == fa * fb) | np.isnan(fa * fb)).all(), 'float16 * float16 is float')
    check((np.load(out['acc']) == [64, 32]).all(), f'atomicAdd of float16: {np.load(out["acc"])}')
    flags = np.load(out['flags'])
    nan, inf = np.isnan(a), np.isinf(a)
    bits = nan | inf << 1 | np.isfinite(a) << 2 | np.signbit(a) << 3 | (a == 0) << 4
    want = bits | (bits & 31) << 5
    check((flags == want).all(), f'float16 tests: {flags[flags != want][:6]}, want '
          f'{want[flags != want][:6]}')


# ---------------------------------------------------------------- 5. a form's preamble

def form_preamble():
    """complex.cuh, carray.cuh, math_constants.h in an ElementwiseKernel's preamble (its
    prelude has them already): the same names, both backends."""
    inc = ''.join(f'#include <{h}>\\n' for h in ('cupy/complex.cuh', 'cupy/carray.cuh',
                                                 'cupy/math_constants.h'))
    path = write('form.py', "import cupy as cp\nk = cp.ElementwiseKernel('float32 x', "
                 "'float32 y', 'y = x + isinf(CUDART_INF_F) + (float)abs(complex<float>(0, "
                 f"_floor_divide(7, 2)))', 'k', preamble='{inc}')\n")
    st, log = pykc('ptx', path, '--kernel', 'k', '-o', path + '.ptx')
    check(st == 0 and '.entry ' in open(path + '.ptx').read(), f'NVRTC form preamble: exit {st}',
          log)
    st, log = pykc('run', '--cpu', path, '--kernel', 'k', 'x=arange:float32:4',
                   'y=zeros:float32:4', '--print', 'y')
    check(st == 0 and 'y = [4. 5. 6. 7.]' in log, f'CPU form preamble: exit {st}', log)


mdspan()
form_preamble()
core_headers()
each_header()
float16_model()
print(f'{cases} cases, {len(fails)} failures')
sys.exit(1 if fails else 0)
