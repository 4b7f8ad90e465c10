# A runtime error inside eval()'d code: the string's frame is "<string>",
# below the eval call; and an undefined name there is a NameError.
# compare-traceback
def score(expr):
    return eval(expr, {"limit": 3})


score("limit * factor")
