"""csv: reader, writer, DictReader, DictWriter and the dialects 'excel',
'excel-tab' and 'unix', with CPython's quoting rules (QUOTE_MINIMAL, ALL,
NONNUMERIC, NONE), doublequote/escapechar, skipinitialspace and strict, and
its error messages for the common mistakes."""

__all__ = ["QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "Error", "Dialect", "excel",
           "excel_tab", "unix_dialect", "reader", "writer", "register_dialect", "get_dialect", "list_dialects",
           "unregister_dialect", "field_size_limit", "DictReader", "DictWriter", "Sniffer"]

QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE = range(4)
_field_limit = 131072


class Error(Exception):
    pass


Error.__module__ = '_csv'


class Dialect:
    _name = ""
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None
    strict = False

    def __init__(self):
        if self.__class__ != Dialect:
            self._valid = True


class excel(Dialect):
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    delimiter = '\t'


class unix_dialect(Dialect):
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\n'
    quoting = QUOTE_ALL


_dialects = {'excel': excel, 'excel-tab': excel_tab, 'unix': unix_dialect}


def register_dialect(name, dialect=None, **fmtparams):
    _dialects[name] = _Params(dialect or excel, fmtparams)


def unregister_dialect(name):
    if name not in _dialects:
        raise Error("unknown dialect")
    del _dialects[name]


def get_dialect(name):
    try:
        return _dialects[name]
    except KeyError:
        raise Error("unknown dialect") from None


def list_dialects():
    return list(_dialects)


def field_size_limit(new_limit=None):
    global _field_limit
    old = _field_limit
    if new_limit is not None:
        _field_limit = new_limit
    return old


class _Params:
    """The resolved formatting parameters of a reader or writer."""

    def __init__(self, dialect, kwargs):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        for name in ('delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace', 'lineterminator',
                     'quoting', 'strict'):
            value = kwargs[name] if name in kwargs else getattr(dialect, name, None)
            setattr(self, name, value)
        unknown = set(kwargs) - {'delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace',
                                 'lineterminator', 'quoting', 'strict'}
        if unknown:
            raise TypeError("'%s' is an invalid keyword argument for this function" % sorted(unknown)[0])
        if self.delimiter is None:
            self.delimiter = ','
        if self.doublequote is None:
            self.doublequote = True
        if self.quoting is None:
            self.quoting = QUOTE_MINIMAL
        if self.lineterminator is None:
            self.lineterminator = '\r\n'
        if not isinstance(self.delimiter, str) or len(self.delimiter) != 1:
            raise TypeError('"delimiter" must be a 1-character string')
        if self.quotechar == '':
            self.quotechar = None
        if self.quotechar is None and self.quoting != QUOTE_NONE:
            raise TypeError('quotechar must be set if quoting enabled')
        if not isinstance(self.lineterminator, str):
            raise TypeError('"lineterminator" must be a string')


class _Writer:
    def __init__(self, f, params):
        if not hasattr(f, 'write'):
            raise TypeError('argument 1 must have a "write" method')
        self._write = f.write
        self.dialect = params
        self._p = params

    def _quote(self, field, numeric):
        p = self._p
        if field is None:
            text = ''
        elif isinstance(field, float):
            text = repr(field)
        else:
            text = str(field)
        if p.quoting == QUOTE_ALL or (p.quoting == QUOTE_NONNUMERIC and not numeric):
            needs = True
        else:
            needs = False
        special = p.delimiter + (p.quotechar or '') + '\r\n' + (p.escapechar or '')
        if p.quoting == QUOTE_NONE:
            out = []
            for ch in text:
                if ch in special and ch != p.escapechar or ch == p.escapechar:
                    if not p.escapechar:
                        raise Error('need to escape, but no escapechar set')
                    out.append(p.escapechar)
                out.append(ch)
            return ''.join(out)
        if not needs and any(ch in special for ch in text):
            needs = True
        if p.quotechar and p.quotechar in text:
            if p.doublequote:
                text = text.replace(p.quotechar, p.quotechar * 2)
            else:
                if not p.escapechar:
                    raise Error('need to escape, but no escapechar set')
                text = text.replace(p.quotechar, p.escapechar + p.quotechar)
            needs = True
        if p.escapechar and not p.doublequote:
            pass
        return p.quotechar + text + p.quotechar if needs else text

    def writerow(self, row):
        try:
            fields = list(row)
        except TypeError:
            raise Error("iterable expected, not %s" % type(row).__name__) from None
        p = self._p
        parts = []
        for field in fields:
            numeric = isinstance(field, (int, float)) and not isinstance(field, bool) or field is None and False
            parts.append(self._quote(field, numeric))
        if len(parts) == 1 and parts[0] == '':
            if p.quoting == QUOTE_NONE:
                raise Error('single empty field record must be quoted')
            parts[0] = p.quotechar * 2
        line = p.delimiter.join(parts) + p.lineterminator
        return self._write(line)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect='excel', **fmtparams):
    return _Writer(csvfile, _Params(dialect, fmtparams))


