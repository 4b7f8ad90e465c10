"""Word wrapping for help text, giving the lines CPython's argparse gets
from textwrap.wrap()/fill() with their default options.

argparse first collapses every run of ASCII whitespace to one space, so the
text reaching wrap() is words separated by single spaces.  Lines break at
spaces and also after hyphens inside words ("goof-" / "ball") and before an
em-dash "--" between words, the places textwrap's word-splitting pattern
finds; a word longer than a whole line is cut (after its last fitting
hyphen if it has one).
"""

_ASCII_WHITESPACE = ' \t\n\r\x0b\x0c'
_WORD_PUNCTUATION = '!"\'&.,?'


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


def _is_word_char(char):
    # the \w class of Unicode patterns
    return char.isalnum() or char == '_'


def _is_letter(char):
    # [^\d\W]: a word character that is not a decimal digit
    return _is_word_char(char) and not char.isdecimal()


def _is_word_punct(char):
    return _is_word_char(char) or char in _WORD_PUNCTUATION


def _char(text, index):
    return text[index] if 0 <= index < len(text) else ''


def _letter_at(text, index):
    char = _char(text, index)
    return char != '' and _is_letter(char)


def _hyphen_run_then_word(text, index):
    """Whether text[index:] is two or more '-' followed by a word char."""
    end = index
    while end < len(text) and text[end] == '-':
        end += 1
    return end - index >= 2 and end < len(text) and _is_word_char(text[end])


def _breaks_after_hyphen(text, hyphen):
    """A hyphen inside a compound word ("goof-ball", "x-ray-ish") ends a
    chunk: letters before it, and letter [hyphen] letter after it."""
    before_ok = ((_letter_at(text, hyphen - 2) and _letter_at(text, hyphen - 1))
                 or (_letter_at(text, hyphen - 3) and
                     _char(text, hyphen - 2) == '-' and
                     _letter_at(text, hyphen - 1)))
    if not before_ok or not _letter_at(text, hyphen + 1):
        return False
    return (_letter_at(text, hyphen + 2) or
            (_char(text, hyphen + 2) == '-' and _letter_at(text, hyphen + 3)))


def _word_chunk_end(text, start):
    """End of the word chunk starting at text[start] (not a space)."""
    index = start + 1
    while True:
        char = _char(text, index)
        if char == '' or char in _ASCII_WHITESPACE:
            return index
        if char == '-' and _breaks_after_hyphen(text, index):
            return index + 1
        if (_is_word_punct(text[index - 1]) and
                _hyphen_run_then_word(text, index)):
            return index
        index += 1


def split_chunks(text):
    """The indivisible pieces textwrap works with: runs of spaces, em-dashes
    between words, and words (possibly ending at a compound hyphen)."""
    chunks = []
    index = 0
    while index < len(text):
        if text[index] in _ASCII_WHITESPACE:
            end = index
            while end < len(text) and text[end] in _ASCII_WHITESPACE:
                end += 1
        elif (index > 0 and _is_word_punct(text[index - 1]) and
              _hyphen_run_then_word(text, index)):
            end = index
            while text[end] == '-':
                end += 1
        else:
            end = _word_chunk_end(text, index)
        chunks.append(text[index:end])
        index = end
    return chunks


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
