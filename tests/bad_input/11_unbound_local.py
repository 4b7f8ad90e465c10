def f():
    print(total)
    total = 1
f()
