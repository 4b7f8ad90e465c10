"""platform: what run metadata asks of it (python_version, system, node,
machine, release, platform, uname, python_implementation), answered as the
oracle's CPython 3.11.2 on Linux would; the host facts come from /proc."""

import collections
import sys

__all__ = ['python_version', 'python_version_tuple', 'python_implementation', 'system', 'node', 'release',
           'version', 'machine', 'processor', 'uname', 'platform', 'architecture']


def _proc(name, default=''):
    try:
        with open('/proc/sys/kernel/' + name) as f:
            return f.read().strip()
    except OSError:
        return default


def python_version():
    return '%d.%d.%d' % sys.version_info[:3]


def python_version_tuple():
    return tuple(str(x) for x in sys.version_info[:3])


def python_implementation():
    return 'CPython'


def python_compiler():
    return 'GCC 12.2.0'


def system():
    return 'Linux'


def node():
    return _proc('hostname')


def release():
    return _proc('osrelease')


def version():
    return _proc('version')


def machine():
    return 'x86_64'


def processor():
    return ''


def architecture(executable=sys.executable if hasattr(sys, 'executable') else '', bits='', linkage=''):
    return ('64bit', 'ELF')


uname_result = collections.namedtuple('uname_result', 'system node release version machine')


def uname():
    return uname_result(system(), node(), release(), version(), machine())


def platform(aliased=False, terse=False):
    if terse:
        return 'Linux-%s' % release()
    return 'Linux-%s-x86_64-with-glibc2.36' % release()
