# run: --kernel global_func --grid 4 --block 16 x=@real_tutorial_square.x.npy
# check: x
# input: x = rng.integers(-50, 50, 100)
# A published program (a phase-field library's GPU tutorial, its CuPy version): a
# grid-stride loop whose bound is an int64 shape, `x[i] += device_func(i)` with the device
# function defined after the kernel that calls it (found when the kernel compiles).
import cupy as cp
from cupyx import jit
import numpy as np

#no decorator = host function. Normal python function which runs on the CPU
def host_func():
    #create a numpy array of integers, x_host
    x_host = np.zeros(100, dtype=int)

    #create a copy of x_host on the GPU. This copy is in device memory, and cannot be directly accessed by the CPU
    x_device = cp.array(x_host)

    #here, we call the global function, from the CPU, to be executed on the GPU. We pass the device array, x_device, to this function running on the GPU
    #note the bracket notation, where we tell the GPU how many threads, and how many blocks of threads, to use
    thread_blocks = 256
    threads_per_block = 256
    global_func[thread_blocks, threads_per_block](x_device)

    #finally, copy the results, which have ben stored in x_device, back to x_host
    x_host = x_device.get()

    #print the results (on the CPU!)
    print(x_host)

#this decorator tells numba to rewrite this python function as a global function to be run on the GPU, whenever it's called by the CPU
@jit.rawkernel()
def global_func(x):
    thread_id = jit.grid(1)
    num_threads = jit.gridsize(1)

    #this for loop ensures each thread only works on part of the array, thread 0 works on array index 0, thread 1 works on array index 1, etc.
    #extra threads may go unused, which is completely ok other than being a little inefficient
    #if the array was larger than num_threads, threads would run on more than one index, due to the stride being equal to num_threads
    #e.g. if num_threads = 16, thread 0 would work on array indices 0, 16, 32, 48, 64, 80, and 96 for this array of size 100
    for i in range(thread_id, x.shape[0], num_threads):
        x[i] += device_func(i)

#this decorator, slightly different than the previous one, defines this function as a device function,
#    which may only be called on the GPU (by a global function, or another device function)
@jit.rawkernel(device=True)
def device_func(value):
    return value*value
