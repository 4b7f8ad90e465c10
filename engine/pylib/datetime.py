"""datetime: timedelta, date, time, datetime, timezone and tzinfo as CPython
3.11 has them for what scripts do with them: stamps for run names and logs
(now().strftime(...), isoformat()), durations (timedelta arithmetic and
str), parsing ISO strings and strptime with the common directives.
Proleptic Gregorian calendar, years 1..9999; reprs, str() and error
messages are CPython's.
"""

import time as _time
import math as _math

__all__ = ("date", "datetime", "time", "timedelta", "timezone", "tzinfo", "MINYEAR", "MAXYEAR", "UTC")

MINYEAR = 1
MAXYEAR = 9999
_MAXORDINAL = 3652059

_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_dbm = 0
for _dim in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_dbm)
    _dbm += _dim
del _dbm, _dim

_MONTHNAMES = [None, "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_DAYNAMES = [None, "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_FULL_MONTHS = [None, "January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"]
_FULL_DAYS = [None, "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _cmp(x, y):
    return 0 if x == y else 1 if x > y else -1


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_before_year(year):
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _days_before_month(year, month):
    return _DAYS_BEFORE_MONTH[month] + (month > 2 and _is_leap(year))


def _ymd2ord(year, month, day):
    return _days_before_year(year) + _days_before_month(year, month) + day


_DI400Y = _days_before_year(401)
_DI100Y = _days_before_year(101)
_DI4Y = _days_before_year(5)


def _ord2ymd(n):
    n -= 1
    n400, n = divmod(n, _DI400Y)
    year = n400 * 400 + 1
    n100, n = divmod(n, _DI100Y)
    n4, n = divmod(n, _DI4Y)
    n1, n = divmod(n, 365)
    year += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    leapyear = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    preceding = _DAYS_BEFORE_MONTH[month] + (month > 2 and leapyear)
    if preceding > n:
        month -= 1
        preceding -= _DAYS_IN_MONTH[month] + (month == 2 and leapyear)
    n -= preceding
    return year, month, n + 1


def _check_int(value):
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        raise TypeError('integer argument expected, got float')
    try:
        return value.__index__()
    except AttributeError:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(value).__name__) from None


def _check_date_fields(year, month, day):
    year, month, day = _check_int(year), _check_int(month), _check_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError('year %d is out of range' % year)
    if not 1 <= month <= 12:
        raise ValueError('month must be in 1..12')
    dim = _days_in_month(year, month)
    if not 1 <= day <= dim:
        raise ValueError('day is out of range for month')
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour, minute = _check_int(hour), _check_int(minute)
    second, microsecond = _check_int(second), _check_int(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError('hour must be in 0..23')
    if not 0 <= minute <= 59:
        raise ValueError('minute must be in 0..59')
    if not 0 <= second <= 59:
        raise ValueError('second must be in 0..59')
    if not 0 <= microsecond <= 999999:
        raise ValueError('microsecond must be in 0..999999')
    if fold not in (0, 1):
        raise ValueError('fold must be either 0 or 1')
    return hour, minute, second, microsecond, fold


def _check_tzinfo_arg(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tz).__name__)


def _format_offset(off, sep=':'):
    s = ''
    if off is not None:
        if off.days < 0:
            sign = "-"
            off = -off
        else:
            sign = "+"
        hh, mm = divmod(off, timedelta(hours=1))
        mm, ss = divmod(mm, timedelta(minutes=1))
        s += "%s%02d%s%02d" % (sign, hh, sep, mm)
        if ss or ss.microseconds:
            s += "%s%02d" % (sep, ss.seconds)
            if ss.microseconds:
                s += '.%06d' % ss.microseconds
    return s


def _format_time(hh, mm, ss, us, timespec='auto'):
    specs = {'hours': '{:02d}', 'minutes': '{:02d}:{:02d}', 'seconds': '{:02d}:{:02d}:{:02d}',
             'milliseconds': '{:02d}:{:02d}:{:02d}.{:03d}', 'microseconds': '{:02d}:{:02d}:{:02d}.{:06d}'}
    if timespec == 'auto':
        timespec = 'microseconds' if us else 'seconds'
    elif timespec == 'milliseconds':
        us //= 1000
    try:
        fmt = specs[timespec]
    except KeyError:
        raise ValueError('Unknown timespec value')
    return fmt.format(hh, mm, ss, us)


def _wrap_strftime(obj, fmt, timetuple):
    """%f, %z, %Z and %:z (the ones time.strftime cannot know) first, then
    time.strftime for the rest."""
    out = []
    i, n = 0, len(fmt)
    while i < n:
        ch = fmt[i]
        i += 1
        if ch != '%' or i >= n:
            out.append(ch)
            continue
        ch = fmt[i]
        i += 1
        if ch == 'f':
            out.append('%06d' % getattr(obj, 'microsecond', 0))
        elif ch == 'z':
            off = obj.utcoffset() if hasattr(obj, 'utcoffset') else None
            out.append(_format_offset(off, '') if off is not None else '')
        elif ch == 'Z':
            name = obj.tzname() if hasattr(obj, 'tzname') else None
            out.append((name or '').replace('%', '%%'))
        else:
            out.append('%' + ch)
    return _time.strftime(''.join(out), timetuple)


class timedelta:
    """A duration: days, seconds (0..86399) and microseconds (0..999999)."""

    __slots__ = '_days', '_seconds', '_microseconds', '_hashcode'

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        for name, value in (('days', days), ('seconds', seconds), ('microseconds', microseconds),
                            ('milliseconds', milliseconds), ('minutes', minutes), ('hours', hours),
                            ('weeks', weeks)):
            if not isinstance(value, (int, float)):
                raise TypeError("unsupported type for timedelta %s component: %s" % (name, type(value).__name__))
        # Exact arithmetic in microseconds: ints exactly, floats rounded
        # half to even once, as CPython's C implementation does.
        total = 0
        frac = 0.0
        for value, scale in ((weeks, 604800000000), (days, 86400000000), (hours, 3600000000),
                             (minutes, 60000000), (seconds, 1000000), (milliseconds, 1000), (microseconds, 1)):
            if isinstance(value, float):
                whole = _math.floor(value)
                total += int(whole) * scale
                frac += (value - whole) * scale
            else:
                total += value * scale
        if frac:
            # Round the whole count half to even, as CPython does.
            ipart = _math.floor(frac)
            total += int(ipart)
            rest = frac - ipart
            if rest > 0.5 or rest == 0.5 and total % 2 == 1:
                total += 1
        d, us = divmod(total, 86400000000)
        s, us = divmod(us, 1000000)
        if abs(d) > 999999999:
            raise OverflowError("days=%d; must have magnitude <= 999999999" % d)
        self = object.__new__(cls)
        self._days = d
        self._seconds = s
        self._microseconds = us
        self._hashcode = -1
        return self

    @classmethod
    def _from_us(cls, us):
        return cls(microseconds=us)

    def _to_us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    def __repr__(self):
        args = []
        if self._days:
            args.append("days=%d" % self._days)
        if self._seconds:
            args.append("seconds=%d" % self._seconds)
        if self._microseconds:
            args.append("microseconds=%d" % self._microseconds)
        if not args:
            args.append('0')
        return "%s.%s(%s)" % (_module_name(self), self.__class__.__qualname__, ', '.join(args))

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = "%d:%02d:%02d" % (hh, mm, ss)
        if self._days:
            def plural(n):
                return n, abs(n) != 1 and "s" or ""
            s = ("%d day%s, " % plural(self._days)) + s
        if self._microseconds:
            s = s + ".%06d" % self._microseconds
        return s

    def total_seconds(self):
        return self._to_us() / 10**6

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() + other._to_us())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() - other._to_us())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta._from_us(-self._to_us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._from_us(self._to_us() * other)
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta._from_us(_divide_and_round(self._to_us() * a, b))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if not isinstance(other, (int, timedelta)):
            return NotImplemented
        usec = self._to_us()
        if isinstance(other, timedelta):
            return usec // other._to_us()
        return timedelta._from_us(usec // other)

    def __truediv__(self, other):
        if not isinstance(other, (int, float, timedelta)):
            return NotImplemented
        usec = self._to_us()
        if isinstance(other, timedelta):
            return usec / other._to_us()
        if isinstance(other, int):
            return timedelta._from_us(_divide_and_round(usec, other))
        a, b = other.as_integer_ratio()
        return timedelta._from_us(_divide_and_round(b * usec, a))

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() % other._to_us())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_us(), other._to_us())
            return q, timedelta._from_us(r)
        return NotImplemented

    def _getstate(self):
        return (self._days, self._seconds, self._microseconds)

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._getstate() == other._getstate()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._getstate() < other._getstate()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._getstate() <= other._getstate()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._getstate() > other._getstate()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._getstate() >= other._getstate()
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._getstate())
        return self._hashcode

    def __bool__(self):
        return self._days != 0 or self._seconds != 0 or self._microseconds != 0

    def __reduce__(self):
        return (self.__class__, self._getstate())


