"""_codecs: the two functions pickles of bytes name (protocols 0-2 write
bytes as _codecs.encode(text, 'latin1'))."""


def encode(obj, encoding='utf-8', errors='strict'):
    return obj.encode(encoding, errors)


def decode(obj, encoding='utf-8', errors='strict'):
    return obj.decode(encoding, errors)
