values = [1, 2, 3]
for v in values:
    yield v * 2