def _divide_and_round(a, b):
    q, r = divmod(a, b)
    r *= 2
    greater_than_half = r > b if b > 0 else r < b
    if greater_than_half or r == b and q % 2 == 1:
        q += 1
    return q


def _module_name(obj):
    return 'datetime'


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


class tzinfo:
    """Abstract base of time zone information."""
    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("tzinfo subclass must override tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("tzinfo subclass must override utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("tzinfo subclass must override dst()")

    def fromutc(self, dt):
        dtoff = dt.utcoffset()
        dtdst = dt.dst()
        delta = dtoff - dtdst
        if delta:
            dt += delta
            dtdst = dt.dst()
        return dt + dtdst


class date:
    """A calendar date."""

    __slots__ = '_year', '_month', '_day', '_hashcode'

    def __new__(cls, year, month=None, day=None):
        year, month, day = _check_date_fields(year, month, day)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hashcode = -1
        return self

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, hh, mm, ss, weekday, jday, dst = _time.localtime(t)
        return cls(y, m, d)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            return cls(*_parse_isoformat_date(date_string))
        except (ValueError, IndexError):
            raise ValueError(f'Invalid isoformat string: {date_string!r}') from None

    @classmethod
    def fromisocalendar(cls, year, week, day):
        first = _isoweek1monday(year)
        return cls.fromordinal(first + (week - 1) * 7 + day - 1)

    def __repr__(self):
        return "%s.%s(%d, %d, %d)" % (_module_name(self), self.__class__.__qualname__, self._year, self._month,
                                      self._day)

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d 00:00:00 %04d" % (_DAYNAMES[weekday], _MONTHNAMES[self._month], self._day, self._year)

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, self.timetuple())

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def isoformat(self):
        return "%04d-%02d-%02d" % (self._year, self._month, self._day)

    __str__ = isoformat

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def timetuple(self):
        return _build_struct_time(self._year, self._month, self._day, 0, 0, 0, -1)

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        if year is None:
            year = self._year
        if month is None:
            month = self._month
        if day is None:
            day = self._day
        return type(self)(year, month, day)

    def _cmp(self, other):
        y, m, d = self._year, self._month, self._day
        y2, m2, d2 = other._year, other._month, other._day
        return _cmp((y, m, d), (y2, m2, d2))

    def __eq__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) == 0
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) <= 0
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) < 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) >= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) > 0
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash((self._year, self._month, self._day))
        return self._hashcode

    def __add__(self, other):
        if isinstance(other, timedelta):
            o = self.toordinal() + other.days
            if 0 < o <= _MAXORDINAL:
                return type(self).fromordinal(o)
            raise OverflowError("result out of range")
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        year = self._year
        week1monday = _isoweek1monday(year)
        today = _ymd2ord(self._year, self._month, self._day)
        week, day = divmod(today - week1monday, 7)
        if week < 0:
            year -= 1
            week1monday = _isoweek1monday(year)
            week, day = divmod(today - week1monday, 7)
        elif week >= 52:
            if today >= _isoweek1monday(year + 1):
                year += 1
                week = 0
        return _IsoCalendarDate(year, week + 1, day + 1)

    def __reduce__(self):
        return (self.__class__, (self._year, self._month, self._day))


