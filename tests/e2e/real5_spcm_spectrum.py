# run: --kernel CudaKernelFFTToSpectrum --grid 1 --block 1024 pcompSource=@real5_spcm_spectrum.pcompSource.npy pfDest=zeros:float32:1025
# check: pfDest tol=1e-6
# input: pcompSource = (rng.standard_normal(2048) + 1j * rng.standard_normal(2048)).astype(np.complex64)
# Source: github.com/SpectrumInstrumentation/spcm, src/examples/1_acquisition/
# 5_acq_single-cudafft.py (a digitizer example: an FFT of the acquired signal on a CUDA
# GPU): its CudaKernelFFTToSpectrum RawKernel unchanged (translate_cucomplex=True,
# complex<float> without an #include): sqrt of a float sum of products of real() and
# imag(), launched with num_fft_samples // 1024 blocks (so the last bin stays 0).
import cupy


CupyKernelFFTToSpectrum = cupy.RawKernel(r'''
        extern "C" __global__
        void CudaKernelFFTToSpectrum (const complex<float>* pcompSource, float* pfDest) {
            int i = blockDim.x * blockIdx.x + threadIdx.x;
            pfDest[i] = sqrt (pcompSource[i].real() * pcompSource[i].real() + pcompSource[i].imag() * pcompSource[i].imag());
        }
        ''', 'CudaKernelFFTToSpectrum', translate_cucomplex=True)
