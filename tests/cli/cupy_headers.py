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
6. Every header served, included twice, from a .cu file, RawKernel code, an
   ElementwiseKernel's and a ReductionKernel's preamble, with code that uses what they
   define (float16/bfloat16 arithmetic and atomicAdd, complex<float> functions, xsf's
   special functions: values checked on the CPU backend), and each alone, twice, in a
   form's preamble (float16 is CuPy's class there, as in CuPy).

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
# CuPy 14.2's headers that pykc does not serve (runtime/cupy/README.md): xsf's others,
# thrust's internals among the complex sources, CuPy's bundled Jitify and DLPack
NOT_SERVED = ['cupy/xsf/gamma.h', 'cupy/xsf/cephes/airy.h', 'cupy/complex/math_private.h',
              'cupy/complex/namespace.h', 'cupy/_jitify/jitify.hpp', 'cupy/_dlpack/dlpack.h']


def each_header():
    served = sorted('cupy/' + f for f in os.listdir(os.path.join(ROOT, 'runtime', 'cupy'))
                    if f.endswith(('.cuh', '.h')))
    missing = [h for h in served if h not in USES]
    xsf = sorted(os.path.relpath(os.path.join(d, f), os.path.join(ROOT, 'runtime'))
                 for d, _, fs in os.walk(os.path.join(ROOT, 'runtime', 'cupy', 'xsf'))
                 for f in fs if f.endswith('.h'))
    check(set(xsf) == set(XSF_FILES), 'runtime/cupy/xsf/ is not XSF_FILES: '
          f'{sorted(set(xsf) ^ set(XSF_FILES))}')
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


# ---------------------------------------------------------------- 6. headers included twice

# The headers of CuPy 14.2's include folder that pykc serves (`git ls-tree v14.2.0
# cupy/_core/include`): its own, thrust's complex sources but math_private.h and
# namespace.h, and the xsf headers cupyx.scipy.special includes with what they include
# (runtime/cupy/xsf/). type_dispatcher.cuh (host C++), cuda_workaround.h and structview.cuh,
# which includes it (its std:: names collide with xsf's config.h under NVRTC, in CuPy as
# here), are apart.
COMPLEX_SRC = ['cupy/complex/' + n + '.h' for n in (
    'complex', 'complex_inl', 'arithmetic', 'catrig', 'catrigf', 'ccosh', 'ccoshf', 'cexp',
    'cexpf', 'clog', 'clogf', 'cpow', 'cproj', 'csinh', 'csinhf', 'csqrt', 'csqrtf', 'ctanh',
    'ctanhf')]
XSF_FILES = ['cupy/xsf/' + n + '.h' for n in (
    'config', 'digamma', 'error', 'evalpoly', 'expint', 'lambertw', 'sici', 'trig',
    'wright_bessel', 'cephes/chbevl', 'cephes/const', 'cephes/ellie', 'cephes/ellik',
    'cephes/ellpe', 'cephes/ellpk', 'cephes/gamma', 'cephes/lanczos', 'cephes/polevl',
    'cephes/psi', 'cephes/rgamma', 'cephes/shichi', 'cephes/sici', 'cephes/sindg',
    'cephes/tandg', 'cephes/trig', 'cephes/unity', 'cephes/zeta')]
TOGETHER = (['cupy/complex.cuh', 'cupy/carray.cuh', 'cupy/atomics.cuh', 'cupy/math_constants.h',
             'cupy/cuComplex_bridge.h', 'cupy/float16.cuh', 'cupy/bfloat16.cuh',
             'cupy/unstructured_void.cuh', 'cupy/hip_workaround.cuh']
            + COMPLEX_SRC + XSF_FILES)
TWICE = ''.join(f'#include <{h}>\n' for h in TOGETHER) * 2

