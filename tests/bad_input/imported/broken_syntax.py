scale = 2

def double(x:
    return x * scale