def _isoweek1monday(year):
    THURSDAY = 3
    firstday = _ymd2ord(year, 1, 1)
    firstweekday = (firstday + 6) % 7
    week1monday = firstday - firstweekday
    if firstweekday > THURSDAY:
        week1monday += 7
    return week1monday


class _IsoCalendarDate(tuple):
    def __new__(cls, year, week, weekday):
        return super().__new__(cls, (year, week, weekday))

    @property
    def year(self):
        return self[0]

    @property
    def week(self):
        return self[1]

    @property
    def weekday(self):
        return self[2]

    def __repr__(self):
        return f'datetime.IsoCalendarDate(year={self[0]}, week={self[1]}, weekday={self[2]})'


_IsoCalendarDate.__name__ = 'IsoCalendarDate'


def _build_struct_time(y, m, d, hh, mm, ss, dstflag):
    wday = (_ymd2ord(y, m, d) + 6) % 7
    dnum = _days_before_month(y, m) + d
    return _time.struct_time((y, m, d, hh, mm, ss, wday, dnum, dstflag))


def _parse_isoformat_date(s):
    if len(s) == 8 and s.isdigit():
        return int(s[0:4]), int(s[4:6]), int(s[6:8])
    if len(s) < 10 or s[4] != '-' or s[7] != '-':
        raise ValueError('Invalid date')
    return int(s[0:4]), int(s[5:7]), int(s[8:10])


