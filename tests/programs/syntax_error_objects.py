# SyntaxError objects made by a program, not the parser: CPython's
# SyntaxError.__init__ (msg, then the details tuple of 4 to 6 items, read only
# with exactly two arguments), every attribute None until set, and
# __str__'s 'msg (file, line N)' forms.
e = SyntaxError()
print(repr(str(e)), e.msg, e.filename, e.lineno, e.offset, e.text, e.end_lineno, e.end_offset, e.print_file_and_line, e.args)
e = SyntaxError('bad thing', ('/tmp/model.py', 3, 4, 'x = = 1\n', 3, 6))
print(repr(str(e)), e.msg, e.filename, e.lineno, e.offset, repr(e.text), e.end_lineno, e.end_offset, e.args)
e = SyntaxError('m', ['f.py', None, 2, 't'])
print(repr(str(e)), e.lineno, e.args)
e = SyntaxError(None, (None, 7, 1, None))
print(repr(str(e)))
e = SyntaxError('a', 'b', 'c')
print(repr(str(e)), e.msg, e.filename)
e = IndentationError('ind', ('g.py', 2, 1, '  x\n'))
print(repr(str(e)), e.msg)
for info in [('f',), ('f', 1, 2, 't', 5, 6, 7), 5]:
    try:
        SyntaxError('m', info)
    except TypeError as err:
        print('TypeError:', err)
e.msg = 'changed'
e.lineno = 'x'
print(repr(str(e)))
class MySyntax(SyntaxError):
    def __init__(self):
        pass
print(repr(str(MySyntax())), MySyntax().msg)
try:
    raise SyntaxError('raised here')
except SyntaxError as err:
    print('caught', err, err.lineno)
