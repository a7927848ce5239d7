# run: --kernel forces S=@real5_cusir_forces.S.npy I=@real5_cusir_forces.I.npy H=@real5_cusir_forces.H.npy beta=@real5_cusir_forces.beta.npy gamma=0.1 D=0.5 vx=0.25 vy=-0.5 Lx=8 Ly=6 fS=zeros:float64:6x8 fI=zeros:float64:6x8
# check: fS fI tol=1e-6
# input: S = rng.random((6, 8))
# input: I = rng.random((6, 8)) * 0.2
# input: H = rng.standard_normal((6, 8))
# input: beta = rng.random((6, 8))
# Source: github.com/RenzoZS/CuSIR (a diffusive SIR epidemic solver with a spatially varying
# transmission rate), its `forces` ElementwiseKernel, unchanged: `raw float64` fields read
# at periodic neighbours `(x+1)%Lx + Lx*y`, int16 Lx and Ly given Python ints, float64
# scalars given Python floats, a non-raw float64 beta field (the loop's size, with the two
# outputs), `(int) i / Lx`, and float locals (reaction, diffusion, ...) computed in double
# and rounded to float before the double output is assigned. The call is System.update's.
import cupy as cp

forces = cp.ElementwiseKernel(
    'raw float64 S, raw float64 I, raw float64 H, float64 beta, float64 gamma, float64 D, float64 vx, float64 vy, int16 Lx, int16 Ly',
    'float64 fS, float64 fI',
    '''
    int x = i % Lx;
    int y = (int) i / Lx;

    fS = - beta * S[i] * I[i];

    float reaction = beta * S[i] * I[i] - gamma * I[i];
    float diffusion = D * (I[(x+1)%Lx + Lx*y] + I[(x-1+Lx)%Lx+Lx*y] + I[x + Lx*((y+1)%Ly)] + I[x + Lx*((y-1+Ly)%Ly)] - 4*I[i]);
    float convective_height = -((H[(x+1)%Lx + Lx*y] - H[(x-1+Lx)%Lx+Lx*y])*(I[(x+1)%Lx + Lx*y] - I[(x-1+Lx)%Lx+Lx*y]) + (H[x + Lx*((y+1)%Ly)] - H[x + Lx*((y-1+Ly)%Ly)])*(I[x + Lx*((y+1)%Ly)] - I[x + Lx*((y-1+Ly)%Ly)]))/4;
    float convective_wind = -(vx*(I[(x+1)%Lx + Lx*y] - I[(x-1+Lx)%Lx+Lx*y]) + vy*(I[x + Lx*((y+1)%Ly)] - I[x + Lx*((y-1+Ly)%Ly)]))/2;

    fI = reaction + diffusion + convective_height + convective_wind;
    ''',
    'forces')


class System:
    def __init__(self, S, I, H, beta, gamma, D, vx, vy, Lx, Ly, fS, fI):
        self.S, self.I, self.H, self.beta = S, I, H, beta
        self.gamma, self.D, self.vx, self.vy = gamma, D, vx, vy
        self.Lx, self.Ly, self.fS, self.fI = Lx, Ly, fS, fI

    def update(self):
        forces(self.S,self.I,self.H,self.beta,self.gamma,self.D,self.vx,self.vy,self.Lx,self.Ly,self.fS,self.fI)
