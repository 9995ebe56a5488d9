#!/usr/bin/env python3
"""Independent arithmetic for todofmt's recurrence rules (python-dateutil), for `make test-dates`.

Reads cases from stdin, one per line, tab-separated:
    id  unit  interval  weekdays  monthdays  nth  months  start
unit: day|businessDay|week|month|year; weekdays: comma list of 0..6 (Monday = 0) or '-';
monthdays: comma list of day numbers (negative: from the end) or '-'; nth: comma list of
weekday:n (n negative from the end) or '-'; months: comma list 1..12 or '-'; start: YYYY-MM-DD.
Writes `id<TAB>YYYY-MM-DD` (or `id<TAB>none`): the first day of the rule after start.
Plain intervals of months and years clamp to the month's end (relativedelta), as Obsidian Tasks does;
rules naming days are RFC 5545 rules (rrule) started on the start date, weeks starting on Monday.
"""
import sys
from datetime import date, datetime, timedelta

from dateutil.relativedelta import relativedelta
from dateutil.rrule import DAILY, MONTHLY, WEEKLY, YEARLY, rrule, weekday


def ints(field):
    return [] if field == "-" else [int(x) for x in field.split(",")]


def after(unit, interval, weekdays, monthdays, nth, months, start):
    dt = datetime(start.year, start.month, start.day)
    if unit == "day":
        return start + timedelta(days=interval)
    if unit == "businessDay":
        days = list(rrule(DAILY, byweekday=(0, 1, 2, 3, 4), dtstart=dt + timedelta(days=1), count=interval))
        return days[-1].date()
    if unit == "week":
        if not weekdays:
            return start + timedelta(weeks=interval)
        r = rrule(WEEKLY, interval=interval, byweekday=weekdays, dtstart=dt, wkst=0)
    elif unit == "month":
        if not monthdays and not nth:
            return start + relativedelta(months=interval)
        r = rrule(MONTHLY, interval=interval, bymonthday=monthdays or None,
                  byweekday=[weekday(w, n) for (w, n) in nth] or None, dtstart=dt)
    else:
        if not months and not monthdays and not nth:
            return start + relativedelta(years=interval)
        r = rrule(YEARLY, interval=interval, bymonth=months or None, bymonthday=monthdays or None,
                  byweekday=[weekday(w, n) for (w, n) in nth] or None, dtstart=dt,
                  until=datetime(9999, 12, 31))
    found = r.after(dt)
    return found.date() if found else None


def main():
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        case, unit, interval, weekdays, monthdays, nth, months, start = line.split("\t")
        nth_pairs = [] if nth == "-" else [tuple(int(v) for v in p.split(":")) for p in nth.split(",")]
        y, m, d = (int(v) for v in start.split("-"))
        try:
            result = after(unit, int(interval), ints(weekdays), ints(monthdays), nth_pairs, ints(months), date(y, m, d))
        except (OverflowError, ValueError):
            result = None
        print(f"{case}\t{result.isoformat() if result else 'none'}")


if __name__ == "__main__":
    main()
