# A !r conversion whose __repr__ raises: the f-string's line points at the
# whole f-string, as CPython 3.11's traceback does.
class Weights:
    def __repr__(self):
        raise RuntimeError('no repr')


w = Weights()
label = "prefix " f"weights={w!r}"
