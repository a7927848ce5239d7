#!/usr/bin/env python3
"""Generates the .npy test corpus of tests/unit/test_runtime.c (run from anywhere):

  good_*.npy   files numpy wrote (every dtype, 0-d/1-d/3-d, format versions 1.0, 2.0, 3.0);
               good_cases.txt lists NAME|DTYPE|SHAPE|SUM-OF-BYTES for the C test to check.
  bad_*.npy    malformed files; bad_cases.txt lists NAME|SUBSTRING, the substring the
               one-line error message must contain.
"""
import os
import struct
import numpy as np
from numpy.lib import format as npf

HERE = os.path.dirname(os.path.abspath(__file__))
MAGIC = b"\x93NUMPY"


def path(name):
    return os.path.join(HERE, name)


def header(d, version=(1, 0), pad=True, hlen=None):
    """A raw header: magic, version, length field and the dict text (padded like numpy)."""
    body = d.encode("utf8") if isinstance(d, str) else d
    lenfmt = "<H" if version[0] == 1 else "<I"
    if pad:
        pre = len(MAGIC) + 2 + struct.calcsize(lenfmt)
        total = pre + len(body) + 1
        body = body + b" " * ((64 - total % 64) % 64) + b"\n"
    n = len(body) if hlen is None else hlen
    return MAGIC + bytes(version) + struct.pack(lenfmt, n) + body


def dict_text(descr="'<f8'", fortran="False", shape="(4,)"):
    return "{'descr': %s, 'fortran_order': %s, 'shape': %s, }" % (descr, fortran, shape)


DATA4 = np.arange(4, dtype="<f8").tobytes()

BAD = [
    # name, bytes, expected substring
    ("bad_magic", b"\x93NUMPZ\x01\x00" + header(dict_text())[8:] + DATA4, "bad magic"),
    ("bad_empty", b"", "bad magic"),
    ("bad_short_magic", b"\x93NUM", "bad magic"),
    ("bad_text_file", b"hello, world\n" * 8, "bad magic"),
    ("bad_version_4", header(dict_text(), version=(4, 0)) + DATA4, "unsupported .npy format version 4.0"),
    ("bad_version_1_1", header(dict_text(), version=(1, 1)) + DATA4, "unsupported .npy format version 1.1"),
    ("bad_fortran", header(dict_text(fortran="True", shape="(2, 2)")) + DATA4,
     "is Fortran-ordered; pykc needs C order"),
    ("bad_bigendian", header(dict_text(descr="'>f8'")) + DATA4, "big-endian"),
    ("bad_object", header(dict_text(descr="'|O'")) + DATA4, "object arrays"),
    ("bad_structured", header(dict_text(descr="[('a', '<f4'), ('b', '<f4')]")) + DATA4,
     "structured dtypes"),
    ("bad_unicode", header(dict_text(descr="'<U2'")) + DATA4, "string/void dtype '<U2'"),
    ("bad_bytes", header(dict_text(descr="'|S8'")) + DATA4, "string/void dtype '|S8'"),
    ("bad_void", header(dict_text(descr="'|V8'")) + DATA4, "string/void dtype"),
    ("bad_datetime", header(dict_text(descr="'<M8[s]'")) + DATA4, "unsupported dtype '<M8[s]'"),
    ("bad_longdouble", header(dict_text(descr="'<f16'", shape="(2,)")) + DATA4,
     "unsupported dtype '<f16'"),
    ("bad_descr_int", header(dict_text(descr="8")) + DATA4, "expected a string"),
    ("bad_missing_comma", header("{'descr': '<f8' 'fortran_order': False, 'shape': (4,), }") + DATA4,
     "not a valid dict literal"),
    ("bad_not_dict", header("[1, 2, 3]") + DATA4, "expected '{'"),
    ("bad_unclosed_dict", header("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), ") + DATA4,
     "not a valid dict literal"),
    ("bad_after_dict", header(dict_text() + " junk") + DATA4, "unexpected text after the dict"),
    ("bad_nul_in_header", header(dict_text().replace(", }", ",\0}")) + DATA4, "a NUL byte in the header"),
    ("bad_nul_in_descr", header(dict_text(descr="'<f8\0'")) + DATA4, "a NUL byte in the header"),
    ("bad_unterminated_string", header("{'descr: '<f8', 'fortran_order': False, 'shape': (4,)}") + DATA4,
     "not a valid dict literal"),
    ("bad_fortran_value", header(dict_text(fortran="1")) + DATA4, "fortran_order must be True or False"),
    ("bad_negative_shape", header(dict_text(shape="(-3,)")) + DATA4, "negative dimension -3"),
    ("bad_negative_shape_2d", header(dict_text(shape="(2, -2)")) + DATA4, "negative dimension -2"),
    ("bad_shape_overflow", header(dict_text(shape="(99999999999999999999,)")) + DATA4,
     "shape entry overflows"),
    ("bad_shape_product", header(dict_text(shape="(4294967296, 4294967296)")) + DATA4,
     "shape is too large"),
    ("bad_shape_list", header(dict_text(shape="[4]")) + DATA4, "shape must be a tuple"),
    ("bad_shape_int", header(dict_text(shape="(4)")) + DATA4, "is not a tuple"),
    ("bad_shape_float", header(dict_text(shape="(4.0,)")) + DATA4, "not a valid dict literal"),
    ("bad_too_many_dims", header(dict_text(shape="(1, 1, 1, 1, 1, 1, 1, 1, 4)")) + DATA4,
     "more than 8 dimensions"),
    ("bad_missing_shape", header("{'descr': '<f8', 'fortran_order': False, }") + DATA4,
     "no 'shape' key"),
    ("bad_missing_descr", header("{'fortran_order': False, 'shape': (4,), }") + DATA4,
     "no 'descr' key"),
    ("bad_extra_key", header("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), 'x': 1, }") + DATA4,
     "unexpected key 'x'"),
    ("bad_duplicate_key", header("{'descr': '<f8', 'descr': '<f4', 'fortran_order': False, 'shape': (4,), }")
     + DATA4, "appears twice"),
    ("bad_truncated_header", header(dict_text())[:40], "truncated header"),
    ("bad_truncated_length", MAGIC + b"\x02\x00\x10", "truncated header"),
    ("bad_header_len_huge", MAGIC + b"\x02\x00" + struct.pack("<I", 0xFFFFFFF0) + b"{}" * 20,
     "the header is 4294967280 bytes, more than the 1048576 that pykc reads"),
    ("bad_truncated_data", header(dict_text(shape="(100,)")) + DATA4,
     "has 32 bytes of data, the header says 800"),
    ("bad_no_data", header(dict_text()), "has 0 bytes of data, the header says 32"),
    ("bad_trailing", header(dict_text()) + DATA4 + b"garbage!", "has 40 bytes of data, the header says 32"),
    ("bad_lying_empty", header(dict_text(shape="(0,)")) + DATA4, "has 32 bytes of data, the header says 0"),
    ("bad_lying_dtype", header(dict_text(descr="'<c16'")) + DATA4, "has 32 bytes of data, the header says 64"),
    # numpy's own header rules: descr strings are not cut, (0, 2**63-1) is too big (its
    # strides overflow), Python 3 int literals ('L' only in 1.0/2.0 headers)
    ("bad_descr_too_long", header(dict_text(descr="'<f" + "0" * 60 + "4XYZ'")) + DATA4,
     "string too long"),
    ("bad_shape_zero_huge", header(dict_text(shape="(0, 9223372036854775807)")), "shape is too large"),
    ("bad_shape_leading_zero", header(dict_text(shape="(04,)")) + DATA4, "leading zeros"),
    ("bad_shape_underscore", header(dict_text(shape="(4_,)")) + DATA4, "misplaced '_'"),
    ("bad_shape_long_v3", header(dict_text(shape="(4L,)"), version=(3, 0)) + DATA4,
     "'L' suffix in a version 3.0 header"),
    ("bad_v2_truncated", header(dict_text(), version=(2, 0))[:30], "truncated header"),
]

