"""Python's warnings machinery, with CPython 3.11's behaviour.

What CPython does in C (_warnings.c: warn, warn_explicit, the filter
search and the per-module registries) is written here in Python, keeping
the C version's visible details: registry contents ('version' plus
(text, category, lineno) -> True), 'once' being remembered per module when
a registry exists, default filters whose module field is the plain string
'__main__' (compared for equality), and the exact error messages.

Two backstep primitives supply what Python code cannot see by itself:
    _backstep.caller_location(stacklevel) -> (filename, lineno, module,
        registry) of a caller's frame, or None past the top of the stack;
    _backstep.source_line(filename, lineno) -> that line of source or ''.
Filter patterns are matched by _warnings_pattern (a small regex subset).
"""

import sys
import _backstep
import _warnings_pattern

__all__ = ['warn', 'warn_explicit', 'showwarning', 'formatwarning',
           'filterwarnings', 'simplefilter', 'resetwarnings',
           'catch_warnings']

_ACTIONS = ('error', 'ignore', 'always', 'default', 'module', 'once')

# CPython 3.11's start-up filters (no -W options, not in development mode):
# DeprecationWarning shows in __main__ only; the others are silent.
filters = [
    ('default', None, DeprecationWarning, '__main__', 0),
    ('ignore', None, DeprecationWarning, None, 0),
    ('ignore', None, PendingDeprecationWarning, None, 0),
    ('ignore', None, ImportWarning, None, 0),
    ('ignore', None, ResourceWarning, None, 0),
]
defaultaction = 'default'
_defaultaction = defaultaction
onceregistry = {}
_onceregistry = onceregistry

# Bumped whenever the filters change; a module registry stamped with an
# older version is stale (its "already shown" marks are forgotten).
_filters_version = 0

# The registry used when a warning's stacklevel points past the outermost
# frame (CPython then attributes it to module 'sys').
_sys_registry = {}


def _filters_mutated():
    global _filters_version
    _filters_version += 1


# ---- the message and its display ----------------------------------------------

