# run: --kernel sha48_complex_oracle_kernel target_hash=47811886337746 base_x=50331648 out_indices=zeros:uint64:64 state_vec=@real5_sha48_oracle.state_vec.npy
# check: out_indices state_vec
# input: state_vec = np.full(64, 1 / 8 + 0j) + 1j * np.arange(64) / 64
# A published program (a "quantum" Grover search over a 48-bit toy hash, simulated with
# CuPy in a notebook): its ElementwiseKernel unchanged, called as run_complex_grover_gpu
# calls it: uint64 inputs given Python ints (target_hash, base_x = node_id << 24), an
# `unsigned long long` from i, 48-bit masks with ULL literals and `^`/`&` precedence
# (`state ^ (...) & MASK_48`), a uint64 output, and a complex128 output read before it
# is written (`state_vec = state_vec * -1.0`: CuPy passes outputs by reference). The
# target is the hash of base_x | 5, so element 5 flips.
import cupy as cp

sha48_complex_oracle_kernel = cp.ElementwiseKernel(
    'uint64 target_hash, uint64 base_x', 'uint64 out_indices, complex128 state_vec',
    '''
    unsigned long long y = i; // Индекс младших 24 бит (номер потока CUDA)
    unsigned long long state = (base_x | y);

    // Математика 6 раундов нашего SHA48 внутри видеокарты
    unsigned long long MASK_48 = 0xFFFFFFFFFFFFULL;
    unsigned long long h0 = 0x6A09E667F3BCC908ULL & MASK_48;
    unsigned long long h1 = 0xBB67AE8584CAA73BULL & MASK_48;

    state = (state ^ h0) + h1;
    state &= MASK_48;

    for(int r = 0; r < 6; r++) {
        state = state ^ ((state << 5) | (state >> 43)) & MASK_48;
        state = (state + 0x9E3779B97F4AULL) & MASK_48;
        state = ((state >> 17) | (state << 31)) & MASK_48;
        state ^= 0x517CC1B72722ULL;
        state = (state * (r + 1)) & MASK_48;
    }

    // НАСТОЯЩАЯ КВАНТОВАЯ ИНВЕРСИЯ ФАЗЫ:
    // ИСПРАВЛЕНО: Инвертируем весь комплексный объект целиком через оператор умножения
    if (state == target_hash) {
        state_vec = state_vec * -1.0;
        out_indices = 1; // Сигнал диспетчеру, что цель в этом секторе
    } else {
        out_indices = 0;
    }
    ''',
    'sha48_complex_oracle_kernel'
)
