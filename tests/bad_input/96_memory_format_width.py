# A format width of 10**12 characters: MemoryError at once, as CPython's.
x = format(1, '1000000000000')
