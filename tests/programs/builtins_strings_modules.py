# Builtins and str methods the standard-library modules lean on: __import__,
# del of a module attribute, chr/ord past U+FFFF and repr of characters
# Python does not print, str.find & co. with start/end, splitlines with
# keepends, and a program's __file__.
import os
import warnings

os_module = __import__('os')
path_module = __import__('os.path')
print(os_module is os, path_module is os, __import__('os.path', fromlist=['x']) is os.path)

warnings.extra_setting = 1
print(hasattr(warnings, 'extra_setting'))
del warnings.extra_setting
print(hasattr(warnings, 'extra_setting'))
try:
    del warnings.extra_setting
except AttributeError as e:
    print('AttributeError:', e)

for cp in [0x41, 0xe9, 0x20ac, 0x1f600, 0xd800, 0xdfff, 0x85, 0xa0, 0xad, 0x9f, 0x378, 0x200b, 0xe004,
           0xfeff, 0x13600, 0x4b600, 0x10fffd, 0x2028, 0x3000, 0x1f9ff]:
    c = chr(cp)
    print('%x' % cp, repr(c), len(c), ord(c) == cp)
try:
    chr(0x110000)
except ValueError as e:
    print('ValueError:', e)

s = 'épоch $x ${y} $'
for args in [('$',), ('$', 7), ('$', 7, 9), ('$', -1), ('$', 100), ('', 3), ('', 100), ('x', 2, 1)]:
    print(args, s.find(*args), s.rfind(*args), s.count(*args))
print(s.startswith('$', 6), s.startswith(('a', 'é')), s.startswith('é', 1), s.endswith('$', 0, 9),
      s.endswith(('}', 'x'), 0, 8), s.index('$', 7), s.rindex('$', 0, -1))
try:
    s.index('z', 3)
except ValueError as e:
    print('ValueError:', e)

text = 'one\ntwo\r\nthree\rfour\x0bfive\x0c\x1csix\u2028seven\n'
print(text.splitlines())
print(text.splitlines(True))
print(text.splitlines(keepends=True) == text.splitlines(True), ''.splitlines(), 'x\n'.splitlines())

print(os.path.isabs(__file__), os.path.basename(__file__))
