# The front end grows linearly (issue 18 §4: N2, N8, N9 of the second attack): each family
# of once-quadratic input (host bindings and functions, module-level elif arms, loop-scoped
# locals, many forms, RawKernels and kernels, adjacent string literals) at 2N and 8N; 8N
# may cost at most 8 times 2N in CPU time and peak RSS (linear: 4; quadratic: 16). The
# table in full (N, 2N, 4N, 8N) is part of `make bench`.
${PYTHON:-python3} bench/front_scale.py --check --runs 2 "${PYKC:-build/pykc}"
