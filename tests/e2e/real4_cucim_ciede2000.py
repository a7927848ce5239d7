# run: --kernel _ciede2000_kernel a1=@real4_cucim_ciede2000.a1.npy b1=@real4_cucim_ciede2000.b1.npy a2=@real4_cucim_ciede2000.a2.npy b2=@real4_cucim_ciede2000.b2.npy L1=@real4_cucim_ciede2000.L1.npy L2=@real4_cucim_ciede2000.L2.npy kL=1 kC=1 kH=2
# check: dE2 tol=2e-5
# input: a1 = rng.uniform(-80, 80, (6, 5)).astype(np.float32)
# input: b1 = rng.uniform(-80, 80, (6, 5)).astype(np.float32)
# input: a2 = (rng.uniform(-80, 80, (6, 5)) * np.array([1, 1, 1, 1, 0])).astype(np.float32)
# input: b2 = (rng.uniform(-80, 80, (6, 5)) * np.array([1, 1, 1, 1, 0])).astype(np.float32)
# input: L1 = rng.uniform(0, 100, (6, 5)).astype(np.float32)
# input: L2 = rng.uniform(0, 100, (6, 5)).astype(np.float32)
# Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/skimage/color/delta_e.py
# (043cf754): the CIEDE2000 colour difference as a module-level ElementwiseKernel on
# float32 Lab channels (placeholder X; the program passes channel views of Lab images)
# with three `float64` weights that the program passes as Python ints (kL=1, kC=1, kH=1;
# kH=2 here): a `double` intermediate from hypot of `(double)` casts, pow(G, 7.0),
# atan2, M_PI, abs of a float, pow(Cbar, (X)7.0), a local variable named T although T is
# no type here, if-chains on the hue angles, and `sqrt(max(dE2, 0.0))` of a float and a
# double. (The last column's second colour is grey: a zero chroma product.)
import cupy as cp

_ciede2000_kernel = cp.ElementwiseKernel(
    "X a1, X b1, X a2, X b2, X L1, X L2, float64 kL, float64 kC, float64 kH",
    "X dE2",
    """
// the chroma-dependent stretch of a, in double
double G = 0.5 * (hypot((double)a1, (double)b1) + hypot((double)a2, (double)b2));
G = pow(G, 7.0);
G = sqrt(G / (G + 6103515625));
X scale = 1.0 + 0.5 * (1.0 - G);

// chroma and hue of both colours in the stretched coordinates
X C1 = hypot(a1 * scale, b1);
X h1 = atan2(b1, a1 * scale);
if (h1 < 0) {
    h1 += 2 * M_PI;
}
X C2 = hypot(a2 * scale, b2);
X h2 = atan2(b2, a2 * scale);
if (h2 < 0) {
    h2 += 2 * M_PI;
}

// lightness
X Lbar = 0.5 * (L1 + L2);
X tmp = Lbar - 50;
tmp *= tmp;
X SL = 1.0 + 0.015 * tmp / sqrt(20.0 + tmp);
X L_term = (L2 - L1) / (kL * SL);

// chroma
X Cbar = 0.5 * (C1 + C2);
X SC = 1.0 + 0.045 * Cbar;
X C_term = (C2 - C1) / (kC * SC);

// hue
X h_diff = h2 - h1;
X h_sum = h1 + h2;
X CC = C1 * C2;
X dH = h_diff;
if (CC == 0.0) {
    dH = 0;
} else {
    if (h_diff > M_PI) {
        dH -= 2 * M_PI;
    }
    if (h_diff < -M_PI) {
        dH += 2 * M_PI;
    }
}
X dH_term = 2 * sqrt(CC) * sin(dH / 2.0);

X Hbar = h_sum;
if (CC != 0.0) {
    if (abs(h_diff) > M_PI) {
        if (h_sum < 2.0 * M_PI) {
            Hbar += 2.0 * M_PI;
        }
        if (h_sum >= 2.0 * M_PI) {
            Hbar -= 2 * M_PI;
        }
    }
}
if (CC == 0.0) {
    Hbar *= 2;
}
Hbar *= 0.5;

X T = 1.0 - 0.17 * cos(Hbar - 30.0 / 180.0 * M_PI)
    + 0.24 * cos(2 * Hbar)
    + 0.32 * cos(3 * Hbar + 6.0 / 180.0 * M_PI)
    - 0.20 * cos(4 * Hbar - 63.0 / 180.0 * M_PI);
X SH = 1 + 0.015 * Cbar * T;
X H_term = dH_term / (kH * SH);

// the rotation term
X c7 = pow(Cbar, (X)7.0);
X Rc = 2.0 * sqrt(c7 / (c7 + 6103515625));
tmp = (Hbar - 4.799655442984406) / 0.4363323129985824;
tmp *= tmp;
X dtheta = 0.5235987755982988 * exp(-tmp);
X R_term = -sin(2 * dtheta) * Rc * C_term * H_term;

dE2 = L_term * L_term;
dE2 += C_term * C_term;
dE2 += H_term * H_term;
dE2 += R_term;
dE2 = sqrt(max(dE2, 0.0));
""",
    name="deltaE_ciede2000_internal",
)
