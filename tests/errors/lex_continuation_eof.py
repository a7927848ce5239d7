total = 1 + \
