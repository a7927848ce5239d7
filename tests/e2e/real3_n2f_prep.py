# run: --kernel _cli_pre_infer_n2f_kernel ref_=@real3_n2f_prep.ref_.npy sec_=@real3_n2f_prep.sec_.npy nlines=5:int32 width=7:int32 out=zeros:float32:1x2x5x7 mask=zeros:bool:5x7 --size 35
# check: out mask tol=1e-6
# input: ref_ = np.where(rng.random((5, 7)) < 0.2, np.nan, rng.standard_normal((5, 7)) + 1j * rng.standard_normal((5, 7))).astype(np.complex64)
# input: sec_ = (rng.standard_normal((5, 7)) + 1j * rng.standard_normal((5, 7))).astype(np.complex64)
# Source: github.com/kanglcn/moraine, moraine/cli/dl.py (interferogram preparation for
# Noise2Fringe): unchanged, out of its `if is_cuda_available():` block. Raw complex64
# inputs, `return` from the loop body past npixels, `T intf_i = ref_[i]*conj(sec_[i])`,
# isnan of `.real()`, float abs of a complex, raw float32/bool outputs written at `i` and
# `npixels+i`, reduce_dims=False, no_return=True, called with size= and block_size=128.
import cupy as cp

_cli_pre_infer_n2f_kernel = cp.ElementwiseKernel(
        'raw T ref_, raw T sec_, int32 nlines, int32 width',
        'raw float32 out, raw bool mask',
        '''
        int npixels = nlines*width;
        if (i >= npixels) return;

        T intf_i = ref_[i]*conj(sec_[i]);
        if (isnan(intf_i.real())){
            mask[i] = true;
        }
        else{
            mask[i] = false;
            float amp = abs(intf_i);
            out[i] = intf_i.real()/amp;
            out[npixels+i] = intf_i.imag()/amp;
        }
        ''',
        #preamble = '#include "curand.h"',
        # I do not find an easy way to generate random number with cupy kernel
        name = 'cli_pre_infer_n2f_kernel',reduce_dims=False,no_return=True)


def _cli_pre_infer_n2f_cp(ref,sec):
    nlines, width = ref.shape
    out = cp.empty((1,2,nlines,width),dtype=cp.float32)
    mask = cp.empty((nlines,width),dtype=bool)
    _cli_pre_infer_n2f_kernel(ref,sec,cp.int32(nlines),cp.int32(width),out,mask,size=nlines*width,block_size=128)
    return out, mask
