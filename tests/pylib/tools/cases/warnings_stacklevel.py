# stacklevel picks the frame a warning is attributed to.
import warnings

warnings.simplefilter('always')


def deep(level):
    warnings.warn('level %d' % level, stacklevel=level)


def middle(level):
    deep(level)


def outer(level):
    middle(level)


for level in [-1, 0, 1, 2, 3, 4, 5, 50]:
    outer(level)


class Model(object):
    def forward(self):
        warnings.warn('forward called', UserWarning, 2)


Model().forward()
lambda_warn = lambda: warnings.warn('from a lambda', stacklevel=1)
lambda_warn()
[warnings.warn('in a comprehension %d' % i) for i in range(2)]
print('sys registry present:', '__warningregistry__' in dir(__import__('sys'))
      if False else 'skipped')
