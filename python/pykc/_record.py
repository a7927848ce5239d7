"""NumPy's void dtypes (a structured dtype such as "i4,f8", or bytes such as "V8") as the
C API describes them (pykc_arg.record; the grammar is src/types/record.c's): what the
extension's packing asks for an array whose dtype is of kind 'V', and the dtype back for
an output the library plans with one. The library types them as CuPy 14.2 does
(cupy::StructView, cupy::UnstructuredVoid, CuPy's ValueError for a misaligned field)."""
from __future__ import annotations

import numpy

_described: dict = {}          # (dtype, its __cuda_alignment__) -> description
_dtypes: dict = {}             # description -> dtype (an output's allocation)
_KEEP = ":,%{}"


def _name(name: str) -> str:
    out = []
    for b in name.encode("utf-8"):
        c = chr(b)
        out.append(f"%{b:02X}" if b >= 0x80 or c in _KEEP or b < 0x20 else c)
    return "".join(out)


def _cuda_alignment(dt):
    md = dt.metadata
    return md.get("__cuda_alignment__") if md else None


def _type(dt, pname) -> str:
    if dt.subdtype is not None:                  # a field's subarray: (3,)c8
        base, shape = dt.subdtype
        return "(" + ",".join(str(int(n)) for n in shape) + ")" + _type(base, pname)
    align = _cuda_alignment(dt)
    if dt.kind == "V" and dt.type is numpy.void:
        s = f"V{dt.itemsize}"
        if dt.names is not None:
            s += "{" + ",".join(f"{_name(n)}:{dt.fields[n][1]}:{_type(dt.fields[n][0], pname)}"
                                for n in dt.names) + "}"
            if align is None and dt.alignment > 1:      # NumPy's own (align=True)
                align = dt.alignment
    elif dt.kind in "biufc" and dt.byteorder in "=|<" and dt.itemsize <= 16:
        s = f"{dt.kind}{dt.itemsize}"
    elif dt.kind == "O" or dt.hasobject:
        raise ValueError(f"argument '{pname}': the dtype {dt} holds Python objects, which a "
                         "kernel cannot read")
    else:
        raise TypeError(f"argument '{pname}': arrays of dtype '{dt.str}' are not supported "
                        f"(a field of dtype {dt})")
    return s + (f"@{int(align)}" if align else "")


def describe(dt, pname="?") -> str:
    """The description of void dtype DT (a numpy.dtype of kind 'V')."""
    key = (dt, _cuda_alignment(dt))
    s = _described.get(key)
    if s is None:
        if dt.hasobject:
            raise ValueError(f"argument '{pname}': the dtype {dt} holds Python objects, "
                             "which a kernel cannot read")
        s = _type(dt, pname)
        _described[key] = s
        _dtypes.setdefault(s, dt)
    return s


def describe_interface(obj_iface, pname="?") -> str:
    """The description of an array's void dtype: its dtype attribute when that is a
    numpy.dtype of its interface's typestr (NumPy's, CuPy's: with its metadata, such as
    make_aligned_dtype's __cuda_alignment__), else its interface's typestr and descr."""
    obj, iface = obj_iface
    descr = iface.get("descr")
    typestr = iface["typestr"]
    dt = getattr(obj, "dtype", None)
    if isinstance(dt, numpy.dtype) and dt.str == typestr:
        return describe(dt, pname)
    if descr and not (len(descr) == 1 and descr[0][0] == ""):
        from numpy.lib import format as _fmt
        dt = _fmt.descr_to_dtype(descr)
        if dt.itemsize != numpy.dtype(typestr).itemsize:
            raise TypeError(f"argument '{pname}': its descr {descr!r} has {dt.itemsize} "
                            f"bytes, its typestr {typestr!r} says otherwise")
    else:
        dt = numpy.dtype(typestr)
    return describe(dt, pname)


def dtype_of(description: str):
    """The dtype an output of DESCRIPTION is made with (one seen by describe)."""
    return _dtypes[description]
