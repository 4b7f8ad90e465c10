# logging as training scripts set it up: basicConfig to stdout with a
# format, named loggers in a hierarchy, levels, handlers with their own
# formatters and filters, '{' and '$' styles, extra fields, LoggerAdapter,
# exception info, and the reprs.
import logging
import sys
import torch

logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                    format='%(levelname)-8s %(name)s:%(funcName)s:%(lineno)d %(message)s')
log = logging.getLogger(__name__)
log.info('starting with lr=%s and %d epochs', 0.1, 3)
log.debug('hidden')
log.warning('careful: %(what)s', {'what': 'dict args'})
logging.info('root info %5.2f', 3.14159)


def train_step(step, loss):
    log.info('step %d loss %.4f', step, loss)


w = torch.tensor([1.0, -2.0], requires_grad=True)
for step in range(3):
    loss = (w * w).sum() * (step + 1)
    loss.backward()
    train_step(step, loss.item())
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad = None

model_log = logging.getLogger('model.encoder')
parent = logging.getLogger('model')
print(model_log.parent is parent, parent.parent is logging.getLogger(), model_log.getEffectiveLevel())
parent.setLevel(logging.ERROR)
model_log.warning('suppressed by parent level')
model_log.error('shown: %s', 'error')
print(model_log.isEnabledFor(logging.WARNING), model_log.getEffectiveLevel(), logging.getLevelName(40),
      logging.getLevelName('WARNING'), logging.getLevelName(25))

h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter('[{levelname}] {name}: {message}', style='{'))
h.addFilter(logging.Filter('metrics.train'))
metrics = logging.getLogger('metrics')
metrics.propagate = False
metrics.addHandler(h)
metrics.setLevel('DEBUG')
logging.getLogger('metrics.train').debug('accuracy %.1f%%', 97.5)
logging.getLogger('metrics.eval').info('filtered out')
metrics.info('filtered too')
h2 = logging.StreamHandler(sys.stdout)
h2.setFormatter(logging.Formatter('$levelname|$message|$run', style='$'))
metrics.addHandler(h2)
logging.getLogger('metrics.train').info('with extra', extra={'run': 'r1'})
adapter = logging.LoggerAdapter(logging.getLogger('metrics.train'), {'run': 'adapted'})
adapter.warning('from adapter %d', 7)
print(repr(log), repr(logging.getLogger()), repr(h), repr(adapter), repr(logging.NullHandler()))
print(log.handlers, len(logging.getLogger().handlers), log.hasHandlers(), metrics.hasHandlers())

try:
    1 / 0
except ZeroDivisionError:
    log.exception('failed') if False else None
    rec = logging.LogRecord('x', logging.ERROR, 'p.py', 3, 'msg %s', ('a',), None)
    print(rec, rec.getMessage(), rec.levelname, rec.module, rec.filename)
try:
    logging.Formatter('no fields here')
except ValueError as e:
    print(e)
try:
    log.setLevel('LOUD')
except ValueError as e:
    print(e)
try:
    log.info('x', extra={'message': 1})
except KeyError as e:
    print(e)
logging.disable(logging.CRITICAL)
log.critical('disabled')
logging.disable(logging.NOTSET)
logging.addLevelName(25, 'NOTICE')
log.log(25, 'custom level')
logging.getLogger('quiet').addHandler(logging.NullHandler())
logging.getLogger('quiet').warning('nothing printed')

import string
f = string.Formatter()
print(list(f.parse('a{0!r:>5}b{{c}}{x.y[1]:{w}}{}')), list(f.parse('')), list(f.parse('{}')))
print(f.format('{0}-{name:>4}|{1!r}', 1, 'q', name='n'), f.format('{:{}}|', 'ab', 5), f.vformat('{a[0]}', (), {'a': [9]}))
for bad in ('{', '}', '{0!}', '{!x}'):
    try:
        print(list(f.parse(bad)), f.format(bad, 1))
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
try:
    f.format('{}{0}', 1)
except ValueError as e:
    print(e)
for fmt, style in (('$x $$ ${y}', '$'), ('$ nope', '$'), ('{a} {b!r:>3}', '{'), ('{', '{'), ('no', '{')):
    try:
        logging.Formatter(fmt, style=style)
        print('ok', fmt)
    except ValueError as e:
        print(e)
