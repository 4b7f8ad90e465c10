h
scale
h = h * 10
:continue
