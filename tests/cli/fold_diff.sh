# Constant folding (sema_fold.c) against the emitted helpers on the CPU backend: every
# integer width, //, %, **, shifts, negative, zero and extreme operands (fold_diff.py).
python3 tests/cli/fold_diff.py "$PYKC"
