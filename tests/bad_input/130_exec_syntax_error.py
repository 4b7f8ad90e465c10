# exec() of a string with a syntax error: the traceback shows the exec call,
# then the string's own line with a caret under the error, as CPython's.
# compare-traceback
source = "weights = [1, 2\n"
exec(source)
