# run: --kernel ellipj u=@real_ellipj.u.npy m=@real_ellipj.m.npy
# check: sn cn dn ph tol=1e-13
# input: u = np.array([0.3, -1.2, 2.5, 0.0, 4.0, -0.7, 1.1, 3.3, 0.9, -2.0])
# input: m = np.array([0.5, 0.99, 1e-10, 0.3, 0.99999999999, -0.1, 1.5, 0.75, 0.0, 0.2])
# A published program (Jacobi elliptic functions sn, cn, dn and the amplitude, after
# Cephes' ellpj): four float64 outputs allocated, a preamble defining NPY_NAN through a
# __device__ static function reading a union, #define'd constants, `return` from the
# operation for special cases, a `goto done` out of a while loop, a do-while on --j, local
# double arrays.
import numpy as np
import cupy as cp

ellipj = cp.ElementwiseKernel('float64 u, float64 m', 'float64 sn, float64 cn, float64 dn, float64 ph',
                              '''
        double ai, b, phi, t, twon, dnfac;
        double a[9], c[9];
        int j;

        /* Check for special cases */
        if (m < 0.0 || m > 1.0) {
            sn = NPY_NAN;
            cn = NPY_NAN;
            ph = NPY_NAN;
            dn = NPY_NAN;
            return;
        }
        if (m < 1.0e-9) {
            t = sin(u);
            b = cos(u);
            ai = 0.25 * m * (u - t * b);
            sn = t - ai * b;
            cn = b + ai * t;
            ph = u - ai;
            dn = 1.0 - 0.5 * m * t * t;
            return;
        }
        if (m >= 0.9999999999) {
            ai = 0.25 * (1.0 - m);
            b = cosh(u);
            t = tanh(u);
            phi = 1.0 / b;
            twon = b * sinh(u);
            sn = t + ai * (twon - u) / (b * b);
            ph = 2.0 * atan(exp(u)) - NPY_PI_2 + ai * (twon - u) / b;
            ai *= t * phi;
            cn = phi - ai * (twon - u);
            dn = phi + ai * (twon + u);
            return;
        }

        /* A. G. M. scale. See DLMF 22.20(ii) */
        a[0] = 1.0;
        b = sqrt(1.0 - m);
        c[0] = sqrt(m);
        twon = 1.0;
        j = 0;

        while (fabs(c[j] / a[j]) > MACHEP) {
            if (j > 7) {
                goto done;
            }
            ai = a[j];
            ++j;
            c[j] = (ai - b) / 2.0;
            t = sqrt(ai * b);
            a[j] = (ai + b) / 2.0;
            b = t;
            twon *= 2.0;
        }

    done:
        /* backward recurrence */
        phi = twon * a[j] * u;
        do {
            t = c[j] * sin(phi) / a[j];
            b = phi;
            phi = (asin(t) + phi) / 2.0;
        }
        while (--j);

        sn = sin(phi);
        t = cos(phi);
        cn = t;
        dnfac = cos(phi - b);
        /* See discussion after DLMF 22.20.5 */
        if (fabs(dnfac) < 0.1) {
            dn = sqrt(1 - m*(sn)*(sn));
        }
        else {
            dn = t / dnfac;
        }
        ph = phi;
        return;
    ''',
                              preamble='''
    __device__ static float nanf(void) {
        const union { int i; float f;} bint = {0x7fc00000UL};
        return bint.f;
    }

    #define NPY_PI_2      1.570796326794896619231321691639751442  /* pi/2 */
    #define NPY_NAN  ((double) nanf())
    #define MACHEP   1.11022302462515654042E-16
    ''',
                              name="jacobi_elliptic_trig")
