x = 'first line \
second line
y = 1
