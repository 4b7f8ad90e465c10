"""What ArgumentParser shares with argument groups: add_argument(), the
action registry, defaults, option-string conflicts, and the groups."""

import warnings

from ._constants import SUPPRESS, OPTIONAL, ZERO_OR_MORE, _, ngettext
from ._errors import ArgumentError
from . import _actions


def looks_like_negative_number(text):
    """The option-string test `^-\\d+$|^-\\d*\\.\\d+$` ('$' also matching
    before a final newline)."""
    if not text.startswith('-'):
        return False
    body = text[1:]
    if body.endswith('\n'):
        body = body[:-1]
    if body and body.isdecimal():
        return True
    whole, dot, fraction = body.partition('.')
    return (dot == '.' and (whole == '' or whole.isdecimal())
            and fraction != '' and fraction.isdecimal())


_BUILTIN_ACTIONS = (
    (None, _actions._StoreAction),
    ('store', _actions._StoreAction),
    ('store_const', _actions._StoreConstAction),
    ('store_true', _actions._StoreTrueAction),
    ('store_false', _actions._StoreFalseAction),
    ('append', _actions._AppendAction),
    ('append_const', _actions._AppendConstAction),
    ('count', _actions._CountAction),
    ('help', _actions._HelpAction),
    ('version', _actions._VersionAction),
    ('parsers', _actions._SubParsersAction),
    ('extend', _actions._ExtendAction),
)


