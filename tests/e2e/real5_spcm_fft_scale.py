# run: --kernel CudaScaleFFTResult --grid 2 --block 1024 pcompDest=@real5_spcm_fft_scale.pcompDest.npy pcompSource=@real5_spcm_fft_scale.pcompDest.npy lLen=2048:int64
# check: pcompDest tol=1e-6
# input: pcompDest = (rng.standard_normal(2048) * 100 + 1j * rng.standard_normal(2048) * 100).astype(np.complex64)
# Source: github.com/SpectrumInstrumentation/spcm, src/examples/1_acquisition/
# 5_acq_single-cudafft.py (a digitizer example: an FFT of the acquired signal on a CUDA
# GPU): its CudaScaleFFTResult RawKernel unchanged: complex<float> without an
# #include (translate_cucomplex=True makes CuPy include cuComplex_bridge.h, which brings
# CuPy's complex<T>), the real(x) and imag(x) setters, an integer division by
# (lLen / 2 + 1), run in place (the same array for the destination and the source).
import cupy


CupyKernelScaleFFTResult = cupy.RawKernel(r'''
        extern "C" __global__
        void CudaScaleFFTResult (complex<float>* pcompDest, const complex<float>* pcompSource, int lLen) {
            int i = blockDim.x * blockIdx.x + threadIdx.x;
            pcompDest[i].real (pcompSource[i].real() / (lLen / 2 + 1)); // divide by length of signal
            pcompDest[i].imag (pcompSource[i].imag() / (lLen / 2 + 1)); // divide by length of signal
        }
        ''', 'CudaScaleFFTResult', translate_cucomplex=True)