# what the kernels compute of v = x[i] (64 values in [0.5, 3.5)): 8 outputs each (raw_want)
USE = r"""
  float16 h = float16(float(v));
  bfloat16 b = bfloat16(float(v));
  complex<float> z(0.0f, float(v));
  o[8 * i] = float(h * h + float16(0.5f));
  o[8 * i + 1] = float(bfloat16(b * b));
  o[8 * i + 2] = abs(exp(z)) + arg(conj(z) * z) + (isinf(CUDART_INF_F) ? 0.0 : 1.0);
  o[8 * i + 3] = xsf::digamma(v + 1.0) - xsf::digamma(v);
  double w = xsf::lambertw(v, 0, 1e-12);
  o[8 * i + 4] = w * exp(w);
  o[8 * i + 5] = xsf::cephes::ellik(v, 0.0) + xsf::cephes::ellie(v, 0.0);
  double si, ci, si2, ci2;
  xsf::sici(v, si, ci);
  xsf::sici(-v, si2, ci2);
  o[8 * i + 6] = si + si2 + xsf::wright_bessel(0.0, 1.0, v) - exp(v);
  complex<double> zs, zc;
  xsf::sici(complex<double>(v, 0.0), zs, zc);
  o[8 * i + 7] = zs.real() - si + _floor_divide(7, 2);
"""


def bf16(a):
    """float32 A rounded to bfloat16 (nearest even), as float32"""
    u = a.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7fff + ((u >> 16) & 1)) >> 16 << 16).astype(np.uint32).view(np.float32)


def raw_want(x):
    f16, f32 = np.float16, np.float32
    h = x.astype(f32).astype(f16).astype(f32)
    b = bf16(x)
    return np.stack([h * h + f32(0.5), bf16(b * b),
                     np.ones_like(x), 1 / x, x, 2 * x, np.zeros_like(x), np.full_like(x, 3.0)],
                    axis=1)


def close(got, want, what):
    """GOT as WANT: to 1e-12, but column 2 (float arithmetic) to float's 1e-6"""
    tol = np.full(want.shape, 1e-12)
    tol[:, 2] = 1e-6
    same = np.abs(got - want) <= tol * np.maximum(1, np.abs(want))
    bad = np.argwhere(~same)[:4]
    check(same.all(), f'{what}: first differences at {bad.tolist()}: '
          f'{[(got[tuple(k)], want[tuple(k)]) for k in bad]}')


def run_cpu(path, what, args, outs):
    st, log = pykc('run', '--cpu', path, '--kernel', 'k', *args,
                   *[a for n, f in outs.items() for a in ('--out', f'{n}={f}')])
    check(st == 0, f'CPU {what}: exit {st}', log)
    return st == 0