class WarningMessage(object):
    """One warning, as passed to showwarning() and recorded by
    catch_warnings(record=True)."""

    _WARNING_DETAILS = ('message', 'category', 'filename', 'lineno', 'file',
                        'line', 'source')

    def __init__(self, message, category, filename, lineno, file=None,
                 line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ('{message : %r, category : %r, filename : %r, lineno : %s, '
                'line : %r}' % (self.message, self._category_name,
                                self.filename, self.lineno, self.line))


def _formatwarnmsg_impl(msg):
    """'file:line: Category: message' and the stripped source line."""
    text = '%s:%s: %s: %s\n' % (msg.filename, msg.lineno,
                                msg.category.__name__, msg.message)
    line = msg.line
    if line is None:
        line = _backstep.source_line(msg.filename, msg.lineno)
    if line:
        text += '  %s\n' % line.strip()
    return text


_PYLIB_PREFIX = '<pylib>/'


def _in_user_code(msg):
    """Note [Warnings from the library]: a warning attributed to a line of
    backstep's own library (where PyTorch would name its installed file)
    is shown at the user's line that called into the library, with that
    line's source, which says more than a path the user cannot open. Only
    the display changes: filters, registries, showwarning hooks and
    catch_warnings(record=True) see the warning's own location."""
    if not isinstance(msg.filename, str) or not msg.filename.startswith(_PYLIB_PREFIX):
        return msg
    level = 1
    while True:
        location = _backstep.caller_location(level)
        if location is None:
            return msg
        if not location[0].startswith(_PYLIB_PREFIX):
            return WarningMessage(msg.message, msg.category, location[0], location[1], msg.file, None,
                                  msg.source)
        level += 1


def _showwarnmsg_impl(msg):
    target = msg.file
    if target is None:
        target = sys.stderr
        if target is None:
            return                  # no stderr: warnings are lost
    text = _formatwarnmsg(_in_user_code(msg))
    try:
        target.write(text)
    except OSError:
        pass                        # e.g. a closed pipe: nowhere to report


def formatwarning(message, category, filename, lineno, line=None):
    """The text showwarning() would write for this warning."""
    msg = WarningMessage(message, category, filename, lineno, None, line)
    return _formatwarnmsg_impl(msg)


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Write a warning to file (default sys.stderr)."""
    msg = WarningMessage(message, category, filename, lineno, file, line)
    _showwarnmsg_impl(msg)


_formatwarning_orig = formatwarning
_showwarning_orig = showwarning


def _formatwarnmsg(msg):
    # A user may replace warnings.formatwarning; honour it.
    if formatwarning is not _formatwarning_orig:
        return formatwarning(msg.message, msg.category, msg.filename,
                             msg.lineno, msg.line)
    return _formatwarnmsg_impl(msg)


def _showwarnmsg(msg):
    # A user may replace warnings.showwarning; honour it.
    if showwarning is not _showwarning_orig:
        if not callable(showwarning):
            raise TypeError('warnings.showwarning() must be set to a '
                            'function or method')
        showwarning(msg.message, msg.category, msg.filename, msg.lineno,
                    msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


# ---- filters ------------------------------------------------------------------

def _add_filter(item, append):
    """Put item first (moving an equal one) or, with append, last unless
    an equal one is already there."""
    if not append:
        if item in filters:
            filters.remove(item)
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_mutated()


def filterwarnings(action, message='', category=Warning, module='',
                   lineno=0, append=False):
    """Add a filter: `message` is a case-insensitive regular expression
    matched at the start of the warning text, `module` one matched at the
    start of the module name, lineno 0 matches any line."""
    assert action in _ACTIONS, 'invalid action: %r' % (action,)
    assert isinstance(message, str), 'message must be a string'
    assert isinstance(category, type), 'category must be a class'
    assert issubclass(category, Warning), 'category must be a Warning subclass'
    assert isinstance(module, str), 'module must be a string'
    assert isinstance(lineno, int) and lineno >= 0, \
        'lineno must be an int >= 0'
    message_pattern = None
    if message:
        message_pattern = _warnings_pattern.compile(
            message, _warnings_pattern.IGNORECASE)
    module_pattern = _warnings_pattern.compile(module) if module else None
    _add_filter((action, message_pattern, category, module_pattern, lineno),
                append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Add a filter matching every message and module."""
    assert action in _ACTIONS, 'invalid action: %r' % (action,)
    assert isinstance(lineno, int) and lineno >= 0, \
        'lineno must be an int >= 0'
    _add_filter((action, None, category, None, lineno), append)


def resetwarnings():
    """Remove every filter, the default ones included."""
    filters[:] = []
    _filters_mutated()


def _matches(pattern, value):
    if pattern is None:
        return True
    if type(pattern) is str:
        return pattern == value         # the built-in '__main__' filter
    return bool(pattern.match(value))


def _find_action(category, text, lineno, module):
    """(action, filter item or None) of the first matching filter, else the
    default action."""
    if not isinstance(filters, list):
        raise ValueError('_warnings.filters must be a list')
    for index, item in enumerate(filters):
        if not isinstance(item, tuple) or len(item) != 5:
            raise ValueError("_warnings.filters item %d isn't a 5-tuple"
                             % index)
        action, message_pattern, filter_category, module_pattern, line = item
        if not isinstance(action, str):
            raise TypeError("action must be a string, not '%s'"
                            % type(action).__name__)
        if (_matches(message_pattern, text)
                and _matches(module_pattern, module)
                and issubclass(category, filter_category)
                and (line == 0 or line == lineno)):
            return action, item
    return defaultaction, None


# ---- registries ----------------------------------------------------------------

def _already_warned(registry, key, should_set):
    """Whether key is marked in registry (after forgetting a stale
    registry); with should_set, mark it."""
    if registry.get('version') != _filters_version:
        registry.clear()
        registry['version'] = _filters_version
    elif registry.get(key):
        return True
    if should_set:
        registry[key] = True
    return False


# ---- issuing warnings ------------------------------------------------------------

def _module_from_filename(filename):
    if not filename:
        return '<unknown>'
    if filename.endswith('.py'):
        return filename[:-3]
    return filename


def _category_of(message, category):
    if isinstance(message, Warning):
        category = type(message)
    elif category is None:
        category = UserWarning
    try:
        valid = issubclass(category, Warning)
    except TypeError:
        valid = False
    if not valid:
        raise TypeError("category must be a Warning subclass, not '%s'"
                        % type(category).__name__)
    return category


def warn(message, category=None, stacklevel=1, source=None):
    """Issue a warning attributed to the caller `stacklevel` frames up
    (1: the code calling warn)."""
    category = _category_of(message, category)
    location = _backstep.caller_location(stacklevel)
    if location is None:
        filename, lineno, module, registry = 'sys', 1, 'sys', _sys_registry
    else:
        filename, lineno, module, registry = location
    warn_explicit(message, category, filename, lineno, module, registry,
                  None, source)


def warn_explicit(message, category, filename, lineno, module=None,
                  registry=None, module_globals=None, source=None):
    """Issue a warning for an explicit location (what warn() does once it
    has found the caller; backstep also routes libtorch's warnings here)."""
    if module_globals is not None and not isinstance(module_globals, dict):
        raise TypeError("module_globals must be a dict, not '%s'"
                        % type(module_globals).__name__)
    lineno = int(lineno)
    if module is None:
        module = _module_from_filename(filename)
    if registry is not None and not isinstance(registry, dict):
        raise TypeError("'registry' must be a dict or None")
    if isinstance(message, Warning):
        text = str(message)
        category = type(message)
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry is not None and _already_warned(registry, key, False):
        return
    action, item = _find_action(category, text, lineno, module)
    if action == 'error':
        raise message
    if action == 'ignore':
        return
    if action != 'always':
        if _remember(action, item, registry, key, text, category):
            return
    _showwarnmsg(WarningMessage(message, category, filename, lineno, None,
                                None, source))


def _remember(action, item, registry, key, text, category):
    """Record that a warning was shown under a 'default', 'module' or
    'once' action; True when 'module'/'once' had shown it already."""
    if registry is not None:
        registry[key] = True
    if action == 'once':
        if registry is None:
            registry = _onceregistry
        return _already_warned(registry, (text, category), True)
    if action == 'module':
        if registry is None:
            return False
        return _already_warned(registry, (text, category), True)
    if action != 'default':
        raise RuntimeError('Unrecognized action (%r) in warnings.filters:\n'
                           ' %r' % (action, item))
    return False


# ---- catch_warnings ------------------------------------------------------------

class catch_warnings(object):
    """Context manager that saves the filters and showwarning on entry and
    restores them on exit.  With record=True, warnings are not shown but
    appended, as WarningMessage objects, to the list __enter__ returns.
    action/category/lineno/append apply a simplefilter() inside."""

    def __init__(self, *, record=False, module=None, action=None,
                 category=Warning, lineno=0, append=False):
        self._record = record
        self._module = sys.modules['warnings'] if module is None else module
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append('record=True')
        if self._module is not sys.modules['warnings']:
            args.append('module=%r' % self._module)
        return '%s(%s)' % (type(self).__name__, ', '.join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError('Cannot enter %r twice' % self)
        self._entered = True
        module = self._module
        self._filters = module.filters
        module.filters = self._filters[:]
        module._filters_mutated()
        self._showwarning = module.showwarning
        self._showwarnmsg_impl = module._showwarnmsg_impl
        if self._filter is not None:
            simplefilter(*self._filter)
        if not self._record:
            return None
        log = []
        module._showwarnmsg_impl = log.append
        # the original showwarning routes to _showwarnmsg_impl, i.e. the log
        module.showwarning = module._showwarning_orig
        return log

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError('Cannot exit %r without entering first' % self)
        module = self._module
        module.filters = self._filters
        module._filters_mutated()
        module.showwarning = self._showwarning
        module._showwarnmsg_impl = self._showwarnmsg_impl


# ---- -W options -----------------------------------------------------------------

class _OptionError(Exception):
    """Bad -W / PYTHONWARNINGS option."""


def _resolve_action(name):
    if not name:
        return 'default'
    for action in _ACTIONS + ('all',):
        if action.startswith(name):
            return 'always' if action == 'all' else action
    raise _OptionError('invalid action: %r' % (name,))


_BUILTIN_CATEGORIES = {}
for _category in (Warning, UserWarning, DeprecationWarning,
                  PendingDeprecationWarning, SyntaxWarning, RuntimeWarning,
                  FutureWarning, ImportWarning, UnicodeWarning, BytesWarning,
                  ResourceWarning, EncodingWarning):
    _BUILTIN_CATEGORIES[_category.__name__] = _category
del _category


def _resolve_category(name):
    """A built-in warning class by name (dotted names are not supported:
    resolving them would need importing arbitrary modules)."""
    if not name:
        return Warning
    if name not in _BUILTIN_CATEGORIES:
        raise _OptionError('unknown warning category: %r' % (name,))
    return _BUILTIN_CATEGORIES[name]


def _setoption(option):
    """Add the filter described by 'action:message:category:module:lineno'
    (message and module are literal here, module matched exactly)."""
    parts = option.split(':')
    if len(parts) > 5:
        raise _OptionError('too many fields (max 5): %r' % (option,))
    parts = [part.strip() for part in parts] + [''] * (5 - len(parts))
    action, message, category, module, lineno = parts
    if lineno:
        try:
            lineno = int(lineno)
        except ValueError:
            raise _OptionError('invalid lineno %r' % (lineno,)) from None
        if lineno < 0:
            raise _OptionError('invalid lineno %r' % (lineno,))
    else:
        lineno = 0
    message = _warnings_pattern.escape(message)
    module = _warnings_pattern.escape(module) + '\\Z' if module else ''
    filterwarnings(_resolve_action(action), message,
                   _resolve_category(category), module, lineno)


def _processoptions(options):
    for option in options:
        try:
            _setoption(option)
        except _OptionError as problem:
            sys.stderr.write('Invalid -W option ignored: %s\n' % problem)


_processoptions(getattr(sys, 'warnoptions', []))
