# Newlines inside brackets and after a backslash produce no tokens.
x = (1,
     2,
  3)
y = [
    a,   # a comment inside brackets

        b,
]
z = {'k': (1,
 [2,
{3}])}
if a and \
        b:
    total = 1 + \
2
    w = f(x,
y)
\
v = 1
