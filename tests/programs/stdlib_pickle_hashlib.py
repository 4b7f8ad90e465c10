# What a training script does with the standard modules: pickles its
# bookkeeping to a file, checks the file's digest, names the run, and says
# goodbye from atexit.
import atexit
import base64
import hashlib
import os
import pickle
import tempfile
import uuid
from fractions import Fraction


class History:
    def __init__(self):
        self.losses = []
        self.best = None

    def record(self, loss):
        self.losses.append(loss)
        if self.best is None or loss < self.best:
            self.best = loss


history = History()
for step in range(5):
    history.record(1.0 / (step + 1))

state = {'epoch': 3, 'lr': 0.01, 'history': history, 'tags': ('baseline', 'v2'), 'seen': {1, 2, 3},
         'ratio': Fraction(3, 4)}
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'state.pkl')
    with open(path, 'wb') as f:
        pickle.dump(state, f, protocol=pickle.HIGHEST_PROTOCOL)
    with open(path, 'rb') as f:
        raw = f.read()
    with open(path, 'rb') as f:
        back = pickle.load(f)
print(len(raw), hashlib.sha256(raw).hexdigest())
print(hashlib.md5(raw).hexdigest(), base64.b64encode(hashlib.sha1(raw).digest()))
print(back['epoch'], back['lr'], back['history'].losses, back['history'].best, back['tags'], back['seen'], back['ratio'])
print(pickle.dumps(state, 2) == pickle.dumps(back, 2))
run = uuid.uuid5(uuid.NAMESPACE_URL, 'https://example.com/run/%d' % back['epoch'])
print(run, run.version)
atexit.register(print, 'finished run', run.hex[:8])
print('training done')
