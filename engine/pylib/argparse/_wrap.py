"""Word wrapping for help text, giving the lines CPython's argparse gets
from textwrap.wrap()/fill() with their default options.

argparse first collapses every run of ASCII whitespace to one space, so the
text reaching wrap() is words separated by single spaces.  Lines break at
spaces and also after hyphens inside words ("goof-" / "ball") and before an
em-dash "--" between words, the places textwrap's word-splitting pattern
finds; a word longer than a whole line is cut (after its last fitting
hyphen if it has one).
"""

from _wordsplit import _ASCII_WHITESPACE, split_chunks  # noqa: F401


def collapse_whitespace(text):
    """Every run of ASCII whitespace becomes one space; then strip()."""
    pieces = []
    in_space = False
    for char in text:
        if char in _ASCII_WHITESPACE:
            if not in_space:
                pieces.append(' ')
            in_space = True
        else:
            pieces.append(char)
            in_space = False
    return ''.join(pieces).strip()


def _cut_long_word(chunks, line, line_length, width):
    """Put as much of the too-long next chunk on the line as fits,
    preferring to cut after its last hyphen."""
    space_left = 1 if width < 1 else width - line_length
    chunk = chunks[-1]
    end = space_left
    if len(chunk) > space_left:
        hyphen = chunk.rfind('-', 0, space_left)
        if hyphen > 0 and chunk[:hyphen].strip('-'):
            end = hyphen + 1
    line.append(chunk[:end])
    chunks[-1] = chunk[end:]


def wrap(text, width, initial_indent='', subsequent_indent=''):
    """textwrap.wrap(text, width, initial_indent=..., subsequent_indent=...)
    for text without tabs."""
    if width <= 0:
        raise ValueError('invalid width %r (must be > 0)' % (width,))
    chunks = split_chunks(text)
    chunks.reverse()                # pop() takes the next chunk
    lines = []
    while chunks:
        indent = subsequent_indent if lines else initial_indent
        room = width - len(indent)
        if lines and chunks[-1].strip() == '':
            chunks.pop()            # no line starts with spaces (but the first)
        line = []
        length = 0
        while chunks and length + len(chunks[-1]) <= room:
            length += len(chunks[-1])
            line.append(chunks.pop())
        if chunks and len(chunks[-1]) > room:
            _cut_long_word(chunks, line, length, room)
            length = sum([len(piece) for piece in line])
        if line and line[-1].strip() == '':
            length -= len(line[-1])
            line.pop()
        if line:
            lines.append(indent + ''.join(line))
    return lines


def fill(text, width, initial_indent='', subsequent_indent=''):
    return '\n'.join(wrap(text, width, initial_indent, subsequent_indent))
