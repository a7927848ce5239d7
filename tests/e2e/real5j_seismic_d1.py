# run: --kernel pressure_first_der_kernel --grid 3,3 --block 4,4 press_pr=@real5j_seismic_d1.press_pr.npy rho_x=@real5j_seismic_d1.rho_x.npy rho_y=@real5j_seismic_d1.rho_y.npy dpx_dx=zeros:float32:12x12 dpy_dy=zeros:float32:12x12 mdpx_dx=@real5j_seismic_d1.mdpx_dx.npy mdpy_dy=@real5j_seismic_d1.mdpy_dy.npy a_x_h=@real5j_seismic_d1.a_x_h.npy b_x_h=@real5j_seismic_d1.b_x_h.npy k_x_h=@real5j_seismic_d1.k_x_h.npy a_y_h=@real5j_seismic_d1.a_y_h.npy b_y_h=@real5j_seismic_d1.b_y_h.npy k_y_h=@real5j_seismic_d1.k_y_h.npy coefs=@real5j_seismic_d1.coefs.npy idx_fd=@real5j_seismic_d1.idx_fd.npy one_dx=0.5 one_dy=0.25 p_2=ones:float32:1 nx=12 ny=12 ord=2
# check: dpx_dx dpy_dy mdpx_dx mdpy_dy p_2 tol=1e-5
# input: press_pr = rng.standard_normal((12, 12)).astype(np.float32)
# input: rho_x = (rng.random((12, 12)) + 1).astype(np.float32)
# input: rho_y = (rng.random((12, 12)) + 1).astype(np.float32)
# input: mdpx_dx = rng.standard_normal((12, 12)).astype(np.float32)
# input: mdpy_dy = rng.standard_normal((12, 12)).astype(np.float32)
# input: a_x_h = rng.standard_normal(12).astype(np.float32)
# input: b_x_h = rng.standard_normal(12).astype(np.float32)
# input: k_x_h = (rng.random(12) + 1).astype(np.float32)
# input: a_y_h = rng.standard_normal(12).astype(np.float32)
# input: b_y_h = rng.standard_normal(12).astype(np.float32)
# input: k_y_h = (rng.random(12) + 1).astype(np.float32)
# input: coefs = np.array([0.04166667, -1.125, 1.125, -0.04166667], np.float32)
# input: idx_fd = np.array([[c + 1, c, -c, -c - 1] for c in range(2)], np.int32)
# A published program (an acoustic wave simulator with a CPML boundary, its "unsplit"
# CuPy rawkernel version; real_seismic_pressure is the split one): the first-derivative
# kernel as its class's method defines it, dedented and unchanged. `cupyx.jit.grid(2)`
# unpacked, `cupy.int32` of the grid indices, bounds from an int32 table with a unary
# minus, a stencil over `range(ord * 2)` at offsets `c - (ord - 1)` (negative), float32
# locals from `0.0` accumulating float32 array values times Python floats, `p_2[0] = 0.0`.
import cupy
import cupyx
import cupyx.jit


@cupyx.jit.rawkernel()
def pressure_first_der_kernel(press_pr, rho_x, rho_y,
                              dpx_dx, dpy_dy,
                              mdpx_dx, mdpy_dy,
                              a_x_h, b_x_h, k_x_h,
                              a_y_h, b_y_h, k_y_h,
                              coefs, idx_fd,
                              one_dx, one_dy, p_2,
                              nx, ny, ord):
    x, y = cupyx.jit.grid(2)
    x_i32 = cupy.int32(x)
    y_i32 = cupy.int32(y)
    
    last = ord - 1
    offset = ord - 1
    i_dix = -idx_fd[last, 2]
    i_dfx = nx - idx_fd[last, 0]
    i_diy = -idx_fd[last, 2]
    i_dfy = ny - idx_fd[last, 0]

    # Calculo das primeiras derivadas (forward) da pressao em relacao a x e y
    p_2[0] = 0.0
    if(x_i32 >= i_dix and x_i32 < i_dfx and y_i32 >= i_diy and y_i32 < i_dfy):
        vdpx_dx = 0.0
        vdpy_dy = 0.0

        for c in range(ord * 2):
            off = c - (ord - 1)
            vdpx_dx += coefs[c] * press_pr[x_i32 + off, y] * one_dx
            vdpy_dy += coefs[c] * press_pr[x, y_i32 + off] * one_dy

        mdpx_dx_new = b_x_h[x_i32 - offset] * mdpx_dx[x, y] + a_x_h[x_i32 - offset] * vdpx_dx
        mdpy_dy_new = b_y_h[y_i32 - offset] * mdpy_dy[x, y] + a_y_h[y_i32 - offset] * vdpy_dy

        vdpx_dx = vdpx_dx/k_x_h[x_i32 - offset] + mdpx_dx_new
        vdpy_dy = vdpy_dy/k_y_h[y_i32 - offset] + mdpy_dy_new

        mdpx_dx[x, y] = mdpx_dx_new
        mdpy_dy[x, y] = mdpy_dy_new
        
        dpx_dx[x, y] = vdpx_dx / rho_x[x, y]
        dpy_dy[x, y] = vdpy_dy / rho_y[x, y]
