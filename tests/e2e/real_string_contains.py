# run: --kernel string_contains_char --grid 1 --block 32 strings=@real_string_contains.strings.npy target=97:int8 results=zeros:bool:6 num_strings=6:int32 max_len=8:int32
# check: results
# input: strings = np.array([list(w.ljust(8, b'\0')) for w in (b'apple', b'kiwi', b'banana', b'fig', b'', b'peach')], dtype=np.int8)
# A real program (text processing): `const char` and `const char*` parameters, a bool*
# output, break out of a loop.
import cupy as cp


class TextProcessor:
    def _init_cuda_kernels(self):
        self.string_match_kernel = cp.RawKernel(r'''
        extern "C" __global__
        void string_contains_char(const char* strings, const char target, 
                                  bool* results, int num_strings, int max_len) {
            int idx = blockIdx.x * blockDim.x + threadIdx.x;
            if (idx < num_strings) {
                bool found = false;
                for (int i = 0; i < max_len; i++) {
                    if (strings[idx * max_len + i] == target) {
                        found = true;
                        break;
                    }
                    if (strings[idx * max_len + i] == 0) break;  // null terminator
                }
                results[idx] = found;
            }
        }
        ''', 'string_contains_char')
