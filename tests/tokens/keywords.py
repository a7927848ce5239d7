# Keywords vs names; soft keywords (match, case, type, _) and builtins are names.
False None True and as assert async await break class continue def del elif else
except finally for from global if import in is lambda nonlocal not or pass raise
return try while with yield
match case type _ print exec self
If NONE true defx x_def _def def_ __init__ a1 Z9_
