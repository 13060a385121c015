import Foundation
import TestSupport

/// python3's `datetime`, the time axes' independent reference: proleptic Gregorian, UTC, years 1 to 9999.
enum TimeReference {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Whether python3 runs here.
    static let isAvailable: Bool = {
        let result = try? Spawn.run("/usr/bin/env", ["python3", "-c", "import datetime"], environment: nil, stdin: nil, timeout: 60)
        return result?.status == 0
    }()

    /// What `script` prints given `input`; throws when python fails.
    static func run(_ script: String, arguments: [String] = [], input: Data) throws -> Data {
        guard let finished = try Spawn.run("/usr/bin/env", ["python3", "-c", script] + arguments, environment: nil,
                                           stdin: input, timeout: 120) else { throw Failure(description: "python3 timed out") }
        guard finished.status == 0 else { throw Failure(description: String(decoding: finished.stderr, as: UTF8.self)) }
        return finished.stdout
    }

    /// Reads `view FROM LOW HIGH UNIT COUNT` lines, each followed by its `tick MILLISECONDS LABEL`
    /// lines, and prints one line per fault: a tick off its step's calendar boundary, a tick that
    /// is not one step after the one before, a tick missing before the first or after the last,
    /// or a label that is not what strftime writes for the tick (the day where the tick before
    /// lies in another day, the whole date where it lies in another year). Ends with "N checked".
    static let checker = #"""
import sys, datetime as d
EPOCH = d.datetime(1970, 1, 1)
def add(t, unit, n, k):
    if unit == 'month':
        m = t.year * 12 + t.month - 1 + n * k
        return t.replace(year=m // 12, month=m % 12 + 1)
    if unit == 'year':
        return t.replace(year=t.year + n * k)
    ms = {'millisecond': 1, 'second': 1000, 'minute': 60000, 'hour': 3600000, 'day': 86400000, 'week': 604800000}[unit]
    return t + d.timedelta(milliseconds=n * k * ms)
def shifted(t, unit, n, k):
    try: return add(t, unit, n, k)
    except (OverflowError, ValueError): return None
def on_boundary(t, unit, k):
    ms_of_second = t.microsecond // 1000
    if t.microsecond % 1000: return False
    if unit == 'millisecond': return ms_of_second % k == 0
    if ms_of_second: return False
    if unit == 'second': return t.second % k == 0
    if t.second: return False
    if unit == 'minute': return t.minute % k == 0
    if t.minute: return False
    if unit == 'hour': return t.hour % k == 0
    if t.hour: return False
    if unit == 'day': return (t.date() - EPOCH.date()).days % k == 0
    if unit == 'week': return t.weekday() == 0
    if t.day != 1: return False
    if unit == 'month': return (t.month - 1) % k == 0
    return t.month == 1 and t.year % k == 0
def label(t, unit, k):
    if unit == 'year': return '%04d' % t.year
    if unit == 'month': return t.isoformat()[:7]
    before = shifted(t, unit, -1, k)
    if before is None or before.year != t.year: return t.date().isoformat()
    if unit in ('day', 'week') or before.date() != t.date(): return t.strftime('%b ') + str(t.day)
    if unit in ('minute', 'hour'): return t.strftime('%H:%M')
    if unit == 'second': return t.strftime('%H:%M:%S')
    decimals = 3 if k < 10 else 2 if k < 100 else 1
    return t.strftime('%H:%M:%S.%f')[:9 + decimals]
views = []
for line in sys.stdin:
    parts = line.rstrip('\n').split(' ', 2)
    if parts[0] == 'view':
        name, low, rest = line.split()[1], float(line.split()[2]), line.split()[3:]
        views.append((name, low, float(rest[0]), rest[1], int(rest[2]), []))
    else:
        views[-1][5].append((int(parts[1]), parts[2]))
checked = 0
for name, low, high, unit, k, ticks in views:
    try: times = [EPOCH + d.timedelta(milliseconds=ms) for ms, _ in ticks]
    except OverflowError:
        print(name, 'has a tick outside the years 1 to 9999:', ticks[:2], ticks[-2:])
        continue
    for t, (ms, text) in zip(times, ticks):
        checked += 1
        if not on_boundary(t, unit, k): print(name, t.isoformat(), 'is not on a boundary of', k, unit)
        if text != label(t, unit, k): print(name, t.isoformat(), 'reads', repr(text), 'not', repr(label(t, unit, k)))
    for a, b in zip(times, times[1:]):
        if shifted(a, unit, 1, k) != b: print(name, b.isoformat(), 'is not one step after', a.isoformat())
    if times:
        before, after = shifted(times[0], unit, -1, k), shifted(times[-1], unit, 1, k)
        if before is not None and before.year >= 1 and (before - EPOCH).total_seconds() >= low:
            print(name, 'misses', before.isoformat(), 'before the first tick')
        if after is not None and (after - EPOCH).total_seconds() <= high:
            print(name, 'misses', after.isoformat(), 'after the last tick')
print(checked, 'checked')
"""#
}
