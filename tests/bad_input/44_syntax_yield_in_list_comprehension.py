def doubled(xs):
    return [(yield x) for x in xs]


print(list(doubled([1, 2])))
