# tests/e2e/real_cdot_widen.py as the program writes it: f-strings of the dtype names and
# the accumulator's C type; tests/cli/str_fold.sh checks pykc computes the e2e case's text.
import cupy

IN = 'complex64'
ACC = 'complex128'
CT = 'complex<double>'
dot_kernel = cupy.ReductionKernel(
        f"{IN} x, {IN} y",
        f"{ACC} z",
        # Widen before multiplication, not just when reducing the product.
        # A complex64 product can lose bits or overflow before a complex128
        # accumulator sees it; casts here require no widened device vectors.
        f"conj(({CT})x) * ({CT})y",
        "a + b",
        "z = a",
        "0",
        f"pyceles_dot_{IN}_accum_{ACC}",
        reduce_type=CT,
    )