def _parse_isoformat_time(s):
    """(hour, minute, second, microsecond, tzinfo) of 'HH[:MM[:SS[.fff[fff]]]][+HH:MM|Z]'."""
    tz = None
    for sep in ('+', '-', 'Z'):
        i = s.find(sep)
        if i >= 0:
            tzs = s[i:]
            s = s[:i]
            if tzs == 'Z':
                tz = timezone.utc
            else:
                sign = -1 if tzs[0] == '-' else 1
                hh, mm, ss, us = _parse_hms(tzs[1:])
                td = timedelta(hours=hh, minutes=mm, seconds=ss, microseconds=us)
                tz = timezone.utc if not td else timezone(sign * td)
            break
    hh, mm, ss, us = _parse_hms(s)
    return hh, mm, ss, us, tz


def _parse_hms(s):
    parts = [0, 0, 0, 0]
    frac = ''
    for sep in '.,':
        if sep in s:
            s, frac = s.split(sep, 1)
    if ':' in s:
        fields = s.split(':')
    else:
        fields = [s[i:i + 2] for i in range(0, len(s), 2)]
    if not 1 <= len(fields) <= 3 or any(len(f) != 2 or not f.isdigit() for f in fields):
        raise ValueError('Invalid time')
    for i, f in enumerate(fields):
        parts[i] = int(f)
    if frac:
        if not frac.isdigit():
            raise ValueError('Invalid microseconds')
        parts[3] = int((frac + '000000')[:6])
    return parts