class _Reader:
    def __init__(self, f, params):
        self._it = iter(f)
        self.dialect = params
        self._p = params
        self.line_num = 0

    def __iter__(self):
        return self

    def __next__(self):
        p = self._p
        fields = []
        field = []
        state = 'start'
        quoted = False
        while True:
            line = next(self._it)
            self.line_num += 1
            i = 0
            n = len(line)
            while i < n:
                ch = line[i]
                if state == 'start':
                    if ch in '\r\n':
                        if ch == '\r' and line[i + 1:i + 2] == '\n':
                            i += 1
                        if field or fields:
                            fields.append(''.join(field))
                        return fields
                    state = 'field_start'
                    continue
                if state == 'field_start':
                    if ch == p.quotechar and p.quoting != QUOTE_NONE:
                        state = 'in_quoted'
                        quoted = True
                    elif ch == p.escapechar:
                        state = 'escape'
                    elif ch == ' ' and p.skipinitialspace:
                        pass
                    elif ch == p.delimiter:
                        fields.append(self._convert(''.join(field), quoted))
                        field = []
                        quoted = False
                    elif ch in '\r\n':
                        fields.append(self._convert(''.join(field), quoted))
                        return fields
                    else:
                        field.append(ch)
                        state = 'in_field'
                elif state == 'in_field':
                    if ch == p.delimiter:
                        fields.append(self._convert(''.join(field), quoted))
                        field = []
                        quoted = False
                        state = 'field_start'
                    elif ch == p.escapechar:
                        state = 'escape'
                    elif ch in '\r\n':
                        fields.append(self._convert(''.join(field), quoted))
                        return fields
                    else:
                        field.append(ch)
                elif state == 'escape':
                    field.append(ch)
                    state = 'in_field'
                elif state == 'in_quoted':
                    if ch == p.quotechar:
                        state = 'quote_in_quoted' if p.doublequote else 'in_field'
                    elif ch == p.escapechar:
                        state = 'escape_in_quoted'
                    else:
                        field.append(ch)
                elif state == 'escape_in_quoted':
                    field.append(ch)
                    state = 'in_quoted'
                elif state == 'quote_in_quoted':
                    if ch == p.quotechar:
                        field.append(ch)
                        state = 'in_quoted'
                    elif ch == p.delimiter:
                        fields.append(self._convert(''.join(field), quoted))
                        field = []
                        quoted = False
                        state = 'field_start'
                    elif ch in '\r\n':
                        fields.append(self._convert(''.join(field), quoted))
                        return fields
                    elif p.strict:
                        raise Error("'%c' expected after '%c'" % (p.delimiter, p.quotechar))
                    else:
                        field.append(ch)
                        state = 'in_field'
                i += 1
            if state in ('in_quoted', 'escape_in_quoted'):
                continue        # a quoted field runs on to the next line
            if state != 'start':
                fields.append(self._convert(''.join(field), quoted))
            return fields

    def _convert(self, text, quoted):
        if self._p.quoting == QUOTE_NONNUMERIC and not quoted:
            return float(text) if text else text
        return text


def reader(csvfile, dialect='excel', **fmtparams):
    return _Reader(csvfile, _Params(dialect, fmtparams))


class DictReader:
    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    def __init__(self, f, fieldnames, restval="", extrasaction="raise", dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong_fields = rowdict.keys() - self.fieldnames
            if wrong_fields:
                raise ValueError("dict contains fields not in fieldnames: " + ", ".join([repr(x) for x in wrong_fields]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))


class Sniffer:
    def __init__(self):
        raise NotImplementedError("csv.Sniffer is not provided by backstep")
