# run: --kernel labs_energy --grid 2 --block 32 seqs=@real_labs_energy.seqs.npy energies=zeros:float32:37 B=37:int32 N=13:int32
# check: energies
# input: seqs = (rng.integers(0, 2, (37, 13)) * 2 - 1).astype(np.int8)
# A real program (low-autocorrelation binary sequences): signed char pointers and
# pointer arithmetic on them, a RawKernel built inside a class's __init__.
import cupy as cp


class GPUAcceleratedMTS:
    def __init__(self, N):
        self.N = N
        self._energy_kernel = cp.RawKernel(r'''
            extern "C" __global__
            void labs_energy(const signed char* seqs, float* energies, int B, int N) {
                int idx = blockDim.x * blockIdx.x + threadIdx.x;
                if (idx >= B) return;

                const signed char* my_seq = seqs + (idx * N);
                float total_energy = 0.0f;

                for (int k = 1; k < N; ++k) {
                    int correlation = 0;
                    for (int i = 0; i < N - k; ++i) {
                        correlation += my_seq[i] * my_seq[i + k];
                    }
                    total_energy += (float)(correlation * correlation);
                }
                energies[idx] = total_energy;
            }
            ''', 'labs_energy')
