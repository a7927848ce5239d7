x = 1
s = "abÿc"
# cafÃ
