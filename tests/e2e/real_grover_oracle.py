# run: --kernel sha48_complex_oracle_kernel target_hash=2008750024612 base_x=704643072 out_indices=zeros:uint64:16 state_vec=@real_grover_oracle.state_vec.npy
# check: out_indices state_vec
# input: state_vec = np.full(16, 0.25 + 0.125j)
# A published program (a notebook simulating Grover's search over a toy 48-bit hash; its
# comments in Russian): uint64 scalar parameters from Python ints, `unsigned long long y
# = i`, ULL constants and a 48-bit mask, shifts and rotations where `&` binds before `^`,
# a complex128 output read and written (`state_vec = state_vec * -1.0`), both outputs
# given. (The notebook's `!pip install` line and its host loop are left out.)
import cupy as cp
import numpy as np

# Честный квантовый Оракул на чипе GPU (6 раундов SHA48)
# ИСПРАВЛЕНО: Синтаксис работы с complex128 приведен к стандартам C++/CUDA
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
