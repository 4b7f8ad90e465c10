# argparse's own DeprecationWarnings (nested groups) go through warnings and
# are attributed to the caller, shown because it is __main__.
import argparse
import warnings

parser = argparse.ArgumentParser(prog='nest')
outer = parser.add_argument_group('outer')
inner = outer.add_argument_group('inner')
inner.add_argument('--deep', help='inside a nested group')
mutex = parser.add_mutually_exclusive_group()
nested = mutex.add_mutually_exclusive_group()
nested.add_argument('--a', action='store_true')
mutex.add_argument('--b', action='store_true')
parser.print_help()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    outer.add_argument_group('again')
print([(w.category.__name__, str(w.message), w.lineno) for w in caught])
print(parser.parse_args(['--a']))
print(parser.parse_intermixed_args(['--b']))
