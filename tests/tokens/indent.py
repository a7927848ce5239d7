# Nested blocks, dedent by several levels, blank and comment-only lines.
def f(a):
    if a:
        for i in range(3):
            while i:

                # a comment-only line at another indentation
  # and one at a smaller indentation
                i -= 1
    return a
class C:
    x = 1

        # comment deeper than the block

    def g(self):
        pass
y = 2
if y:
  z = 3
else:
      z = 4
