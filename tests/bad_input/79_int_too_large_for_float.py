# An int beyond float range converted to float.
steps = 2 ** 1100
rate = 1.0 / float(steps)
print(rate)
