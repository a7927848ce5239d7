# Every precedence level of docs/language.md §4, lowest first, and the tricky cases.
from cupyx import jit


@jit.rawkernel()
def k(a, b, c, d, e):
    x = a if b else c if d else e
    x = a or b and not c
    x = not a == b
    x = a < b <= c != d
    x = (a < b) < c
    x = a in b
    x = a not in b
    x = a is b
    x = a is not b
    x = a | b ^ c & d
    x = a << b + c >> d
    x = a + b * c - d / e
    x = a // b % c * d
    x = -a ** 2
    x = 2 ** -1
    x = a ** b ** c
    x = ~a + -b * +c
    x = -a * b
    x = not a or b
    x = a and b and c or d
    x = (a + b) * c
    x = a.b.c(d)[e]
    x = a[b].c ** 2
    x = a if b or c else d and e
