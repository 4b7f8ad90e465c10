"""Specialised container types: namedtuple, deque, ChainMap, Counter,
OrderedDict, defaultdict, UserDict, UserList and UserString.

Each lives in its own file in this package; this module gathers them under
the names CPython's `collections` exports.  (The ABCs are in
collections.abc.)
"""

from collections._ordered_dict import OrderedDict
from collections._defaultdict import defaultdict
from collections._deque import deque
from collections._counter import Counter
from collections._chainmap import ChainMap
from collections._namedtuple import namedtuple
from collections._user_containers import UserDict, UserList, UserString
import collections.abc as abc

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList',
           'UserString', 'defaultdict', 'deque', 'namedtuple']