class _ActionsContainer(object):
    __module__ = 'argparse'

    def __init__(self, description, prefix_chars, argument_default,
                 conflict_handler):
        super().__init__()
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        self.conflict_handler = conflict_handler
        self._registries = {}
        for name, action_class in _BUILTIN_ACTIONS:
            self.register('action', name, action_class)
        self._get_handler()             # reject a bad conflict_handler now
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        # a list so that groups can share (and update) it with the parser
        self._has_negative_number_optionals = []

    # ---- registries and defaults -----------------------------------------------------

    def register(self, registry_name, value, object):
        registry = self._registries.setdefault(registry_name, {})
        registry[value] = object

    def _registry_get(self, registry_name, value, default=None):
        return self._registries[registry_name].get(value, default)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    # ---- adding arguments --------------------------------------------------------------

    def add_argument(self, *args, **kwargs):
        """add_argument(dest, ..., name=value, ...)
        add_argument(option_string, option_string, ..., name=value, ...)"""
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional argument')
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if 'default' not in kwargs:
            dest = kwargs['dest']
            if dest in self._defaults:
                kwargs['default'] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs['default'] = self.argument_default
        action_class = self._pop_action_class(kwargs)
        if not callable(action_class):
            raise ValueError('unknown action "%s"' % (action_class,))
        action = action_class(**kwargs)
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ValueError('%r is not callable' % (type_func,))
        if type_func is _actions.FileType:
            raise ValueError('%r is a FileType class object, instance of it'
                             ' must be passed' % (type_func,))
        if hasattr(self, '_get_formatter'):
            try:
                self._get_formatter()._format_args(action, None)
            except TypeError:
                raise ValueError('length of metavar tuple does not match '
                                 'nargs')
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for option_string in action.option_strings:
            self._option_string_actions[option_string] = action
        for option_string in action.option_strings:
            if looks_like_negative_number(option_string):
                if not self._has_negative_number_optionals:
                    self._has_negative_number_optionals.append(True)
        return action

    def _remove_action(self, action):
        self._actions.remove(action)

    def _add_container_actions(self, container):
        """Copy a parent parser's actions and groups (parents=[...])."""
        title_group_map = {}
        for group in self._action_groups:
            if group.title in title_group_map:
                msg = _('cannot merge actions - two groups are named %r')
                raise ValueError(msg % (group.title))
            title_group_map[group.title] = group
        group_map = {}
        for group in container._action_groups:
            if group.title not in title_group_map:
                title_group_map[group.title] = self.add_argument_group(
                    title=group.title, description=group.description,
                    conflict_handler=group.conflict_handler)
            for action in group._group_actions:
                group_map[action] = title_group_map[group.title]
        for group in container._mutually_exclusive_groups:
            mutex_group = self.add_mutually_exclusive_group(
                required=group.required)
            for action in group._group_actions:
                group_map[action] = mutex_group
        for action in container._actions:
            group_map.get(action, self)._add_action(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if 'required' in kwargs:
            msg = _("'required' is an invalid argument for positionals")
            raise TypeError(msg)
        # '?' and '*' positionals may be absent (unless '*' has no default)
        if kwargs.get('nargs') not in [OPTIONAL, ZERO_OR_MORE]:
            kwargs['required'] = True
        if kwargs.get('nargs') == ZERO_OR_MORE and 'default' not in kwargs:
            kwargs['required'] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_option_strings = []
        for option_string in args:
            if not option_string[0] in self.prefix_chars:
                args = {'option': option_string,
                        'prefix_chars': self.prefix_chars}
                msg = _('invalid option string %(option)r: '
                        'must start with a character %(prefix_chars)r')
                raise ValueError(msg % args)
            option_strings.append(option_string)
            if len(option_string) > 1 and \
                    option_string[1] in self.prefix_chars:
                long_option_strings.append(option_string)
        # '--foo-bar' -> 'foo_bar', '-x' -> 'x'
        dest = kwargs.pop('dest', None)
        if dest is None:
            if long_option_strings:
                dest_option_string = long_option_strings[0]
            else:
                dest_option_string = option_strings[0]
            dest = dest_option_string.lstrip(self.prefix_chars)
            if not dest:
                msg = _('dest= is required for options like %r')
                raise ValueError(msg % option_string)
            dest = dest.replace('-', '_')
        return dict(kwargs, dest=dest, option_strings=option_strings)

    def _pop_action_class(self, kwargs, default=None):
        action = kwargs.pop('action', default)
        return self._registry_get('action', action, action)

    # ---- conflicts ------------------------------------------------------------------------

    def _get_handler(self):
        handler_func_name = '_handle_conflict_%s' % self.conflict_handler
        try:
            return getattr(self, handler_func_name)
        except AttributeError:
            msg = _('invalid conflict_resolution value: %r')
            raise ValueError(msg % self.conflict_handler)

    def _check_conflict(self, action):
        conflicts = []
        for option_string in action.option_strings:
            if option_string in self._option_string_actions:
                conflicts.append((option_string,
                                  self._option_string_actions[option_string]))
        if conflicts:
            self._get_handler()(action, conflicts)

    def _handle_conflict_error(self, action, conflicting_actions):
        message = ngettext('conflicting option string: %s',
                           'conflicting option strings: %s',
                           len(conflicting_actions))
        conflict_string = ', '.join([option_string for option_string, _action
                                     in conflicting_actions])
        raise ArgumentError(action, message % conflict_string)

    def _handle_conflict_resolve(self, action, conflicting_actions):
        """The new action takes over the option strings; an old action left
        without any is removed."""
        for option_string, old_action in conflicting_actions:
            old_action.option_strings.remove(option_string)
            self._option_string_actions.pop(option_string, None)
            if not old_action.option_strings:
                old_action.container._remove_action(old_action)


class _ArgumentGroup(_ActionsContainer):
    """A titled section of the help; its actions belong to the parser."""

    __module__ = 'argparse'

    def __init__(self, container, title=None, description=None, **kwargs):
        kwargs.setdefault('conflict_handler', container.conflict_handler)
        kwargs.setdefault('prefix_chars', container.prefix_chars)
        kwargs.setdefault('argument_default', container.argument_default)
        super().__init__(description=description, **kwargs)
        self.title = title
        self._group_actions = []
        # share the parser's storage, so adding here adds to the parser
        self._registries = container._registries
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = \
            container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups

    def _add_action(self, action):
        action = super()._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        super()._remove_action(action)
        self._group_actions.remove(action)

    def add_argument_group(self, *args, **kwargs):
        warnings.warn('Nesting argument groups is deprecated.',
                      category=DeprecationWarning, stacklevel=2)
        return super().add_argument_group(*args, **kwargs)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    """Arguments of which at most one (exactly one if required) may be
    given; they are listed in their container's help section."""

    __module__ = 'argparse'

    def __init__(self, container, required=False):
        super().__init__(container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            msg = _('mutually exclusive arguments must be optional')
            raise ValueError(msg)
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)

    def add_mutually_exclusive_group(self, *args, **kwargs):
        warnings.warn('Nesting mutually exclusive groups is deprecated.',
                      category=DeprecationWarning, stacklevel=2)
        return super().add_mutually_exclusive_group(*args, **kwargs)
