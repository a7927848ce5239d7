from cupyx import jit


@jit.rawkernel()
def k(x):
	if x[0]:
		x[0] = 1
        x[1] = 2
