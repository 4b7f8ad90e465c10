# A class defined inside a function cannot be pickled by reference.
import pickle


def make():
    class Local:
        pass
    return Local()


pickle.dumps(make())
