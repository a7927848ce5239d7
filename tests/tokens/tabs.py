# tabs: to multiples of 8, used consistently
if a:
	b = 1
	if c:
		d = 2
		if e:
		    f = 3
	g = 4
if h:
        i = 5  # 8 spaces