class time:
    """A time of day, with optional tzinfo."""

    __slots__ = '_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_hashcode', '_fold'

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo_arg(tzinfo)
        self = object.__new__(cls)
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._hashcode = -1
        self._fold = fold
        return self

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    def _key(self):
        return (self._hour, self._minute, self._second, self._microsecond)

    def __eq__(self, other):
        if isinstance(other, time):
            return self._key() == other._key()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, time):
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, time):
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, time):
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, time):
            return self._key() >= other._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        if self._microsecond != 0:
            s = ", %d, %d" % (self._second, self._microsecond)
        elif self._second != 0:
            s = ", %d" % self._second
        else:
            s = ""
        s = "%s.%s(%d, %d%s)" % (_module_name(self), self.__class__.__qualname__, self._hour, self._minute, s)
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r" % self._tzinfo + ")"
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def isoformat(self, timespec='auto'):
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        tz = self.utcoffset()
        if tz is not None:
            s += _format_offset(tz)
        return s

    __str__ = isoformat

    @classmethod
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            hh, mm, ss, us, tz = _parse_isoformat_time(time_string.removeprefix('T'))
            return cls(hh, mm, ss, us, tz)
        except Exception:
            raise ValueError(f'Invalid isoformat string: {time_string!r}') from None

    def strftime(self, fmt):
        timetuple = (1900, 1, 1, self._hour, self._minute, self._second, 0, 1, -1)
        return _wrap_strftime(self, fmt, timetuple)

    def __format__(self, fmt):
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(None)

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(None)

    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(None)

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._hour if hour is None else hour, self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo, fold=self._fold if fold is None else fold)


