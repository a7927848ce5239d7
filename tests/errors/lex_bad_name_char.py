x = 1
z→y = 2
