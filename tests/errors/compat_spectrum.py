# args: --sig 'particle_kernel(float32[:], float32[:], float32[:, :], float32[:], float32[:], float32[:], float32, float32, float32, float32, float32, float32, float32)' --sig 'arcs_kernel(float32[:, :, :], uint32[:], float32[:, :], float32)' --sig 'arcs_kernel(float32[:, :, :], uint32[:], float32[:, :], float32, float32)'
# A real program (a photon-spectrum simulation, trimmed) as it stands: dtype aliases
# chosen by a constant condition (CP_FLOAT = cp.float32 if ... else cp.float64) and
# called as casts (CP_ONE = CP_FLOAT(1.0)); cp.remainder is `%` (it compiles); xm, ym,
# q_idx and skip are assigned under one `if` and read under another (warnings). The
# second --sig has the wrong parameter count.
import numpy as np
import cupy as cp
from cupyx import jit
from cupyx.scipy.special import erf as cp_erf

hbar = 1.054571800e-27               # постоянная Планка
me = 9.10938356e-28                  # масса электрона
c = 2.99792458e+10                   # скорость света
el = 4.803204673e-10                 # заряд электрона (в статкулонах)
rel = el ** 2 / (me * c ** 2)        # классический радиус электрона
sigma_T = 8.0 * np.pi / 3.0 * rel**2 # Томсоновское сечение рассеяния
PHI = 1.618033988749894848           # golden ratio

SINGLE_PRECISION = True

CP_FLOAT  = cp.float32 if SINGLE_PRECISION else cp.float64
CP_UINT   = cp.uint32  if SINGLE_PRECISION else cp.uint64
CP_INT    = cp.int32   if SINGLE_PRECISION else cp.int64
CP_PI     = CP_FLOAT(cp.pi)
CP_TWO_PI = CP_FLOAT(2.0 * cp.pi)
CP_ONE    = CP_FLOAT(1.0)
CP_ZERO   = CP_FLOAT(0.0)

X_THREADS = 128
N_ARCS = X_THREADS
INVAL = CP_FLOAT(9999.)
R_NUDGE = 32

N_STEPS = CP_UINT(X_THREADS)

@jit.rawkernel()
def particle_kernel(intersect, envelope, particles, THX, THY, f_th, w0, beta_ff, sigma_lz, t0, t1, dvx, dvy):#, debug, xy_debug): 
    # Make sure arguments and arrays are of type CP_FLOAT
    z_rayleigh = w0 * w0 * ( CP_ONE + beta_ff ) / 2
    
    step_idx = jit.threadIdx.x
    xy_idx = jit.blockIdx.y
    p_idx = jit.blockIdx.x
    
    weight = f_th[xy_idx]
    n_particles = CP_UINT( cp.ceil( weight * particles.shape[0] ) )
    if p_idx < n_particles:
        x0  = particles[p_idx, 0]
        y0  = particles[p_idx, 1]
        z0  = particles[p_idx, 2]

        t_start = particles[p_idx, 3]
        t_end   = particles[p_idx, 4]
        
        vx = THX[xy_idx]
        vy = THY[xy_idx]

        reg = p_idx / n_particles
        fib = cp.remainder(CP_ONE / 2 + p_idx / PHI, CP_ONE)
        vx += ( 2 * reg - CP_ONE ) * dvx / 2 # Spreading velocities uniformly across the cell
        vy += ( 2 * fib - CP_ONE ) * dvy / 2
        vz = cp.sqrt( CP_ONE - vx**2 - vy**2)
        dt0 = z0 / vz

        dt = ( t_end - t_start ) / N_STEPS

        t = step_idx * dt + t_start
        x = x0 + vx * ( t + dt0 )
        y = y0 + vy * ( t + dt0 )
        z = z0 + vz * t

        # Laser propagates along -z axis
        env = cp.exp( -( ( z + t ) / sigma_lz )**2 / 2 ) / cp.sqrt( CP_TWO_PI ) / sigma_lz
        sigma_l_sq = w0 * w0 * ( CP_ONE + ( z - beta_ff * t )**2 / z_rayleigh**2 )
        f_cur = cp.exp( - ( x**2 + y**2 ) / sigma_l_sq / 2 ) / CP_TWO_PI / sigma_l_sq * env
        f_cur *= dt * weight / n_particles

        if t >= t0 and t < t1:
            env_fac = envelope.shape[0] * ( t - t0 ) / ( t1 - t0 )
            env_idx = CP_UINT( cp.floor( env_fac ) )
            env_fac = cp.remainder(env_fac, CP_ONE)
            jit.atomic_add(envelope, env_idx,     f_cur * (CP_ONE - env_fac))
            jit.atomic_add(envelope, env_idx + 1, f_cur * env_fac)

        jit.atomic_add(intersect, xy_idx , f_cur)

