# run: --kernel _outflow_bc_kernel qc0=@real_outflow_bc.qc0.npy qbcm1=zeros:float64:12 qbcm2=ones:float64:12
# check: qbcm1 qbcm2
# input: qc0 = rng.standard_normal(12)
# A real program (a shallow-water solver's boundary conditions): one input, two outputs,
# two statements.
import cupy

_outflow_bc_kernel = cupy.ElementwiseKernel(
    "T qc0",
    "T qbcm1, T qbcm2",
    """
        qbcm1 = qc0;
        qbcm2 = qc0;
    """,
    "_outflow_bc_kernel"
)
