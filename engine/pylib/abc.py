"""Abstract base classes: ABCMeta, ABC, abstractmethod and virtual subclasses.

How the pieces fit:
- ABCMeta.__new__ collects the names whose values are marked
  `__isabstractmethod__` (here or inherited and not overridden) into
  `cls.__abstractmethods__`.  As in CPython, refusing to instantiate such a
  class is the job of `object.__new__`, which reads that attribute -- so the
  message is the interpreter's: "Can't instantiate abstract class X with
  abstract methods a, b".
- isinstance/issubclass consult ABCMeta.__instancecheck__/__subclasscheck__,
  which add three ways of being a subclass to the ordinary MRO: the ABC's
  `__subclasshook__`, classes `register`ed with it (or with its subclasses),
  and the caches that make repeated checks cheap.
- CPython keeps those caches in weak sets; backstep has no weak references,
  so they hold classes strongly (classes are rarely freed anyway).
"""


def abstractmethod(funcobj):
    """Mark a method abstract: classes that do not override it cannot be
    instantiated."""
    funcobj.__isabstractmethod__ = True
    return funcobj


class abstractclassmethod(classmethod):
    """Deprecated spelling of @classmethod @abstractmethod."""

    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractstaticmethod(staticmethod):
    """Deprecated spelling of @staticmethod @abstractmethod."""

    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractproperty(property):
    """Deprecated spelling of @property @abstractmethod."""

    __isabstractmethod__ = True


class _AbcData(object):
    """Per-ABC bookkeeping (CPython's `_abc_impl`)."""

    def __init__(self):
        self.registry = set()        # classes passed to register()
        self.cache = set()           # known subclasses
        self.negative_cache = set()  # known non-subclasses
        self.negative_version = ABCMeta._abc_invalidation_counter
        self.subclasses = []         # direct subclasses created by ABCMeta


def _is_abstract(value):
    return getattr(value, '__isabstractmethod__', False)


def _compute_abstract_methods(cls, own_items):
    abstracts = set()
    for name, value in own_items:
        if _is_abstract(value):
            abstracts.add(name)
    for base in cls.__bases__:
        for name in getattr(base, '__abstractmethods__', ()):
            if _is_abstract(getattr(cls, name, None)):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    """Metaclass for abstract base classes (see the module docstring)."""

    # Bumped by every register(): negative caches older than it are stale.
    _abc_invalidation_counter = 0

    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstract_methods(
            cls, namespace.items())
        cls._abc_impl = _AbcData()
        # issubclass(X, Base) must consider what was registered with
        # Base's subclasses; CPython finds them with type.__subclasses__.
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_impl.subclasses.append(cls)
        return cls

    def register(cls, subclass):
        """Make `subclass` a virtual subclass of this ABC; returns it, so
        this also works as a class decorator."""
        if not isinstance(subclass, type):
            raise TypeError('Can only register classes')
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError('Refusing to create an inheritance cycle')
        cls._abc_impl.registry.add(subclass)
        ABCMeta._abc_invalidation_counter += 1
        return subclass

    def __instancecheck__(cls, instance):
        data = cls._abc_impl
        subclass = instance.__class__
        if subclass in data.cache:
            return True
        subtype = type(instance)
        if subtype is subclass:
            if (data.negative_version == ABCMeta._abc_invalidation_counter
                    and subclass in data.negative_cache):
                return False
            return cls.__subclasscheck__(subclass)
        return cls.__subclasscheck__(subclass) or \
            cls.__subclasscheck__(subtype)

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        data = cls._abc_impl
        if subclass in data.cache:
            return True
        if data.negative_version < ABCMeta._abc_invalidation_counter:
            data.negative_cache = set()
            data.negative_version = ABCMeta._abc_invalidation_counter
        elif subclass in data.negative_cache:
            return False
        verdict = cls.__subclasshook__(subclass)
        if verdict is not NotImplemented:
            if verdict is not True and verdict is not False:
                raise AssertionError('__subclasshook__ must return either '
                                     'False, True, or NotImplemented')
            if verdict:
                data.cache.add(subclass)
            else:
                data.negative_cache.add(subclass)
            return verdict
        if _derives_from(cls, subclass, data):
            data.cache.add(subclass)
            return True
        data.negative_cache.add(subclass)
        return False

    def _dump_registry(cls, file=None):
        """Debug helper: print the ABC's registry and caches."""
        print('Class: %s.%s' % (cls.__module__, cls.__qualname__), file=file)
        print('Inv. counter: %s' % get_cache_token(), file=file)
        data = cls._abc_impl
        print('_abc_registry: %r' % (data.registry,), file=file)
        print('_abc_cache: %r' % (data.cache,), file=file)
        print('_abc_negative_cache: %r' % (data.negative_cache,), file=file)
        print('_abc_negative_cache_version: %r' % (data.negative_version,),
              file=file)

    def _abc_registry_clear(cls):
        cls._abc_impl.registry.clear()

    def _abc_caches_clear(cls):
        cls._abc_impl.cache.clear()
        cls._abc_impl.negative_cache.clear()


def _derives_from(cls, subclass, data):
    """The non-hook ways issubclass(subclass, cls) holds: a real base,
    a registered class, or a subclass of one of cls's own subclasses."""
    if cls in getattr(subclass, '__mro__', ()):
        return True
    for registered in list(data.registry):
        if issubclass(subclass, registered):
            return True
    for child in list(data.subclasses):
        if issubclass(subclass, child):
            return True
    return False


def get_cache_token():
    """A value that changes whenever any ABC's registry changes."""
    return ABCMeta._abc_invalidation_counter


def update_abstractmethods(cls):
    """Recompute cls.__abstractmethods__ after methods were added or
    implemented post-creation (class decorators use this)."""
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    cls.__abstractmethods__ = _compute_abstract_methods(
        cls, list(cls.__dict__.items()))
    return cls


class ABC(metaclass=ABCMeta):
    """Base class whose subclasses are ABCs (metaclass ABCMeta)."""
