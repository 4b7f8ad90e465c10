# A list of 10**12 items: MemoryError at once, as CPython's.
x = [1] * 10**12
