# a UTF-8 BOM at the start
x = 1
