# A control character (ESC) outside a string: CPython names it by its code,
# and the message never carries it raw.
x = 1[31m
print(x)
