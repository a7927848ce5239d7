# last line is a comment without a line end
if x:
    y = 1
# end