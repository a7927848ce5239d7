# no line end after the last line
if x:
    if y:
        z = 1