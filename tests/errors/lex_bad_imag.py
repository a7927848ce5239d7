Z = 2jk
