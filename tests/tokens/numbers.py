# Every number form: integers, floats, imaginary.
a = 0 00 0_0 7 1_000_000 123
b = 0x1F 0XdeadBEEF 0x_ff 0o17 0O7_7 0b1010 0B_1 0xFFFF_FFFF
c = 1.5 .5 5. 1.5e-3 1e10 1E+5 1_0.2_5 0.0 00.5 09.5 1_2e3_4 1.e5
d = 2j 2J 1.5j .5j 5.j 1e3j 0j 00j 1_0j
e = x[1:2] 1 .real 1..real a.b
f = 1if x else 2
