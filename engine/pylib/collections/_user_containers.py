"""collections.UserDict, UserList and UserString: classes that keep the real
container in `self.data`, meant to be subclassed when subclassing the
builtin would bypass overridden methods."""

from collections.abc import MutableMapping, MutableSequence, Sequence


class UserDict(MutableMapping):
    """A dict-like object whose contents live in the dict self.data."""

    def __init__(self, dict=None, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(type(self), '__missing__'):
            return type(self).__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def __repr__(self):
        return repr(self.data)

    def __or__(self, other):
        if isinstance(other, UserDict):
            return type(self)(self.data | other.data)
        if isinstance(other, dict):
            return type(self)(self.data | other)
        return NotImplemented

    def __ror__(self, other):
        if isinstance(other, UserDict):
            return type(self)(other.data | self.data)
        if isinstance(other, dict):
            return type(self)(other | self.data)
        return NotImplemented

    def __ior__(self, other):
        if isinstance(other, UserDict):
            self.data |= other.data
        else:
            self.data |= other
        return self

    def __copy__(self):
        inst = type(self).__new__(type(self))
        inst.__dict__.update(self.__dict__)
        inst.__dict__['data'] = self.__dict__['data'].copy()
        return inst

    def copy(self):
        if type(self) is UserDict:
            return UserDict(self.data.copy())
        # A subclass may carry other attributes: copy those, then the data.
        data = self.data
        try:
            self.data = {}
            result = self.__copy__()
        finally:
            self.data = data
        result.update(self)
        return result

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for key in iterable:
            d[key] = value
        return d


def _list_of(other):
    return other.data if isinstance(other, UserList) else other


class UserList(MutableSequence):
    """A list-like object whose contents live in the list self.data."""

    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if type(initlist) == list:
                self.data[:] = initlist
            elif isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)

    def __repr__(self):
        return repr(self.data)

    def __lt__(self, other):
        return self.data < _list_of(other)

    def __le__(self, other):
        return self.data <= _list_of(other)

    def __eq__(self, other):
        return self.data == _list_of(other)

    def __gt__(self, other):
        return self.data > _list_of(other)

    def __ge__(self, other):
        return self.data >= _list_of(other)

    def __contains__(self, item):
        return item in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return type(self)(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __add__(self, other):
        if isinstance(other, UserList):
            return type(self)(self.data + other.data)
        if isinstance(other, list):
            return type(self)(self.data + other)
        return type(self)(self.data + list(other))

    def __radd__(self, other):
        if isinstance(other, UserList):
            return type(self)(other.data + self.data)
        if isinstance(other, list):
            return type(self)(other + self.data)
        return type(self)(list(other) + self.data)

    def __iadd__(self, other):
        if isinstance(other, UserList):
            self.data += other.data
        elif isinstance(other, list):
            self.data += other
        else:
            self.data += list(other)
        return self

    def __mul__(self, n):
        return type(self)(self.data * n)

    __rmul__ = __mul__

    def __imul__(self, n):
        self.data *= n
        return self

    def __copy__(self):
        inst = type(self).__new__(type(self))
        inst.__dict__.update(self.__dict__)
        inst.__dict__['data'] = self.__dict__['data'][:]
        return inst

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def copy(self):
        return type(self)(self)

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def sort(self, *args, **kwds):
        self.data.sort(*args, **kwds)

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)


def _str_of(value):
    return value.data if isinstance(value, UserString) else value


class UserString(Sequence):
    """A str-like object whose text lives in the str self.data."""

    def __init__(self, seq):
        if isinstance(seq, str):
            self.data = seq
        elif isinstance(seq, UserString):
            self.data = seq.data[:]
        else:
            self.data = str(seq)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __int__(self):
        return int(self.data)

    def __float__(self):
        return float(self.data)

    def __hash__(self):
        return hash(self.data)

    def __getnewargs__(self):
        return (self.data[:],)

    def __eq__(self, string):
        return self.data == _str_of(string)

    def __lt__(self, string):
        return self.data < _str_of(string)

    def __le__(self, string):
        return self.data <= _str_of(string)

    def __gt__(self, string):
        return self.data > _str_of(string)

    def __ge__(self, string):
        return self.data >= _str_of(string)

    def __contains__(self, char):
        return _str_of(char) in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return type(self)(self.data[index])

    def __add__(self, other):
        if isinstance(other, UserString):
            return type(self)(self.data + other.data)
        if isinstance(other, str):
            return type(self)(self.data + other)
        return type(self)(self.data + str(other))

    def __radd__(self, other):
        if isinstance(other, str):
            return type(self)(other + self.data)
        return type(self)(str(other) + self.data)

    def __mul__(self, n):
        return type(self)(self.data * n)

    __rmul__ = __mul__

    def __mod__(self, args):
        return type(self)(self.data % args)

    def __rmod__(self, template):
        return type(self)(str(template) % self)


# str methods whose result is text come back as the same UserString class;
# the others return what str returns.  UserString arguments are unwrapped.
_TEXT_METHODS = ('capitalize', 'casefold', 'center', 'expandtabs', 'ljust',
                 'lower', 'lstrip', 'removeprefix', 'removesuffix',
                 'replace', 'rjust', 'rstrip', 'strip', 'swapcase', 'title',
                 'translate', 'upper', 'zfill')
_OTHER_METHODS = ('count', 'endswith', 'find', 'format', 'format_map',
                  'index', 'isalpha', 'isalnum', 'isascii', 'isdecimal',
                  'isdigit', 'isidentifier', 'islower', 'isnumeric',
                  'isprintable', 'isspace', 'istitle', 'isupper', 'join',
                  'partition', 'rfind', 'rindex', 'rpartition', 'split',
                  'rsplit', 'splitlines', 'startswith')


def _forward_str_method(name, wrap_result):
    def method(self, *args, **kwargs):
        args = [_str_of(arg) for arg in args]
        result = getattr(self.data, name)(*args, **kwargs)
        return type(self)(result) if wrap_result else result
    method.__name__ = name
    method.__qualname__ = 'UserString.' + name
    return method


for _name in _TEXT_METHODS:
    setattr(UserString, _name, _forward_str_method(_name, True))
for _name in _OTHER_METHODS:
    setattr(UserString, _name, _forward_str_method(_name, False))
del _name

UserDict.__module__ = UserList.__module__ = 'collections'
UserString.__module__ = 'collections'
