"""torch.torch_version: torch.__version__ as PyTorch types it, a str that
compares as a version with strings, tuples and lists:
torch.__version__ >= "2.0", torch.__version__ >= (2, 0).

Versions compare as PEP 440 says (release numbers padded with zeros, then
pre-release, post-release, dev release, then the local label, so
"2.15.0+cu132" > "2.15.0"). Anything that does not parse as a version
compares as a plain str, as PyTorch falls back to str's comparison."""

import re

__all__ = ["TorchVersion"]

_VERSION = re.compile(
    r"v?(?:(?P<epoch>[0-9]+)!)?(?P<release>[0-9]+(?:\.[0-9]+)*)"
    r"(?:[-_.]?(?P<pre_l>a|b|c|rc|alpha|beta|pre|preview)[-_.]?(?P<pre_n>[0-9]+)?)?"
    r"(?:-(?P<post_n1>[0-9]+)|[-_.]?(?P<post_l>post|rev|r)[-_.]?(?P<post_n2>[0-9]+)?)?"
    r"(?:[-_.]?(?P<dev_l>dev)[-_.]?(?P<dev_n>[0-9]+)?)?"
    r"(?:\+(?P<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?",
    re.IGNORECASE,
)

_PRE = {"a": "a", "alpha": "a", "b": "b", "beta": "b", "c": "rc", "rc": "rc", "pre": "rc", "preview": "rc"}
_INF = (1, 0)   # sorts after every (0, n)
_NEG = (-1, 0)  # sorts before every (0, n)


class _InvalidVersion(ValueError):
    pass


def _key(text):
    """The sort key of a version string (PEP 440's ordering)."""
    m = _VERSION.fullmatch(text.strip())
    if m is None:
        raise _InvalidVersion(text)
    release = [int(p) for p in m.group("release").split(".")]
    while len(release) > 1 and release[-1] == 0:
        release.pop()
    pre = (0, _PRE[m.group("pre_l").lower()], int(m.group("pre_n") or 0)) if m.group("pre_l") else None
    post_n = m.group("post_n1") or m.group("post_n2")
    post = (0, int(post_n or 0)) if (m.group("post_n1") or m.group("post_l")) else _NEG
    dev = (0, int(m.group("dev_n") or 0)) if m.group("dev_l") else _INF
    if pre is None:
        # A dev release without pre or post sorts before the pre-releases.
        pre = (-1, "", 0) if dev != _INF and post == _NEG else (1, "", 0)
    local = ()
    if m.group("local"):
        local = tuple((1, int(p), "") if p.isdigit() else (0, 0, p.lower()) for p in re.split(r"[-_.]", m.group("local")))
    return (int(m.group("epoch") or 0), tuple(release), pre, post, dev, (1,) + local if local else (0,))


def _other_key(other):
    if isinstance(other, str):
        return _key(other)
    if isinstance(other, (tuple, list)):
        return _key(".".join(str(item) for item in other))
    raise _InvalidVersion(other)


class TorchVersion(str):
    """A str holding a version; compares with strings, tuples and lists as
    versions do."""

    def _compare(self, other, op, fallback):
        try:
            return op(_key(self), _other_key(other))
        except _InvalidVersion:
            return fallback(self, other)

    def __lt__(self, other):
        return self._compare(other, lambda a, b: a < b, str.__lt__)

    def __le__(self, other):
        return self._compare(other, lambda a, b: a <= b, str.__le__)

    def __gt__(self, other):
        return self._compare(other, lambda a, b: a > b, str.__gt__)

    def __ge__(self, other):
        return self._compare(other, lambda a, b: a >= b, str.__ge__)

    def __eq__(self, other):
        return self._compare(other, lambda a, b: a == b, str.__eq__)

    # __ne__ stays str's, as in PyTorch (it only overrides the five above).
    __hash__ = str.__hash__
