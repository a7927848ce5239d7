EPS = 1e-