class datetime(date):
    """A date and a time of day, with optional tzinfo."""

    __slots__ = time.__slots__

    def __new__(cls, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *,
                fold=0):
        year, month, day = _check_date_fields(year, month, day)
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo_arg(tzinfo)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._hashcode = -1
        self._fold = fold
        return self

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    @classmethod
    def _fromtimestamp(cls, t, utc, tz):
        frac, t = _math.modf(t)
        us = round(frac * 1e6)
        if us >= 1000000:
            t += 1
            us -= 1000000
        elif us < 0:
            t -= 1
            us += 1000000
        converter = _time.gmtime if utc else _time.localtime
        y, m, d, hh, mm, ss, weekday, jday, dst = converter(t)
        ss = min(ss, 59)
        result = cls(y, m, d, hh, mm, ss, us, tz)
        return result

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo_arg(tz)
        result = cls._fromtimestamp(t, tz is not None, tz)
        if tz is not None:
            result = tz.fromutc(result)
        return result

    @classmethod
    def utcfromtimestamp(cls, t):
        return cls._fromtimestamp(t, True, None)

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second, time.microsecond, tzinfo,
                   fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            if len(date_string) > 10 and date_string[10] in 'T ':
                dpart, tpart = date_string[:10], date_string[11:]
            elif len(date_string) > 8 and date_string[:8].isdigit() and date_string[8] == 'T':
                dpart, tpart = date_string[:8], date_string[9:]
            else:
                dpart, tpart = date_string, ''
            y, m, d = _parse_isoformat_date(dpart)
            if tpart:
                hh, mm, ss, us, tz = _parse_isoformat_time(tpart)
            else:
                hh, mm, ss, us, tz = 0, 0, 0, 0, None
            return cls(y, m, d, hh, mm, ss, us, tz)
        except (ValueError, IndexError):
            raise ValueError(f'Invalid isoformat string: {date_string!r}') from None

    @classmethod
    def strptime(cls, date_string, format):
        return _strptime(cls, date_string, format)

    def timetuple(self):
        dst = self.dst()
        if dst is None:
            dst = -1
        elif dst:
            dst = 1
        else:
            dst = 0
        return _build_struct_time(self.year, self.month, self.day, self.hour, self.minute, self.second, dst)

    def _mktime(self):
        return int(_time.mktime((self.year, self.month, self.day, self.hour, self.minute, self.second, -1, -1, -1)))

    def timestamp(self):
        if self._tzinfo is None:
            s = self._mktime()
            return s + self.microsecond / 1e6
        return (self - _EPOCH).total_seconds()

    def utctimetuple(self):
        offset = self.utcoffset()
        if offset:
            self -= offset
        return _build_struct_time(self.year, self.month, self.day, self.hour, self.minute, self.second, 0)

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self.hour, self.minute, self.second, self.microsecond, fold=self.fold)

    def timetz(self):
        return time(self.hour, self.minute, self.second, self.microsecond, self._tzinfo, fold=self.fold)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None, microsecond=None,
                tzinfo=True, *, fold=None):
        return type(self)(self.year if year is None else year, self.month if month is None else month,
                          self.day if day is None else day, self.hour if hour is None else hour,
                          self.minute if minute is None else minute, self.second if second is None else second,
                          self.microsecond if microsecond is None else microsecond,
                          self.tzinfo if tzinfo is True else tzinfo, fold=self.fold if fold is None else fold)

    def astimezone(self, tz=None):
        if tz is None:
            tz = _local_timezone(self)
        elif not isinstance(tz, tzinfo):
            raise TypeError("tz argument must be an instance of tzinfo")
        mytz = self.tzinfo
        if mytz is None:
            mytz = _local_timezone(self)
            myoffset = mytz.utcoffset(self)
        else:
            myoffset = mytz.utcoffset(self)
            if myoffset is None:
                mytz = _local_timezone(self.replace(tzinfo=None))
                myoffset = mytz.utcoffset(self)
        if tz is mytz:
            return self
        utc = (self - myoffset).replace(tzinfo=tz)
        return tz.fromutc(utc)

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d %02d:%02d:%02d %04d" % (_DAYNAMES[weekday], _MONTHNAMES[self._month], self._day,
                                                  self._hour, self._minute, self._second, self._year)

    def isoformat(self, sep='T', timespec='auto'):
        s = ("%04d-%02d-%02d%c" % (self._year, self._month, self._day, sep) +
             _format_time(self._hour, self._minute, self._second, self._microsecond, timespec))
        off = self.utcoffset()
        tz = _format_offset(off)
        if tz:
            s += tz
        return s

    def __repr__(self):
        L = [self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond]
        if L[-1] == 0:
            del L[-1]
        if L[-1] == 0:
            del L[-1]
        s = "%s.%s(%s)" % (_module_name(self), self.__class__.__qualname__, ", ".join(map(str, L)))
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r" % self._tzinfo + ")"
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def __str__(self):
        return self.isoformat(sep=' ')

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(self)

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(self)

    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(self)

    def _key(self):
        return (self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond)

    def _cmp(self, other):
        mytz, ottz = self._tzinfo, other._tzinfo
        myoff = otoff = None
        if mytz is ottz:
            base_compare = True
        else:
            myoff = self.utcoffset()
            otoff = other.utcoffset()
            base_compare = myoff == otoff
        if base_compare:
            return _cmp(self._key(), other._key())
        if myoff is None or otoff is None:
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        diff = self - other
        if diff.days < 0:
            return -1
        return diff and 1 or 0

    def __eq__(self, other):
        if isinstance(other, datetime):
            try:
                return self._cmp(other) == 0
            except TypeError:
                return False
        if not isinstance(other, date):
            return NotImplemented
        return False

    def __le__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) <= 0
        if not isinstance(other, date):
            return NotImplemented
        raise TypeError("can't compare '%s' to '%s'" % (type(self).__name__, type(other).__name__))

    def __lt__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) < 0
        if not isinstance(other, date):
            return NotImplemented
        raise TypeError("can't compare '%s' to '%s'" % (type(self).__name__, type(other).__name__))

    def __ge__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) >= 0
        if not isinstance(other, date):
            return NotImplemented
        raise TypeError("can't compare '%s' to '%s'" % (type(self).__name__, type(other).__name__))

    def __gt__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) > 0
        if not isinstance(other, date):
            return NotImplemented
        raise TypeError("can't compare '%s' to '%s'" % (type(self).__name__, type(other).__name__))

    def _us_since_epoch0(self):
        days = self.toordinal()
        return ((days * 86400 + self._hour * 3600 + self._minute * 60 + self._second) * 1000000 +
                self._microsecond)

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        us = self._us_since_epoch0() + other._to_us()
        days, us = divmod(us, 86400000000)
        if not 0 < days <= _MAXORDINAL:
            raise OverflowError("date value out of range")
        secs, us = divmod(us, 1000000)
        hh, secs = divmod(secs, 3600)
        mm, ss = divmod(secs, 60)
        y, m, d = _ord2ymd(days)
        return type(self)(y, m, d, hh, mm, ss, us, tzinfo=self._tzinfo)

    __radd__ = __add__

    def __sub__(self, other):
        if not isinstance(other, datetime):
            if isinstance(other, timedelta):
                return self + -other
            return NotImplemented
        base = timedelta(microseconds=self._us_since_epoch0() - other._us_since_epoch0())
        if self._tzinfo is other._tzinfo:
            return base
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        if myoff == otoff:
            return base
        if myoff is None or otoff is None:
            raise TypeError("cannot mix naive and timezone-aware time")
        return base + otoff - myoff

    def __hash__(self):
        if self._hashcode == -1:
            t = self
            off = self.utcoffset()
            if off:
                t = self - off
            self._hashcode = hash(t._key())
        return self._hashcode

    def __reduce__(self):
        return (self.__class__, self._key() + ((self._tzinfo,) if self._tzinfo else ()))


