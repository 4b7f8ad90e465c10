from imported.layers import triple

print(triple(3))
