"""The chunks textwrap's word-splitting pattern (TextWrapper.wordsep_re)
cuts text into, without a regular expression: runs of whitespace, em-dashes
"--" between words, and words, which also end after a hyphen inside a
compound word ("goof-" / "ball").  Shared by textwrap and argparse.
"""

_ASCII_WHITESPACE = ' \t\n\r\x0b\x0c'
_WORD_PUNCTUATION = '!"\'&.,?'


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
