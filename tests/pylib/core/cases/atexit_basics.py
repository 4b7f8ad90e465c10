# atexit: handlers run at the end, last registered first, after the program's output.
import atexit


def bye(name, punct='!'):
    print('bye', name + punct)


atexit.register(bye, 'first')
atexit.register(bye, 'second', punct='?')


@atexit.register
def decorated():
    print('decorated runs first')


def removed():
    print('never printed')


atexit.register(removed)
atexit.unregister(removed)
print('end of program', atexit._ncallbacks())
