# run: --kernel interpolate_field --grid 1 --block 128 size=30:int64 field=@real5_ef_interpolate.field.npy coords=@real5_ef_interpolate.coords.npy result=zeros:float64:90
# check: result tol=1e-13
# input: field = rng.standard_normal(3 * 4 * 5 * 3)
# input: coords = np.concatenate([rng.random((26, 3)) * np.array([1.0, 0.75, 2.0]), np.array([[1.2, 0.1, 0.1], [-0.1, 0.2, 0.3], [0.999, 0.74, 1.99], [0.5, 0.8, 1.0]])]).ravel()
# Modelled on a published electrostatic particle-in-cell code (ef, ef/util/
# array_on_grid_cupy.py): ArrayOnGridCupy's interpolate_field RawKernel, whose code
# str.format fills with the grid (cell (0.5, 0.25, 0.5) and nodes (3, 4, 5) as NumPy
# arrays, a 3-vector field: `{c[0]}` is `0.5`, `{{` a brace), launched as
# interpolate_at_positions launches it (n a Python int for `int size`): trilinear
# interpolation, `|` and `&` of comparisons, zeros outside the grid (the last four
# points: past x, below x, by the far corner, past y). pykc run reads the text the
# format makes, as written here; the Python package takes the program's .format call.
import cupy

_interpolate_field = cupy.RawKernel(r'''
        extern "C" __global__
        void interpolate_field(int size, const double* field, const double* coords, double* result) {
            int tid = blockDim.x * blockIdx.x + threadIdx.x;
            if (tid < size) {
                double x = coords[3 * tid]/0.5;
                double y = coords[3 * tid + 1]/0.25;
                double z = coords[3 * tid + 2]/0.5;
                int x0 = int(x);
                int y0 = int(y);
                int z0 = int(z);
                double dx = x - x0;
                double dy = y - y0;
                double dz = z - z0;
                if (x0<0 | y0<0 | z0<0 |
                    (x0>=3-1 & dx>0) | 
                    (y0>=4-1 & dy>0) | 
                    (z0>=5-1 & dz>0) ) {
                        for (int q=0; q<3; q++) {
                            result[tid * 3 + q] = 0;
                        }
                } else {
                    int where = ((x0*4 + y0)*5 + z0) * 3;
                    for (int q=0; q<3; q++) {
                        int wq = where + q;
                        result[tid * 3 + q] =
                            field[wq] * (1.0 - dx) * (1.0 - dy) * (1.0 - dz) + 
                            field[wq + 3] * (1.0 - dx) * (1.0 - dy) * dz +
                            field[wq + 3*5] * (1.0 - dx) * dy * (1.0 - dz) + 
                            field[wq + 3*5 + 3] * (1.0 - dx) * dy * dz +
                            field[wq + 3*4*5] * dx * (1.0 - dy) * (1.0 - dz) + 
                            field[wq + 3*4*5 + 3] * dx * (1.0 - dy) * dz +
                            field[wq + 3*4*5 + 3*5] * dx * dy * (1.0 - dz) + 
                            field[wq + 3*4*5 + 3*5 + 3] * dx * dy * dz;
                    }
                }
            }
        }
        ''', 'interpolate_field')
