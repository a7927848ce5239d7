# non-ASCII names and strings (columns count bytes)
π = 'héllo ☃'  # comment ☃
naïve = π
x = '日本'; y = 1
