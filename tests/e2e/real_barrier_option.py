# run: --kernel barrier_option --grid 2 --block 32 d_s=zeros:float32:64 T=1.0:float32 K=110.0:float32 B=100.0:float32 S0=120.0:float32 sigma=0.35:float32 mu=0.1:float32 r=0.05:float32 d_normals=@real_barrier_option.d_normals.npy N_STEPS=36:int64 N_PATHS=64:int64
# check: d_s tol=1e-5
# input: d_normals = rng.standard_normal(36 * 64).astype(np.float32)
# A real program (an Asian barrier option, Monte Carlo): `const long` parameters from
# Python ints, float/double mixing, exp/sqrt of float, a shadowed loop variable, break.
import cupy

cupy_barrier_option = cupy.RawKernel(r'''
extern "C" __global__ void barrier_option(
    float *d_s,
    const float T,
    const float K,
    const float B,
    const float S0,
    const float sigma,
    const float mu,
    const float r,
    const float * d_normals,
    const long N_STEPS,
    const long N_PATHS)
{
  unsigned idx =  threadIdx.x + blockIdx.x * blockDim.x;
  unsigned stride = blockDim.x * gridDim.x;
  unsigned tid = threadIdx.x;

  const float tmp1 = mu*T/N_STEPS;
  const float tmp2 = exp(-r*T);
  const float tmp3 = sqrt(T/N_STEPS);
  double running_average = 0.0;

  for (unsigned i = idx; i<N_PATHS; i+=stride)
  {
    float s_curr = S0;
    unsigned n=0;
    for(unsigned n = 0; n < N_STEPS; n++){
       s_curr += tmp1 * s_curr + sigma*s_curr*tmp3*d_normals[i + n * N_PATHS];
       running_average += (s_curr - running_average) / (n + 1.0) ;
       if (running_average <= B){
           break;
       }
    }

    float payoff = (running_average>K ? running_average-K : 0.f);
    d_s[i] = tmp2 * payoff;
  }
}

''', 'barrier_option')
