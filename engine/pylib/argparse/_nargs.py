"""How many command-line strings each action consumes.

The parser describes the command line as a string with one letter per
argument: 'O' for an option string, 'A' for anything else, '-' for '--'.
CPython then matches a regular expression per action's nargs against it
('(-*A-*)' for one argument, '(-*A[A-]*)' for '+', ...).  Here each action's
pattern is a list of (allowed letters, minimum, maximum) steps and a small
backtracking matcher reproduces the regex engine's choices: greedy, leftmost,
first the longest way for the first action.
"""

from ._constants import (SUPPRESS, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE,
                         PARSER, REMAINDER)

_MANY = -1          # no upper bound


def _positional_steps(nargs):
    """Steps for a positional: '--' markers ('-') may surround its args."""
    dashes = ('-', 0, _MANY)
    if nargs is None:
        return [dashes, ('A', 1, 1), dashes]
    if nargs == OPTIONAL:
        return [dashes, ('A', 0, 1), dashes]
    if nargs == ZERO_OR_MORE:
        return [dashes, ('A-', 0, _MANY)]
    if nargs == ONE_OR_MORE:
        return [dashes, ('A', 1, 1), ('A-', 0, _MANY)]
    if nargs == REMAINDER:
        return [('-AO', 0, _MANY)]
    if nargs == PARSER:
        return [dashes, ('A', 1, 1), ('-AO', 0, _MANY)]
    if nargs == SUPPRESS:
        return [dashes, dashes]
    steps = [dashes]
    for _ in range(nargs):
        steps.append(('A', 1, 1))
        steps.append(dashes)
    return steps


def nargs_steps(action):
    """The pattern for an action; optionals never take '--' markers."""
    steps = _positional_steps(action.nargs)
    if not action.option_strings:
        return steps
    result = []
    for letters, low, high in steps:
        letters = letters.replace('-', '')
        if letters:
            result.append((letters, low, high))
    return result


def _match_steps(patterns, pattern_index, step_index, text, pos, counts):
    """Depth-first, greedy match of patterns[pattern_index:] (a list of step
    lists) against text[pos:]; counts[i] accumulates how many letters the
    i-th pattern consumed.  Returns True when everything matched."""
    if pattern_index == len(patterns):
        return True
    steps = patterns[pattern_index]
    if step_index == len(steps):
        return _match_steps(patterns, pattern_index + 1, 0, text, pos, counts)
    letters, low, high = steps[step_index]
    longest = 0
    while pos + longest < len(text) and text[pos + longest] in letters and \
            (high == _MANY or longest < high):
        longest += 1
    for taken in range(longest, low - 1, -1):
        counts[pattern_index] += taken
        if _match_steps(patterns, pattern_index, step_index + 1, text,
                        pos + taken, counts):
            return True
        counts[pattern_index] -= taken
    return False


def match_counts(actions, text):
    """Letters consumed by each action when the patterns of all of them,
    in order, match at the start of text; None when they cannot."""
    patterns = [nargs_steps(action) for action in actions]
    counts = [0] * len(patterns)
    if _match_steps(patterns, 0, 0, text, 0, counts):
        return counts
    return None
