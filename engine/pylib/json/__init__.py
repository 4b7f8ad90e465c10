"""JSON encoding and decoding with CPython 3.11's results.

    dumps(obj, ...) / dump(obj, fp, ...)   Python -> JSON text
    loads(s, ...)   / load(fp, ...)        JSON text -> Python

str input only: backstep has no bytes type.
"""

__version__ = '2.0.9'
__all__ = ['dump', 'dumps', 'load', 'loads',
           'JSONDecoder', 'JSONDecodeError', 'JSONEncoder']

from .decoder import JSONDecoder, JSONDecodeError
from .encoder import JSONEncoder


def _make_encoder(cls, skipkeys, ensure_ascii, check_circular, allow_nan,
                  indent, separators, default, sort_keys, kw):
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
               check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default,
               sort_keys=sort_keys, **kw)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True,
         allow_nan=True, cls=None, indent=None, separators=None,
         default=None, sort_keys=False, **kw):
    """Write obj as JSON to fp (anything with .write(str)), piece by piece:
    an error part-way leaves the pieces before it written, as in CPython."""
    encoder = _make_encoder(cls, skipkeys, ensure_ascii, check_circular,
                            allow_nan, indent, separators, default,
                            sort_keys, kw)
    for chunk in encoder.iterencode(obj):
        fp.write(chunk)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None,
          default=None, sort_keys=False, **kw):
    """obj as a JSON str."""
    encoder = _make_encoder(cls, skipkeys, ensure_ascii, check_circular,
                            allow_nan, indent, separators, default,
                            sort_keys, kw)
    return encoder.encode(obj)


def load(fp, *, cls=None, object_hook=None, parse_float=None,
         parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """The Python value of the JSON document read from fp.read()."""
    return loads(fp.read(), cls=cls, object_hook=object_hook,
                 parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant,
                 object_pairs_hook=object_pairs_hook, **kw)


def loads(s, *, cls=None, object_hook=None, parse_float=None,
          parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """The Python value of the JSON document s."""
    if not isinstance(s, str):
        raise TypeError('the JSON object must be str, bytes or bytearray, '
                        'not %s' % s.__class__.__name__)
    if s.startswith('\ufeff'):
        raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)',
                              s, 0)
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw['object_hook'] = object_hook
    if object_pairs_hook is not None:
        kw['object_pairs_hook'] = object_pairs_hook
    if parse_float is not None:
        kw['parse_float'] = parse_float
    if parse_int is not None:
        kw['parse_int'] = parse_int
    if parse_constant is not None:
        kw['parse_constant'] = parse_constant
    return cls(**kw).decode(s)
