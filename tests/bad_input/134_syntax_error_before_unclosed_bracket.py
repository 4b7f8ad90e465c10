# A parameter list that goes wrong before its bracket is ever closed:
# CPython's parser stops at the colon and says "invalid syntax" there; the
# '(' it never saw closed is not the error it reports.
def scale(:
    return 2