def _local_timezone(dt):
    ts = (dt - _EPOCH.replace(tzinfo=None)) // timedelta(seconds=1) if dt.tzinfo is None else dt.timestamp()
    localtm = _time.localtime(ts)
    return timezone(timedelta(seconds=localtm.tm_gmtoff), localtm.tm_zone)


class timezone(tzinfo):
    """A fixed offset from UTC."""

    __slots__ = '_offset', '_name'

    _Omitted = object()

    def __new__(cls, offset, name=_Omitted):
        if not isinstance(offset, timedelta):
            raise TypeError("offset must be a timedelta")
        if name is cls._Omitted:
            if not offset:
                return cls.utc
            name = None
        elif not isinstance(name, str):
            raise TypeError("name must be a string")
        if not cls._minoffset <= offset <= cls._maxoffset:
            raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) and "
                             "timedelta(hours=24), not %r." % offset)
        return cls._create(offset, name)

    @classmethod
    def _create(cls, offset, name=None):
        self = tzinfo.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is self.utc:
            return 'datetime.timezone.utc'
        if self._name is None:
            return "%s.%s(%r)" % (_module_name(self), self.__class__.__qualname__, self._offset)
        return "%s.%s(%r, %r)" % (_module_name(self), self.__class__.__qualname__, self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def utcoffset(self, dt):
        return self._offset

    def tzname(self, dt):
        if self._name is None:
            return self._name_from_offset(self._offset)
        return self._name

    def dst(self, dt):
        return None

    def fromutc(self, dt):
        if isinstance(dt, datetime):
            if dt.tzinfo is not self:
                raise ValueError("fromutc: dt.tzinfo is not self")
            return dt + self._offset
        raise TypeError("fromutc() argument must be a datetime instance or None")

    _maxoffset = timedelta(hours=24, microseconds=-1)
    _minoffset = -_maxoffset

    @staticmethod
    def _name_from_offset(delta):
        if not delta:
            return 'UTC'
        if delta < timedelta(0):
            sign = '-'
            delta = -delta
        else:
            sign = '+'
        hours, rest = divmod(delta, timedelta(hours=1))
        minutes, rest = divmod(rest, timedelta(minutes=1))
        seconds = rest.seconds
        microseconds = rest.microseconds
        if microseconds:
            return (f'UTC{sign}{hours:02d}:{minutes:02d}:{seconds:02d}'
                    f'.{microseconds:06d}')
        if seconds:
            return f'UTC{sign}{hours:02d}:{minutes:02d}:{seconds:02d}'
        return f'UTC{sign}{hours:02d}:{minutes:02d}'


timezone.utc = timezone._create(timedelta(0))
timezone.min = timezone._create(-timedelta(hours=23, minutes=59))
timezone.max = timezone._create(timedelta(hours=23, minutes=59))
UTC = timezone.utc
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)
datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)
time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


# ---- strptime -------------------------------------------------------------------

