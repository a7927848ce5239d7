#!/usr/bin/env python3
"""The CUDA Math API and device intrinsics as CUDA's headers declare them: one line per
function overload, `HEADER<TAB>RETURN<TAB>NAME<TAB>PARAM|PARAM...`, for
tests/cpu/cuda_math.txt (tests/cli/cuda_env.sh checks that the CPU backend declares each).

  python3 tools/cuda_math_list.py [CUDA_HOME] > tests/cpu/cuda_math.txt

Read: crt/math_functions.h, crt/device_functions.h, crt/device_double_functions.h and
sm_20/30/32/61_intrinsics.h (cuda_fp16.h is separate). Left out: CUDA's internal helpers
(__DOUBLE_BITS, __isnand, __pm0, ...), the host launch API, templates of the C++ library
and overloads with default arguments."""
import re
import sys

HEADERS = ["crt/math_functions.h", "crt/device_functions.h", "crt/device_double_functions.h",
           "sm_20_intrinsics.h", "sm_30_intrinsics.h", "sm_32_intrinsics.h",
           "sm_61_intrinsics.h"]
INTERNAL = {"__DOUBLE_BITS", "__FLOAT_BITS", "__isfinite", "__isfinited", "__isfinitef",
            "__isinfd", "__isnand", "__signbitd", "__nv_aligned_device_malloc_impl",
            "__pm0", "__pm1", "__pm2", "__pm3"}
DECL = re.compile(r"(?:^|[;}])\s*((?:extern\s+)?(?:__\w+__\s+|_CRTIMP\s+|__\w+_DECL__\s+|"
                  r"static\s+)+)([^;(){}#]*?)\b(\w+)\s*\(([^;{}()]*)\)\s*(?:__THROW|__\w+__|\s)*;",
                  re.M)
WORDS = ("int", "float", "double", "long", "char", "short", "unsigned", "*")


def params(text):
    out = []
    for p in text.split(","):
        p = re.sub(r"\b(__\w+__)\b", " ", p).strip()
        if not p or p == "void":
            continue
        w = p.replace("*", " * ").split()
        if len(w) > 1 and w[-1] not in WORDS:     # the parameter's name
            w = w[:-1]
        out.append(" ".join(w).replace(" *", "*"))
    return out


def declarations(home):
    found = {}
    for h in HEADERS:
        t = open(f"{home}/include/{h}", encoding="utf-8").read()
        t = re.sub(r"/\*.*?\*/", " ", t, flags=re.S)
        t = re.sub(r"//[^\n]*", " ", t)
        t = re.sub(r"^\s*#.*$", " ", t, flags=re.M)
        for pre, ret, name, ps in DECL.findall(t):
            if "__device__" not in pre and "DECL" not in pre:
                continue
            ret = " ".join(re.sub(r"\b(__\w+__|_CRTIMP|__CUDA_MATH_CRTIMP|__cdecl|extern|"
                                  r"static|inline)\b", " ", ret).split())
            ps = params(ps)
            if (not ret or ret == "__RETURN_TYPE" or "typename" in ret or "cuda" in ret or
                    name in INTERNAL or name.startswith("__cuda") or
                    (name.startswith("_") and not name.startswith("__")) or
                    any(s in p for p in ps for s in ("=", "cuda", "dim3", "_Tp", "std::"))):
                continue
            found[(name, tuple(ps))] = (h, ret)
    return found


def main():
    home = sys.argv[1] if len(sys.argv) > 1 else "/usr/local/cuda"
    rows = declarations(home)
    print(f"# CUDA's math API and intrinsics ({home}; tools/cuda_math_list.py)")
    for (name, ps), (h, ret) in sorted(rows.items(), key=lambda r: (r[0][0], r[0][1])):
        print(f"{h}\t{ret}\t{name}\t{'|'.join(ps)}")


if __name__ == "__main__":
    main()
