# run: --kernel forces S=@real_sir_forces.S.npy I=@real_sir_forces.I.npy H=@real_sir_forces.H.npy beta=@real_sir_forces.beta.npy gamma=0.3 D=0.5 vx=0.25 vy=-0.125 Lx=16:int16 Ly=12:int16 fS=zeros:float64:12x16 fI=zeros:float64:12x16
# check: fS fI tol=1e-6
# input: S = rng.random((12, 16))
# input: I = rng.random((12, 16))
# input: H = rng.random((12, 16))
# input: beta = rng.random((12, 16))
# A real program (an SIR epidemic on a lattice): raw float64 neighbours with periodic
# indices, int16 sizes, `(int) i / Lx`, float (not double) locals from double expressions.
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
