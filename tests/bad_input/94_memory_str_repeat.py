# A string of 10**12 characters: MemoryError at once, as CPython's.
x = 'a' * 10**12
