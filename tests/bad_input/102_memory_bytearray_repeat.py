# bytearray repetition past memory: MemoryError at once, as CPython's (sized
# before copying, like bytes and str).
b = bytearray(b'ab')
b *= 10**12
