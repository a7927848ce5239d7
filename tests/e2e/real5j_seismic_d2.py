# run: --kernel pressure_second_der_kernel --grid 3,3 --block 4,4 press_past=@real5j_seismic_d2.press_past.npy press_pr=@real5j_seismic_d2.press_pr.npy press_ft=zeros:float32:12x12 kappa=@real5j_seismic_d2.kappa.npy dpx_dx=@real5j_seismic_d2.dpx_dx.npy dpy_dy=@real5j_seismic_d2.dpy_dy.npy mdpxx_dx=@real5j_seismic_d2.mdpxx_dx.npy mdpyy_dy=@real5j_seismic_d2.mdpyy_dy.npy a_x=@real5j_seismic_d2.a_x.npy b_x=@real5j_seismic_d2.b_x.npy k_x=@real5j_seismic_d2.k_x.npy a_y=@real5j_seismic_d2.a_y.npy b_y=@real5j_seismic_d2.b_y.npy k_y=@real5j_seismic_d2.k_y.npy coefs=@real5j_seismic_d2.coefs.npy idx_fd=@real5j_seismic_d2.idx_fd.npy source_term=@real5j_seismic_d2.source_term.npy idx_source=@real5j_seismic_d2.idx_source.npy it=3 dt=0.01 one_dx=0.5 one_dy=0.25 p_2=ones:float32:1 idx_sen=@real5j_seismic_d2.idx_sen.npy sens_pressure=zeros:float32:5x3 delay_rec=@real5j_seismic_d2.delay_rec.npy nx=12 ny=12 ord=2
# check: press_past press_pr press_ft mdpxx_dx mdpyy_dy sens_pressure tol=1e-5
# input: press_past = rng.standard_normal((12, 12)).astype(np.float32)
# input: press_pr = rng.standard_normal((12, 12)).astype(np.float32)
# input: kappa = (rng.random((12, 12)) * 2 + 1).astype(np.float32)
# input: dpx_dx = rng.standard_normal((12, 12)).astype(np.float32)
# input: dpy_dy = rng.standard_normal((12, 12)).astype(np.float32)
# input: mdpxx_dx = rng.standard_normal((12, 12)).astype(np.float32)
# input: mdpyy_dy = rng.standard_normal((12, 12)).astype(np.float32)
# input: a_x = rng.standard_normal(12).astype(np.float32)
# input: b_x = rng.standard_normal(12).astype(np.float32)
# input: k_x = (rng.random(12) + 1).astype(np.float32)
# input: a_y = rng.standard_normal(12).astype(np.float32)
# input: b_y = rng.standard_normal(12).astype(np.float32)
# input: k_y = (rng.random(12) + 1).astype(np.float32)
# input: coefs = np.array([0.04166667, -1.125, 1.125, -0.04166667], np.float32)
# input: idx_fd = np.array([[c + 1, c, -c, -c - 1] for c in range(2)], np.int32)
# input: source_term = rng.standard_normal((5, 2)).astype(np.float32)
# input: idx_source = np.where(np.add.outer(np.arange(12), np.arange(12)) % 7 == 0, np.add.outer(np.arange(12), np.arange(12)) % 2, -1).astype(np.int32)
# input: idx_sen = np.where(np.arange(144).reshape(12, 12) == 40, 0, np.where(np.arange(144).reshape(12, 12) == 77, 1, np.where(np.arange(144).reshape(12, 12) == 100, 2, -1))).astype(np.int32)
# input: delay_rec = np.array([1, 5, 2], np.int32)
# A published program (an acoustic wave simulator with a CPML boundary, its "unsplit"
# CuPy rawkernel version): the second-derivative kernel as its class's method defines
# it, dedented and unchanged. A stencil over `range((ord * 2) - 1, -1, -1)` (a negative
# step) with `-coefs[c]`, `dt**2` of a float argument, a source term where a mask is set,
# Dirichlet zeros outside the bounds, `cupy.abs` and a conditional expression for a
# running maximum in p_2[0] (a race between threads in the program: p_2 is not
# checked), a swap of the time levels, sensors with a delay (each sensor at one pixel).
import cupy
import cupyx
import cupyx.jit


@cupyx.jit.rawkernel()
def pressure_second_der_kernel(press_past, press_pr, press_ft, kappa,
                               dpx_dx, dpy_dy,
                               mdpxx_dx, mdpyy_dy,
                               a_x, b_x, k_x,
                               a_y, b_y, k_y,
                               coefs, idx_fd, source_term, idx_source, it,
                               dt, one_dx, one_dy, p_2, idx_sen, sens_pressure, delay_rec,
                               nx, ny, ord):
    x, y = cupyx.jit.grid(2)
    x_i32 = cupy.int32(x)
    y_i32 = cupy.int32(y)
    
    last = ord - 1
    offset = ord - 1
    i_dix = -idx_fd[last, 3]
    i_dfx = nx - idx_fd[last, 1]
    i_diy = -idx_fd[last, 3]
    i_dfy = ny - idx_fd[last, 1]

    # Calculo das segundas derivadas (backward) da pressao em relacao a x e y
    if(x_i32 >= i_dix and x_i32 < i_dfx and y_i32 >= i_diy and y_i32 < i_dfy):
        vdpxx_dx = 0.0
        vdpyy_dy = 0.0

        for c in range((ord * 2) - 1, -1, -1):
            off = (ord - 1) - c
            vdpxx_dx += -coefs[c] * dpx_dx[x_i32 + off, y] * one_dx
            vdpyy_dy += -coefs[c] * dpy_dy[x, y_i32 + off] * one_dy

        mdpxx_dx_new = b_x[x_i32 - offset] * mdpxx_dx[x, y] + a_x[x_i32 - offset] * vdpxx_dx
        mdpyy_dy_new = b_y[y_i32 - offset] * mdpyy_dy[x, y] + a_y[y_i32 - offset] * vdpyy_dy

        vdpxx_dx = vdpxx_dx/k_x[x_i32 - offset] + mdpxx_dx_new
        vdpyy_dy = vdpyy_dy/k_y[y_i32 - offset] + mdpyy_dy_new

        mdpxx_dx[x, y] = mdpxx_dx_new
        mdpyy_dy[x, y] = mdpyy_dy_new
    
        # Atualiza o campo de pressao futuro a partir do passado e do presente
        pressure_new = 2.0 * press_pr[x, y] - press_past[x, y] + dt**2 * (vdpxx_dx + vdpyy_dy) * kappa[x, y]
        
        # Adicao da fonte no campo de pressao
        idx_src = idx_source[x, y]
        if idx_src != -1:
            pressure_new += source_term[it - 1, idx_src] * dt**2 * one_dx * one_dy
            
        press_ft[x, y] = pressure_new
    else:
        # Condicao de contorno Dirichlet (p = 0) nas bordas
        press_ft[x, y] = 0.0
    
    # Calcula a norma L2 da pressao
    p_2_old = p_2[0]
    p_2_new = cupy.abs(press_ft[x, y])
    p_2[0] = p_2_old if p_2_old > p_2_new else p_2_new
    
    # Swap dos valores novos de pressao para valores antigos
    press_past[x, y] = press_pr[x, y]
    press_pr[x, y] = press_ft[x, y]

    # Armazena o sinal do sensor, se o pixel fizer parte de um receptor
    sensor = idx_sen[x, y]
    if sensor != -1 and it >= delay_rec[sensor]:
        sens_pressure[it - 1, sensor] += press_pr[x, y]
