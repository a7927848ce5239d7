# run: --kernel Loss.cost_L2 X=@real5f_mlp_costl2.X.npy Y_expected=@real5f_mlp_costl2.Y_expected.npy
# check: out tol=1e-12
# input: X = rng.standard_normal((1, 12))
# input: Y_expected = rng.standard_normal((1, 12))
# A published program (a hand-written multilayer perceptron on CuPy, comments in French;
# found by the code index): a loss in a class, `@staticmethod` over `@cp.fuse()`, a full
# cp.sum of squared differences (a 0-d float64).
import cupy as cp


class Loss:
    @staticmethod 
    @cp.fuse()
    def cost_L2(X, Y_expected):
        """fonction cout a l'aide de la norme L2²
            Inputs:
                -Y          : valeur de sortie du mlp (narray, size=(1, .), type=float)
                -Y_expected : valeur attendue du mlp (narray, size=(1, .), type=float)"""
        #c'est une fontion utilisable uniquement dans des cas de regretion
        return cp.sum((X-Y_expected)**2)
