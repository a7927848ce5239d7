# run: --kernel CudaKernelToDBFS --grid 1 --block 1024 pfDest=@real5_spcm_dbfs.pfDest.npy pfSource=@real5_spcm_dbfs.pfDest.npy lIR_V=1:int64
# check: pfDest tol=1e-6
# input: pfDest = (rng.random(1025) * 2 + 1e-3).astype(np.float32)
# Source: github.com/SpectrumInstrumentation/spcm, src/examples/1_acquisition/
# 5_acq_single-cudafft.py (a digitizer example: an FFT of the acquired signal on a CUDA
# GPU): its CudaKernelToDBFS RawKernel unchanged, in place: 20. * log10f of a
# float divided by an int (a Python int 1 for int lIR_V), a double product stored to float.
import cupy


CupyKernelSpectrumToDBFS = cupy.RawKernel(r'''
    extern "C" __global__
    void CudaKernelToDBFS (float* pfDest, const float* pfSource, int lIR_V) {
        int i = blockDim.x * blockIdx.x + threadIdx.x;
        pfDest[i] = 20. * log10f (pfSource[i] / lIR_V);
    }
    ''', 'CudaKernelToDBFS')
