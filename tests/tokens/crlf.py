# CRLF line ends
if x:
    y = 1

    z = (1,
         2)
w = '''a
b'''
