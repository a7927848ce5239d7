size = 3blocks
