# 2 * 10**18 items: past Py_ssize_t, MemoryError (no allocation tried).
x = [1, 2] * 10**18