def together():
    """Every served header (TOGETHER) included twice, from a .cu file, RawKernel code and an
    ElementwiseKernel's and a ReductionKernel's preamble: NVRTC compiles each (pykc ptx) and
    the CPU backend runs it, its values checked: float16 and bfloat16 arithmetic (through
    float), complex<float> functions, xsf's digamma (its recurrence), lambertw (w e^w = x),
    ellik/ellie (phi at m = 0), sici (Si odd; of a real complex, Si again), wright_bessel
    (e^x at a = 0, b = 1), atomics.cuh's atomicAdd of float16 and bfloat16."""
    x = np.linspace(0.5, 3.5, 64, endpoint=False)
    np.save(os.path.join(TMP, 'x.npy'), x)
    arrays = ['o=zeros:float64:512', 'acc=zeros:float16:1', 'bacc=zeros:uint16:1']
    outs = {n: os.path.join(TMP, f'{n}.npy') for n in ('o', 'acc', 'bacc')}
    atomics = ('  atomicAdd(&acc[0], float16(1.0f));\n'
               '  atomicAdd(reinterpret_cast<bfloat16 *>(&bacc[0]), bfloat16(1.0f));\n')
    code = (TWICE + 'extern "C" __global__ void k(const double *x, double *o, float16 *acc, '
            'unsigned short *bacc, int n) {\n  int i = threadIdx.x;\n  if (i >= n) return;\n'
            '  double v = x[i];\n' + USE + atomics + '}\n')
    form = ("import cupy as cp\nk = cp.ElementwiseKernel('float64 v', 'raw float64 o, "
            "raw float16 acc, raw uint16 bacc', r'''" + USE + atomics + "''', 'k', "
            "preamble=r'''" + TWICE + "''')\n")
    cases = [(write('twice.cu', code), 1, ['--grid', '1', '--block', '64', f'x=@{TMP}/x.npy',
                                           *arrays, 'n=64:int32']),
             (write('twice_raw.py', 'import cupy\nk = cupy.RawKernel(r"""' + code +
                    '""", "k")\n'), 1, ['--grid', '1', '--block', '64', f'x=@{TMP}/x.npy',
                                        *arrays, 'n=64:int32']),
             (write('twice_form.py', form), 1, [f'v=@{TMP}/x.npy', *arrays])]
    for path, entries, args in cases:
        name = os.path.basename(path)
        ptx(path, 'k', entries)
        if run_cpu(path, name, args, outs):
            close(np.load(outs['o']).reshape(64, 8), raw_want(x), f'CPU {name} values')
            acc, bacc = np.load(outs['acc']), np.load(outs['bacc'])
            check(float(acc[0]) == 64 and int(bacc[0]) == 0x4280,
                  f'CPU {name}: atomicAdd {acc} {bacc}, want 64 and bfloat16 64 (0x4280)')
    red = write('twice_red.py', "import cupy as cp\nk = cp.ReductionKernel('float64 v', "
                "'float64 y', 'm(v)', 'a + b', 'y = a', '0', 'k', preamble=r'''" + TWICE +
                "__device__ double m(double v) {\n  return float(float16(float(v)) * "
                "float16(2.0f)) + xsf::digamma(v + 1.0) - xsf::digamma(v) - 1.0 / v +\n"
                "         abs(exp(complex<float>(0, v)));\n}\n''')\n")
    ptx(red, 'k', 1)
    st, log = pykc('run', '--cpu', red, '--kernel', 'k', f'v=@{TMP}/x.npy', '--print', 'y')
    h = x.astype(np.float32).astype(np.float16).astype(np.float64)
    want = np.sum(2 * h + 1.0)
    got = re.search(r'y = ([-0-9.e+]+)', log)
    check(st == 0 and got and abs(float(got.group(1)) - want) < 1e-6 * want,
          f'CPU twice_red.py: exit {st}, want y = {want}', log)


def each_in_form():
    """Each served header alone, twice, in an ElementwiseKernel's preamble with float16
    values (CuPy's float16 class there, as in CuPy), and cuda_workaround.h with its
    std::numeric_limits: NVRTC compiles it, and the CPU backend gives y = 2x (but for xsf's
    headers, whose compile is slow there: together() has them; the ones cupyx.scipy.special
    includes, and config.h: the others need config.h before them, in CuPy too)."""
    xsf = ['cupy/xsf/' + n + '.h' for n in ('config', 'digamma', 'sici', 'lambertw',
                                            'wright_bessel', 'cephes/ellik', 'cephes/ellie')]
    for h in TOGETHER[:9] + ['cupy/cuda_workaround.h', 'cupy/structview.cuh'] + \
            COMPLEX_SRC[:2] + xsf:
        use = '0' if h != 'cupy/cuda_workaround.h' else \
            'std::numeric_limits<float>::max() > 0 ? 0 : 1'
        path = write('each.py', "import cupy as cp\nk = cp.ElementwiseKernel('float16 x', "
                     f"'float16 y', 'y = x * float16(2.0f) + float16({use})', 'k', "
                     f"preamble='#include <{h}>\\n#include <{h}>\\n')\n")
        ptx(path, 'k', 2)
        if h.startswith('cupy/xsf/'):
            continue
        st, log = pykc('run', '--cpu', path, '--kernel', 'k', 'x=arange:float16:4',
                       '--print', 'y')
        check(st == 0 and 'y = [0. 2. 4. 6.]' in log, f'CPU form preamble {h}: exit {st}', log)


mdspan()
together()
each_in_form()
form_preamble()
core_headers()
each_header()
float16_model()
print(f'{cases} cases, {len(fails)} failures')
sys.exit(1 if fails else 0)