DTYPES = ["?", "i1", "u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8", "<f2", "<f4", "<f8", "<c8", "<c16"]


def good_arrays():
    out = []
    for dt in DTYPES:
        d = np.dtype(dt)
        name = d.name
        base = np.arange(24) % 7 - 3
        if d.kind == "b":
            base = base > 0
        elif d.kind == "u":
            base = np.arange(24) * 11
        elif d.kind == "c":
            base = base + 0.5j * np.arange(24)
        elif d.kind == "f":
            base = base / 4
        out.append((f"good_{name}_1d", base.astype(d)[:5]))
        out.append((f"good_{name}_0d", np.array(base[4]).astype(d)))
        out.append((f"good_{name}_3d", base.astype(d).reshape(2, 3, 4)))
    out.append(("good_empty_2d", np.zeros((3, 0), np.float32)))
    out.append(("good_big_dims", np.ones((1, 1, 1, 1, 1, 1, 2, 3), np.int16)))
    return out


def main():
    for f in os.listdir(HERE):
        if f.endswith(".npy") or f.endswith("_cases.txt"):
            os.remove(path(f))
    with open(path("bad_cases.txt"), "w") as f:
        for name, data, msg in BAD:
            with open(path(name + ".npy"), "wb") as g:
                g.write(data)
            f.write(f"{name}.npy|{msg}\n")
    with open(path("good_cases.txt"), "w") as f:
        def note(name, a):
            shape = "x".join(map(str, a.shape)) or "()"
            f.write(f"{name}.npy|{a.dtype.name}|{shape}|{sum(a.tobytes())}\n")
        for name, a in good_arrays():
            np.save(path(name + ".npy"), a)
            note(name, a)
        a = np.arange(12, dtype=np.float32).reshape(3, 4) * 1.5
        for version in ((2, 0), (3, 0)):
            name = f"good_v{version[0]}"
            with open(path(name + ".npy"), "wb") as g:
                npf.write_array(g, a, version=version)
            note(name, a)
        # Fortran order with a single long axis: the same bytes as C order, so accepted.
        b = np.arange(5, dtype="<i4")
        with open(path("good_fortran_1xn.npy"), "wb") as g:
            g.write(header(dict_text(descr="'<i4'", fortran="True", shape="(1, 5)")) + b.tobytes())
        note("good_fortran_1xn", b.reshape(1, 5))
        # A hand-written header in a different but valid style (double quotes, no trailing
        # comma, Python 2 long, little extra whitespace, '=' byte order).
        with open(path("good_style.npy"), "wb") as g:
            g.write(header('{"shape":(2L,2),"fortran_order":False,"descr":"=f8"}') + DATA4)
        note("good_style", np.arange(4, dtype="<f8").reshape(2, 2))


if __name__ == "__main__":
    main()
