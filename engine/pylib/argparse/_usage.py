"""Building the "usage: ..." line: the text for a list of actions (with
mutually exclusive groups shown as [a | b] or (a | b)), and its wrapping.

CPython post-processes the joined text and splits it for wrapping with
regular expressions; the hand-written scanners here give the same results,
quirks included.
"""

from ._constants import SUPPRESS

_OPENERS = '[('
_CLOSERS = '])'


def _group_inserts(actions, groups):
    """({index: bracket text inserted before actions[index]}, set of actions
    inside a group) for the groups whose actions appear contiguously."""
    inserts = {}
    grouped = set()
    for group in groups:
        members = group._group_actions
        if not members:
            raise ValueError('empty group %s' % (group,))
        if members[0] not in actions:
            continue
        start = actions.index(members[0])
        end = start + len(members)
        if actions[start:end] != members:
            continue
        for action in members:
            grouped.add(action)
        opener, closer = ('(', ')') if group.required else ('[', ']')
        inserts[start] = inserts[start] + ' ' + opener if start in inserts \
            else opener
        inserts[end] = inserts[end] + closer if end in inserts else closer
        for index in range(start + 1, end):
            inserts[index] = '|'
    return inserts, grouped


def _action_usage(formatter, action, grouped):
    """How one action appears in the usage line."""
    if not action.option_strings:
        default = formatter._get_default_metavar_for_positional(action)
        part = formatter._format_args(action, default)
        if action in grouped and part[0] == '[' and part[-1] == ']':
            part = part[1:-1]           # the group's brackets suffice
        return part
    if action.nargs == 0:
        part = action.format_usage()
    else:
        default = formatter._get_default_metavar_for_optional(action)
        part = '%s %s' % (action.option_strings[0],
                          formatter._format_args(action, default))
    if not action.required and action not in grouped:
        part = '[%s]' % part
    return part


def format_actions_usage(formatter, actions, groups):
    inserts, grouped = _group_inserts(actions, groups)
    parts = []
    for index, action in enumerate(actions):
        if action.help is SUPPRESS:
            parts.append(None)
            # a hidden group member takes one '|' separator with it
            if inserts.get(index) == '|':
                inserts.pop(index)
            elif inserts.get(index + 1) == '|':
                inserts.pop(index + 1)
        else:
            parts.append(_action_usage(formatter, action, grouped))
    for index in sorted(inserts, reverse=True):
        parts[index:index] = [inserts[index]]
    text = ' '.join([part for part in parts if part is not None])
    return _tidy_brackets(text).strip()


# ---- the regular-expression clean-ups, by hand ---------------------------------

def _drop_space_after_openers(text):
    """re.sub(r'([\\[(]) ', r'\\1', text)"""
    out = []
    index = 0
    while index < len(text):
        out.append(text[index])
        if text[index] in _OPENERS and text[index + 1:index + 2] == ' ':
            index += 1
        index += 1
    return ''.join(out)


def _drop_space_before_closers(text):
    """re.sub(r' ([\\])])', r'\\1', text)"""
    out = []
    index = 0
    while index < len(text):
        if (text[index] == ' ' and index + 1 < len(text)
                and text[index + 1] in _CLOSERS):
            out.append(text[index + 1])
            index += 2
        else:
            out.append(text[index])
            index += 1
    return ''.join(out)


def _drop_empty_brackets(text):
    """re.sub(r'[\\[(] *[\\])]', r'', text)"""
    out = []
    index = 0
    while index < len(text):
        if text[index] in _OPENERS:
            after = index + 1
            while after < len(text) and text[after] == ' ':
                after += 1
            if after < len(text) and text[after] in _CLOSERS:
                index = after + 1
                continue
        out.append(text[index])
        index += 1
    return ''.join(out)


def _unwrap_parentheses(text):
    """re.sub(r'\\(([^|]*)\\)', r'\\1', text): from each '(' the greedy
    match runs to the last ')' before the next '|'."""
    out = []
    index = 0
    while index < len(text):
        if text[index] == '(':
            bar = text.find('|', index + 1)
            limit = len(text) if bar < 0 else bar
            close = text.rfind(')', index + 1, limit)
            if close >= 0:
                out.append(text[index + 1:close])
                index = close + 1
                continue
        out.append(text[index])
        index += 1
    return ''.join(out)


def _tidy_brackets(text):
    text = _drop_space_after_openers(text)
    text = _drop_space_before_closers(text)
    text = _drop_empty_brackets(text)
    return _unwrap_parentheses(text)


# ---- splitting and wrapping -----------------------------------------------------

def _bracketed_part_end(text, start, closer):
    """End of a part that opens at start and runs to the first run of
    closers followed by whitespace or the end (lazy, like `\\(.*?\\)+(?=\\s|$)`),
    or -1.  '.' does not cross a newline."""
    index = start + 1
    while index < len(text) and text[index] != '\n':
        if text[index] == closer:
            end = index
            while end < len(text) and text[end] == closer:
                end += 1
            if end == len(text) or text[end].isspace():
                return end
        index += 1
    return -1


def split_parts(text):
    """re.findall(r'\\(.*?\\)+(?=\\s|$)|\\[.*?\\]+(?=\\s|$)|\\S+', text)"""
    parts = []
    index = 0
    while index < len(text):
        char = text[index]
        end = -1
        if char == '(':
            end = _bracketed_part_end(text, index, ')')
        elif char == '[':
            end = _bracketed_part_end(text, index, ']')
        if end < 0 and not char.isspace():
            end = index
            while end < len(text) and not text[end].isspace():
                end += 1
        if end < 0:
            index += 1
            continue
        parts.append(text[index:end])
        index = end
    return parts


def _fill_lines(parts, indent, text_width, prefix=None):
    """Greedy line filling; the first line's indent is replaced by prefix
    (whose length counts) when one is given."""
    lines = []
    line = []
    length = len(prefix) - 1 if prefix is not None else len(indent) - 1
    for part in parts:
        if length + 1 + len(part) > text_width and line:
            lines.append(indent + ' '.join(line))
            line = []
            length = len(indent) - 1
        line.append(part)
        length += len(part) + 1
    if line:
        lines.append(indent + ' '.join(line))
    if prefix is not None:
        lines[0] = lines[0][len(indent):]
    return lines


def wrap_usage(prog, opt_parts, pos_parts, prefix, text_width):
    """Usage lines when 'prefix prog args' does not fit in text_width."""
    if len(prefix) + len(prog) <= 0.75 * text_width:
        # short prog: arguments continue to its right, aligned after it
        indent = ' ' * (len(prefix) + len(prog) + 1)
        if opt_parts:
            lines = _fill_lines([prog] + opt_parts, indent, text_width, prefix)
            lines.extend(_fill_lines(pos_parts, indent, text_width))
        elif pos_parts:
            lines = _fill_lines([prog] + pos_parts, indent, text_width, prefix)
        else:
            lines = [prog]
        return lines
    # long prog: it gets its own line, arguments go below
    indent = ' ' * len(prefix)
    lines = _fill_lines(opt_parts + pos_parts, indent, text_width)
    if len(lines) > 1:
        lines = (_fill_lines(opt_parts, indent, text_width) +
                 _fill_lines(pos_parts, indent, text_width))
    return [prog] + lines
