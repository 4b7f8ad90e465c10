# bytes of 10**12 bytes: MemoryError at once, as CPython's.
x = b'a' * 10**12
