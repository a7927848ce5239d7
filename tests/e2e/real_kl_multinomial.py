# run: --kernel kl p=@real_kl_multinomial.p.npy q=@real_kl_multinomial.q.npy
# check: loss tol=1e-5
# input: p = (lambda a: (a / a.sum(axis=1, keepdims=True)).astype(np.float32))(rng.random((8, 10)) + 0.05)
# input: q = (lambda a: (a / a.sum(axis=1, keepdims=True)).astype(np.float32))(rng.random((8, 10)) + 0.05)
# A real program (virtual adversarial training, Chainer; there the kernel is built and
# called in one expression in a Function's forward_gpu): two inputs, reduced over every
# axis to a 0-d loss, log of float32.
import cupy


kl = cupy.ReductionKernel(
            'T p, T q',
            'T loss',
            'p*(log(p)-log(q))',
            'a + b',
            'loss = a',
            '0',
            'kl'
        )
