# run: --kernel CudaKernelScale --grid 2 --block 1024 anSource=@real5_spcm_scale.anSource.npy afDest=zeros:float32:2048 dFactor=3.0518509475997192e-05:float64
# check: afDest tol=1e-6
# input: anSource = rng.integers(-32768, 32767, 2048).astype(np.int16)
# Source: github.com/SpectrumInstrumentation/spcm, src/examples/1_acquisition/
# 5_acq_single-cudafft.py (a digitizer example: an FFT of the acquired signal on a CUDA
# GPU): its CudaKernelScale RawKernel unchanged, launched as the example does
# (num_samples // 1024 blocks of 1024): int16 samples cast to float and scaled by a double
# factor, (amplitude_mV / 1000) / max_value a Python float (CuPy passes a double).
import cupy


CupyKernelConvertSignalToVolt = cupy.RawKernel(r'''
        extern "C" __global__
        void CudaKernelScale(const short* anSource, float* afDest, double dFactor) {
            int i = blockDim.x * blockIdx.x + threadIdx.x;
            afDest[i] = ((float)anSource[i]) * dFactor;
        }
        ''', 'CudaKernelScale')
