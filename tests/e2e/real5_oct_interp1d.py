# run: --kernel interp1d --grid 8,8 --block 16,16 NAlines=5:int64 NSamples=40:int64 x=@real5_oct_interp1d.x.npy xp=@real5_oct_interp1d.xp.npy y=@real5_oct_interp1d.y.npy indice1=@real5_oct_interp1d.indice1.npy indice2=@real5_oct_interp1d.indice2.npy yp=zeros:float32:200
# check: yp tol=1e-5
# input: x = np.sort(rng.random(40)).astype(np.float32)
# input: xp = np.linspace(0.05, 0.95, 40).astype(np.float32)
# input: y = rng.standard_normal(200).astype(np.float32)
# input: indice1 = np.arange(40).astype(np.uint16) // 2 * 2
# input: indice2 = (np.arange(40).astype(np.uint16) // 2 * 2 + 1)
# Modelled on a published optical coherence tomography acquisition program (a PyQt
# GPUThread doing k-space resampling before the FFT): its interp1d RawKernel unchanged,
# launched as cudaFFT launches it, an (8,8) grid of (16,16) blocks flattened to a thread
# id, `long long` sizes given Python ints, unsigned short index tables, a long long loop
# index, float interpolation with a 0.00001 guard.
import cupy


interp_kernel = cupy.RawKernel(r'''
            extern "C" __global__
            void interp1d(long long NAlines, long long NSamples, float* x, float* xp, float* y, unsigned short* indice1, unsigned short* indice2, float* yp){
                const int blockID = blockIdx.x + blockIdx.y * gridDim.x;
                const int threadID = blockID * (blockDim.x * blockDim.y) + threadIdx.y * blockDim.x + threadIdx.x;
                const int numThreads = blockDim.x * blockDim.y * gridDim.x * gridDim.y;
                
                long long int i;
                for(i=threadID; i<NAlines * NSamples; i += numThreads){
                        int sampx = i%NSamples;
                        long long int sampy0 = i / NSamples * NSamples;
                        float xt = xp[sampx];
                        float x0 = x[indice1[sampx]];
                        float x1 = x[indice2[sampx]];
                        float y0 = y[sampy0+indice1[sampx]];
                        float y1 = y[sampy0+indice2[sampx]];
                        //if (i==0){
                        //        printf("sampx is %d, sampy0 is %llu\n",sampx, sampy0);
                         //       printf("indice1 is %hu, indice2 is %hu\n", indice1[sampx], indice2[sampx]);    
                        //        printf("xt: %.5f, x0: %.5f, x1: %.5f, y0: %.5f, y1: %.5f\n",xt,x0,x1,y0,y1);
                        //        }
                        yp[i] = (y0+(xt-x0)*(y1-y0)/(x1-x0+0.00001));
                        
                        }
                }
            ''','interp1d')
