# Every string prefix and quote form; f-strings are one opaque STRING token.
a = 'single' "double" '' ""
b = r'\d+' R"\w" u'unicode' U"U" b'bytes' B"B"
c = br'\x' Br'\x' bR"\x" BR"\x" rb'\x' rB'\x' Rb"\x" RB"\x"
d = f'{x}' F"{y}" fr'{x}\n' Fr"x" fR'x' FR"x" rf'{x}' rF"x" Rf'x' RF"x"
e = 'it\'s' "say \"hi\"" 'back\\' r'\'' "tab\there"
f = f"{d['key']}" f'{d["key"]!r:>10}' f"{{literal}}" f'{x:{width}.{prec}}'
g = '''triple 'single' "q" ''' """triple "double" 'q' """
h = """spans
two lines""" + '''and
three
lines'''
i = 'continued \
line' + "x"
j = """""" '''''' '"' "'"
k = u'' b'' rb"" f''
