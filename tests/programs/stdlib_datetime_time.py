# datetime with fixed inputs: timedelta arithmetic and str, date/datetime
# construction, isoformat, strftime, fromisoformat, strptime, timezone,
# ordinals and weekdays; durations as a training loop reports them.
import datetime as dt
from datetime import date, datetime, timedelta, timezone
import torch

d = timedelta(days=1, hours=2, minutes=3, seconds=4.5, milliseconds=6)
print(d, repr(d), d.total_seconds(), d.days, d.seconds, d.microseconds)
print(timedelta(seconds=3725), timedelta(minutes=-1), repr(timedelta(minutes=-1)), timedelta(0), repr(timedelta()))
print(timedelta(hours=1) * 2.5, timedelta(hours=1) / 4, timedelta(hours=1) // timedelta(minutes=7),
      timedelta(hours=1) % timedelta(minutes=7), -timedelta(seconds=1), abs(timedelta(days=-2)))
print(timedelta(weeks=1) > timedelta(days=6), timedelta(1) == timedelta(hours=24), bool(timedelta()),
      timedelta(microseconds=0.5), timedelta(microseconds=1.5), timedelta(seconds=1e-7))
print(divmod(timedelta(hours=5), timedelta(hours=2)), timedelta.max, timedelta.min, timedelta.resolution)

a = date(2024, 2, 28)
print(a, repr(a), a + timedelta(days=2), a - date(2023, 12, 25), a.weekday(), a.isoweekday(), a.isocalendar())
print(a.toordinal(), date.fromordinal(738944), a.replace(day=1), a.ctime(), a.strftime('%d/%m/%y %A %B %j'))
print(date.fromisoformat('2021-07-04'), a.isoformat(), f'{a:%Y%m%d}', f'{a}', a.timetuple()[:3], date.min, date.max)

t0 = datetime(2024, 3, 10, 14, 5, 9, 123456)
print(t0, repr(t0), t0.isoformat(), t0.isoformat(' ', 'seconds'), t0.isoformat(timespec='milliseconds'))
print(t0.strftime('%Y-%m-%d_%H-%M-%S'), t0.strftime('%f %H:%M %p %I %y %b %a %%'), t0.date(), t0.time())
print(t0 + timedelta(hours=12), t0 - timedelta(days=10), t0 - datetime(2024, 1, 1), t0.replace(microsecond=0))
print(repr(datetime(2020, 1, 1)), repr(datetime(2020, 1, 1, 5)), repr(datetime(2020, 1, 1, 0, 0, 7)))
print(datetime.fromisoformat('2024-03-10T14:05:09'), datetime.fromisoformat('2024-03-10 14:05:09.500'),
      datetime.fromisoformat('2024-03-10'), datetime.fromisoformat('2024-03-10T01:02:03+05:30'))
print(datetime.strptime('2023-11-05 07:08:09', '%Y-%m-%d %H:%M:%S'), datetime.strptime('05/11/23', '%d/%m/%y'),
      datetime.strptime('Nov 5 2023 3PM', '%b %d %Y %I%p'), datetime.strptime('12:30:15.25', '%H:%M:%S.%f'))
utc = datetime(2024, 1, 1, 12, tzinfo=timezone.utc)
ist = timezone(timedelta(hours=5, minutes=30), 'IST')
print(utc, repr(utc), utc.astimezone(ist), utc.timestamp(), utc.strftime('%z %Z'), timezone(timedelta(hours=-3)))
print(datetime.fromtimestamp(0, timezone.utc), datetime.utcfromtimestamp(86400.5), repr(timezone.utc),
      repr(ist), str(timezone(timedelta(minutes=90))))
print(t0 > datetime(2024, 1, 1), t0 == t0.replace(), sorted([t0, datetime(2020, 5, 5)])[0], t0.weekday(), t0.ctime())
print(datetime.combine(a, dt.time(9, 30)), dt.time(7, 8, 9, 10), repr(dt.time(7, 8)), dt.time(23, 59).isoformat())
for bad in (lambda: date(2023, 2, 29), lambda: datetime(2020, 13, 1), lambda: datetime.strptime('x', '%Y'),
            lambda: datetime.fromisoformat('20-1-1'), lambda: dt.time(24), lambda: datetime.strptime('2020 1', '%Y')):
    try:
        bad()
    except ValueError as e:
        print(e)
try:
    utc < t0
except TypeError as e:
    print(e)
start = datetime(2024, 1, 1, 0, 0, 0)
w = torch.ones(2, requires_grad=True)
for epoch in range(3):
    (w * (epoch + 1)).sum().backward()
    now = start + timedelta(seconds=95.25 * (epoch + 1))
    print(f'epoch {epoch} at {now:%H:%M:%S} elapsed {now - start} grad {w.grad.tolist()}')
print(isinstance(datetime.now(), date), datetime.now().year >= 2024, (datetime.now() - datetime.now()).days <= 0)
