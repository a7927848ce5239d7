# Every operator and delimiter of the token set.
a + b - c * d ** e / f // g % h @ i
a << b >> c & d | e ^ ~f
a < b > c <= d >= e == f != g
a = b; (a, b) [c] {d: e}
a += 1; a -= 1; a *= 1; a /= 1; a //= 1; a %= 1; a @= 1
a &= 1; a |= 1; a ^= 1; a >>= 1; a <<= 1; a **= 1
def f(x) -> int: ...
if (n := 10) > 5: pass
x = a.b.c
f"{x!r}"
a!b
a<<=b>>=c**=d//=e
