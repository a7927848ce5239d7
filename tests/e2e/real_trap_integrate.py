# run: --kernel integrate --grid 1,1 --block 16,16,1 x=@real_trap_integrate.x.npy y=@real_trap_integrate.y.npy S_T=6.5:float32 L=6.5:float32 rho=5:float32 m=2:float32 f=20:float32 lamb=0.5:float32 x_0=@real_trap_integrate.x_0.npy y_0=@real_trap_integrate.y_0.npy z_0=@real_trap_integrate.z_0.npy S=@real_trap_integrate.S.npy dx_0=@real_trap_integrate.dx_0.npy dy_0=@real_trap_integrate.dy_0.npy out=zeros:complex64:6x5 dt=0.5:float32 nx=6:int32 ny=5:int32 nt=9:int32
# check: out tol=5e-5
# input: x = np.tile(np.arange(5, dtype=np.float32) - 2, (6, 1))
# input: y = np.repeat(np.arange(6, dtype=np.float32)[:, None] - 2.5, 5, 1)
# input: x_0 = (3 * np.cos(np.linspace(0, 2 * np.pi, 9))).astype(np.float32)
# input: y_0 = (3 * np.sin(np.linspace(0, 2 * np.pi, 9))).astype(np.float32)
# input: z_0 = np.zeros(9, np.float32)
# input: S = np.linspace(0, 6.5, 9).astype(np.float32)
# input: dx_0 = (-3 * np.sin(np.linspace(0, 2 * np.pi, 9))).astype(np.float32)
# input: dy_0 = (3 * np.cos(np.linspace(0, 2 * np.pi, 9))).astype(np.float32)
# A published program (pyfab, holographic optical trapping: the field of a trap drawn
# along a parametric curve, integrated by Simpson's rule): a RawModule built in a method
# (self._mod), CUDA's <cuComplex.h> (cuFloatComplex, cuCaddf, cuCmulf, cuCrealf,
# make_cuFloatComplex with double arguments) over a complex64 output, `extern "C"
# __device__` helpers returning cuFloatComplex, backslash line continuations inside the
# code, powf with an int and a double exponent, a 3-d grid-stride loop nest. (Its base
# class, a relative import, is left out.)
import math
import numpy as np
import cupy as cp


class QCuCustomTrap(object):

    def __init__(self, **kwargs):
        self.block = None
        self.grid = None

        self._mod = cp.RawModule(code=r"""
        #include <cuComplex.h>

        extern "C" __device__
        cuFloatComplex cuCexpf(cuFloatComplex a) {
            cuFloatComplex phase, out;
            float mod;
            
            mod = expf(cuCrealf(a));
            phase = cuCaddf(make_cuFloatComplex(cosf(cuCimagf(a)), 0.), \
                            make_cuFloatComplex(0., sinf(cuCimagf(a))));
            out = cuCmulf(make_cuFloatComplex(mod, 0.), phase);
            return out;
        }

        extern "C" __device__
        cuFloatComplex integrand(int i, int j, int k, int ny, \
                                 const float *x, const float *y, \
                                 float S_T, float L, float rho, float m, \
                                 float f, float lamb, \
                                 float *x_0, float *y_0, float *z_0, \
                                 float *S, float *dx_0, float *dy_0) {

            const float PI = 3.14159265;

            cuFloatComplex temp, intgrnd;
            temp = make_cuFloatComplex((y[i*ny+j] * x_0[k] - x[i*ny+j] * y_0[k]) / (rho*rho), 0.);
            intgrnd = cuCexpf(cuCmulf(make_cuFloatComplex(0., 1.), temp));
            temp = make_cuFloatComplex(2*PI * m * S[k] / S_T, 0.);
            intgrnd = cuCmulf(intgrnd, cuCexpf(cuCmulf(make_cuFloatComplex(0., 1.), temp)));
            temp = make_cuFloatComplex(PI * z_0[k] * \
                                       ((powf(x[i*ny+j] - x_0[k], 2) + \
                                         powf(y[i*ny+j] - y_0[k], 2)) / (lamb*f*f)), 0.);
            intgrnd = cuCmulf(intgrnd, cuCexpf(cuCmulf(make_cuFloatComplex(0., 1.), temp)));
            temp = make_cuFloatComplex(sqrtf(powf(dx_0[k], 2.) + \
                                             powf(dy_0[k], 2)) / L, 0.);
            intgrnd = cuCmulf(intgrnd, temp);

            return intgrnd;
        }

        extern "C" __global__
        void integrate(const float *x, const float *y, \
                       float S_T, float L, float rho, float m, \
                       float f, float lamb, \
                       float *x_0, float *y_0, float *z_0, \
                       float *S, float *dx_0, float *dy_0,
                       cuFloatComplex *out, \
                       float dt, \
                       int nx, int ny, int nt)
        {
            float coeff, sumReal, sumImag, tempReal, tempImag;
            cuFloatComplex intgrnd;

            for (int i = threadIdx.x + blockDim.x * blockIdx.x; \
                 i < nx; i += blockDim.x * gridDim.x) {
                for (int j = threadIdx.y + blockDim.y * blockIdx.y; \
                     j < ny; j += blockDim.y * gridDim.y) {
                    sumReal = 0;
                    sumImag = 0;
                    for (int k = threadIdx.z + blockDim.z * blockIdx.z; \
                         k < nt; k += blockDim.z * gridDim.z) {
                        intgrnd = integrand(i, j, k, ny, x, y, \
                                            S_T, L, rho, m, f, lamb, \
                                            x_0, y_0, z_0, S, dx_0, dy_0);
                        if (k == 0 || k == nt-1) {
                            coeff = 1;
                        }
                        else if (k % 2 == 0) {
                            coeff = 2;
                        }
                        else {
                            coeff = 4;
                        }
                        tempReal = cuCrealf(intgrnd) * coeff;
                        tempImag = cuCimagf(intgrnd) * coeff;
                        sumReal += tempReal;
                        sumImag += tempImag;
                    }
                    sumReal *= dt/3;
                    sumImag *= dt/3;
                    out[i*ny + j] = make_cuFloatComplex(sumReal, sumImag);
                }
            }
        }
        """)

        self._integrate = self._mod.get_function('integrate')
