# A corrupt pickle is an UnpicklingError with CPython's message, never a crash.
import pickle

data = pickle.dumps({'weights': [1.0, 2.0]})
pickle.loads(data[:11] + b'\xfe' + data[12:])
