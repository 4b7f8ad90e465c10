# Round trips and decoder hooks, shaped like saving/loading a checkpoint's
# metadata and a config file.
import json


class Box(object):
    def __init__(self, fields):
        self.fields = fields

    def __repr__(self):
        return 'Box(%s)' % ', '.join('%s=%r' % kv
                                    for kv in sorted(self.fields.items()))


text = json.dumps({'epoch': 3, 'history': [0.9, 0.5, 0.25],
                   'opt': {'name': 'adam', 'betas': [0.9, 0.999]},
                   'note': 'línea\n"two"'}, indent=2)
print(text)
data = json.loads(text)
print(data)
print(json.loads(text, object_hook=Box))
print(json.loads(text, object_pairs_hook=lambda pairs: pairs))
print(json.loads('[1, 2.50, 3e2, -0]', parse_float=str, parse_int=float))
print(json.loads('[NaN, Infinity, -Infinity]', parse_constant=repr))
print(json.loads('{"a": 1, "a": 2}'))
print(json.loads('"tab\there"', strict=False))
decoder = json.JSONDecoder()
print(decoder.raw_decode('{"x": [1]} trailing', 0))
print(decoder.raw_decode('  [7]', 2))
for bad in ['{"lr": 0.1,}', '{"lr" 0.1}', "{'lr': 0.1}", '[1, 2', '',
            '{"a": tru}', '[1]\n[2]', '{\n  "a": 1,\n  "b": \n}']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as error:
        print(repr(bad), '->', error, '|', repr(error))
        print('  ', isinstance(error, ValueError), error.msg, error.pos,
              error.lineno, error.colno, error.doc == bad)
try:
    json.loads(b'[]' if False else 42)
except TypeError as error:
    print('TypeError:', error)
for value in [0.1, 1e-300, 5e-324, 1.7976931348623157e308, 1/3, 100.0, 1e22]:
    again = json.loads(json.dumps(value))
    print(value, again, again == value, json.dumps(value))
print(json.loads(json.dumps('\U0001f600 \ud800 \x00')) == '\U0001f600 \ud800 \x00')
json.loads('{"a": [}')