_STRPTIME_FIELDS = {
    'Y': r'(?P<Y>\d\d\d\d)', 'm': r'(?P<m>1[0-2]|0[1-9]|[1-9])', 'd': r'(?P<d>3[01]|[12]\d|0[1-9]|[1-9]| [1-9])',
    'H': r'(?P<H>2[0-3]|[0-1]\d|\d)', 'M': r'(?P<M>[0-5]\d|\d)', 'S': r'(?P<S>6[0-1]|[0-5]\d|\d)',
    'f': r'(?P<f>[0-9]{1,6})', 'y': r'(?P<y>\d\d)', 'I': r'(?P<I>1[0-2]|0[1-9]|[1-9])', 'p': r'(?P<p>am|pm)',
    'j': r'(?P<j>36[0-6]|3[0-5]\d|[12]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])',
    'b': r'(?P<b>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)',
    'B': r'(?P<B>january|february|march|april|may|june|july|august|september|october|november|december)',
    'a': r'(?P<a>mon|tue|wed|thu|fri|sat|sun)',
    'A': r'(?P<A>monday|tuesday|wednesday|thursday|friday|saturday|sunday)',
    'z': r'(?P<z>[+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z))', '%': '%',
}


def _strptime(cls, data_string, format):
    import re
    for name, value in (('strptime() argument 1', data_string), ('strptime() argument 2', format)):
        if not isinstance(value, str):
            raise TypeError("%s must be str, not %s" % (name, type(value).__name__))
    pattern = []
    i = 0
    while i < len(format):
        ch = format[i]
        if ch == '%' and i + 1 < len(format):
            d = format[i + 1]
            if d not in _STRPTIME_FIELDS:
                raise ValueError("'%s' is a bad directive in format '%s'" % (d, format))
            pattern.append(_STRPTIME_FIELDS[d])
            i += 2
            continue
        if ch == '%':
            raise ValueError("stray %% in format '%s'" % format)
        pattern.append(r'\s+' if ch.isspace() else re.escape(ch))
        i += 1
    found = re.match('(?i)' + ''.join(pattern), data_string)
    if found is None:
        raise ValueError("time data %r does not match format %r" % (data_string, format))
    if len(data_string) != found.end():
        raise ValueError("unconverted data remains: %s" % data_string[found.end():])
    g = found.groupdict()
    year = 1900
    month = day = 1
    hour = minute = second = fraction = 0
    tz = None
    if g.get('Y'):
        year = int(g['Y'])
    elif g.get('y'):
        year = int(g['y'])
        year += 2000 if year <= 68 else 1900
    if g.get('m'):
        month = int(g['m'])
    elif g.get('B'):
        month = [m.lower() if m else m for m in _FULL_MONTHS].index(g['B'].lower())
    elif g.get('b'):
        month = [m.lower() if m else m for m in _MONTHNAMES].index(g['b'].lower())
    if g.get('d'):
        day = int(g['d'])
    if g.get('H'):
        hour = int(g['H'])
    elif g.get('I'):
        hour = int(g['I'])
        ampm = (g.get('p') or '').lower()
        if ampm == 'pm' and hour != 12:
            hour += 12
        elif ampm == 'am' and hour == 12:
            hour = 0
    if g.get('M'):
        minute = int(g['M'])
    if g.get('S'):
        second = int(g['S'])
    if g.get('f'):
        fraction = int(g['f'] + '0' * (6 - len(g['f'])))
    if g.get('j') and not g.get('m') and not g.get('d'):
        o = _ymd2ord(year, 1, 1) + int(g['j']) - 1
        year, month, day = _ord2ymd(o)
    if g.get('z'):
        z = g['z']
        if z == 'Z':
            tz = timezone.utc
        else:
            sign = -1 if z[0] == '-' else 1
            z = z[1:].replace(':', '')
            td = timedelta(hours=int(z[0:2]), minutes=int(z[2:4]), seconds=int(z[4:6] or 0))
            tz = timezone(sign * td)
    if cls is date:
        return cls(year, month, day)
    return cls(year, month, day, hour, minute, second, fraction, tz)
