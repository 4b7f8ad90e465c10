# A pickle cut short: CPython's "pickle data was truncated".
import pickle

pickle.loads(pickle.dumps('a longer string than the cut')[:20])
