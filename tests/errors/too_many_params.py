# A kernel of more than 64 parameters: the message says how many and the limit (it was
# "has too many parameters").
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:],
      a0: cp.float32, a1: cp.float32, a2: cp.float32, a3: cp.float32, a4: cp.float32, a5: cp.float32,
      a6: cp.float32, a7: cp.float32, a8: cp.float32, a9: cp.float32, a10: cp.float32, a11: cp.float32,
      a12: cp.float32, a13: cp.float32, a14: cp.float32, a15: cp.float32, a16: cp.float32, a17: cp.float32,
      a18: cp.float32, a19: cp.float32, a20: cp.float32, a21: cp.float32, a22: cp.float32, a23: cp.float32,
      a24: cp.float32, a25: cp.float32, a26: cp.float32, a27: cp.float32, a28: cp.float32, a29: cp.float32,
      a30: cp.float32, a31: cp.float32, a32: cp.float32, a33: cp.float32, a34: cp.float32, a35: cp.float32,
      a36: cp.float32, a37: cp.float32, a38: cp.float32, a39: cp.float32, a40: cp.float32, a41: cp.float32,
      a42: cp.float32, a43: cp.float32, a44: cp.float32, a45: cp.float32, a46: cp.float32, a47: cp.float32,
      a48: cp.float32, a49: cp.float32, a50: cp.float32, a51: cp.float32, a52: cp.float32, a53: cp.float32,
      a54: cp.float32, a55: cp.float32, a56: cp.float32, a57: cp.float32, a58: cp.float32, a59: cp.float32,
      a60: cp.float32, a61: cp.float32, a62: cp.float32, a63: cp.float32, a64: cp.float32):
    x[0] = a0
