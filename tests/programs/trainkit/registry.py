REGISTRY = {}


def register(name):
    def deco(cls):
        if name in REGISTRY:
            raise KeyError(f"{name!r} is already registered")
        REGISTRY[name] = cls
        return cls
    return deco


def build(name, *args, **kwargs):
    try:
        cls = REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown model {name!r}; known: {sorted(REGISTRY)}") from None
    return cls(*args, **kwargs)
