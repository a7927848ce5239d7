# run: --kernel all_primes_to --grid 3 --block 1024 size=3000:int32 all_prime_numbers=zeros:int32:3000
# check: all_prime_numbers
# A real program (a GPU programming lesson): `extern "C"` on its own line, an
# `int * const` parameter, a Python int for `int size`, break out of a loop.
import cupy

check_prime_gpu_code = r'''
extern "C"
__global__ void all_primes_to(int size, int * const all_prime_numbers)
{
    int number = (blockIdx.x * blockDim.x) + threadIdx.x;
    int result = 1;

    if ( number < size )
    {
        for ( int factor = 2; factor <= number / 2; factor++ )
        {
            if ( number % factor == 0 )
            {
                result = 0;
                break;
            }
        }

        all_prime_numbers[number] = result;
    }
}
'''
all_primes_to_gpu = cupy.RawKernel(check_prime_gpu_code, "all_primes_to")