@jit.rawkernel()
def arcs_kernel(arcs_Arr, n_arcs, xy_Arr, dx, dy):
    thread_idx = jit.threadIdx.x
    xy_idx     = jit.blockIdx.x

    rs_Arr = jit.shared_memory(CP_FLOAT, 4*4)

    x0 = xy_Arr[xy_idx, 0]
    y0 = xy_Arr[xy_idx, 1]

    areas = jit.shared_memory(CP_FLOAT, 4) # areas of each quadrant

    if thread_idx // 4 == 0: # First 4 threads, one for each quadrant
        q_idx = thread_idx % 4
        sin_pos = CP_UINT((q_idx // 2))
        cos_pos = CP_UINT(((q_idx+1)//2)%2)

        sin_sign = CP_INT(2 * sin_pos - 1)
        cos_sign = CP_INT(2 * cos_pos - 1)
        
        # Calculating areas of each quadrant
        xm = dx - cos_sign * x0
        ym = dy - sin_sign * y0

        skip = xm < CP_ZERO or ym < CP_ZERO # The whole quarter circle is outside the rectangle
        if skip:
            areas[q_idx] = CP_ZERO
        else:
            areas[q_idx] = cp.sqrt(min( 2 * dx, xm ) * min( 2 * dy, ym ))
        
    jit.syncthreads()
    if thread_idx == 0:
        total_area = CP_ZERO
        for i in jit.range(4):
            total_area += areas[i]
        for i in jit.range(4):
            areas[i] /= total_area
        
    jit.syncthreads()
    if thread_idx // 4 == 0:
        inside = ( cp.abs(x0) < dx ) and ( cp.abs(y0) < dy )    
        r_max = cp.sqrt( xm**2 + ym**2 ) - cp.sqrt(dx**2 + dy**2) / R_NUDGE # distance from to (x0, y0) the corner of a quadrant
        dr = CP_ZERO
        n_rings_q = CP_UINT(0) # Total number of arcs in quadrant
        n_start_q = CP_UINT(0) # Index of the first arc in this quarant
        n_in = CP_UINT(0) # Number of arcs fully inside quadrant
        
        for _qi in jit.range(q_idx):
            n_start_q += CP_UINT( cp.floor( N_ARCS * areas[_qi] ) ) 
    
        if skip:
            r_min = -INVAL
        else:
            n_rings_q = CP_UINT( cp.floor( N_ARCS * areas[q_idx] ) )     
            if inside:
                r_min = min( xm, ym )
                n_in  = CP_UINT( cp.ceil( ( n_rings_q ) * r_min / r_max ) )
                n_out = n_rings_q - n_in
                dr = ( r_max - r_min ) / ( n_out )

            else:
                r_min = cp.sqrt( max( CP_ZERO, xm - 2 * dx )**2 + max( CP_ZERO, ym - 2 * dy )**2 ) # min distance to rectangle dx, dy
                dr = ( r_max - r_min ) / ( n_rings_q - 1 )
                r_min = r_min + dr / R_NUDGE
       
        jit.atomic_add(n_arcs, xy_idx, n_rings_q)
        rs_Arr[q_idx*4 + 0] = r_min
        rs_Arr[q_idx*4 + 1] = dr
        rs_Arr[q_idx*4 + 2] = CP_FLOAT(n_in)
        rs_Arr[q_idx*4 + 3] = CP_FLOAT(n_start_q)

    jit.syncthreads()
