"""Dates as rulings and queries write them: one grammar for both.

A day: ``19/03/2021``, ``9/3/2021``, ``19.03.2021``, ``19-03-2021`` or ``2021-03-19``.
A period (queries): a day, a month ``2021-03`` or a year ``2021``.
A range (queries): ``2019..2021``, ``..2020``, ``2020..``, or one period.
"""

from __future__ import annotations

import calendar
import re
from datetime import date

_DMY = re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$")
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_YEAR_MONTH = re.compile(r"^(\d{4})(?:-(\d{1,2}))?$")
DATEISH = re.compile(r"^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$")  # a line that is meant as a date


class DateProblem(ValueError):
    """A date kb cannot read; the message says what is wrong."""


def parse_day(value: str) -> date:
    """``19/03/2021``, ``9.3.2021`` or ``2021-03-19`` → a date; DateProblem says what is wrong."""
    value = value.strip()
    m = _DMY.match(value)
    if m:
        day, month, year = (int(g) for g in m.groups())
    else:
        m = _ISO.match(value)
        if not m:
            raise DateProblem(f"unrecognised date {value!r} (expected DD/MM/YYYY)")
        year, month, day = (int(g) for g in m.groups())
    try:
        return date(year, month, day)
    except ValueError:
        raise DateProblem(f"impossible date {value!r}") from None


def parse_period(text: str) -> tuple[date, date]:
    """A year, a month or a day → its first and last day."""
    text = text.strip()
    m = _YEAR_MONTH.match(text)
    if not m:
        if not (_DMY.match(text) or _ISO.match(text)):
            raise DateProblem(f"invalid date {text!r}; use YYYY, YYYY-MM, YYYY-MM-DD or DD/MM/YYYY")
        day = parse_day(text)
        return day, day
    year, month = int(m.group(1)), m.group(2)
    try:
        if month is None:
            return date(year, 1, 1), date(year, 12, 31)
        month = int(month)
        return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
    except (ValueError, calendar.IllegalMonthError):
        raise DateProblem(f"impossible date {text!r}") from None


def parse_range(value: str) -> tuple[date | None, date | None]:
    """``2019..2021``, ``2021-03``, ``..2020``, ``2020..``, ``19.03.2021`` → (first day, last day)."""
    if ".." not in value:
        return parse_period(value)
    low, _, high = value.partition("..")
    if not low.strip() and not high.strip():
        raise DateProblem("a date range needs at least one end, like 2019.. or ..2021")
    start = parse_period(low)[0] if low.strip() else None
    end = parse_period(high)[1] if high.strip() else None
    if start and end and start > end:
        raise DateProblem(f"empty date range {value!r}: it ends before it starts")
    return start, end
