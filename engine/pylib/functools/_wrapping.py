"""update_wrapper and wraps: make a wrapper function look like the function
it wraps (name, qualname, docstring, module, annotations, attributes) and
remember it as __wrapped__."""

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__',
                       '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS,
                   updated=WRAPPER_UPDATES):
    """Update a wrapper function to look like the wrapped function."""
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            continue
        setattr(wrapper, attr, value)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    # Set last: copying wrapped.__dict__ may have brought its own
    # __wrapped__ along.
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator factory applying update_wrapper() to a wrapper function:
    @wraps(f) def wrapper(...): ..."""
    from functools._partial import partial
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned,
                   updated=updated)
