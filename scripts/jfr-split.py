#!/usr/bin/env python3
"""Where a load generator's Java CPU goes, from a JFR recording of `stress bench --jfr` (runs/<run>/load.jfr).

    scripts/jfr-split.py RECORDING.jfr [WINDOW_START_EPOCH_MS WINDOW_END_EPOCH_MS]

Reads the jdk.ExecutionSample events (`jfr print`, full stacks), keeps those of the measured window when one is given
(the run's windowStartEpochMs/windowEndEpochMs in bench.json; times are read as UTC), and prints the shares of all
samples: per kind of thread, then the JMeter threads' samples by what they were doing (the first rule below that
matches a frame under JMeterThread), then the top frames. docs/BENCHMARKS.md shows what came out of it.
"""
import collections
import datetime
import re
import subprocess
import sys

RULES = [  # (category, frame substrings): the first that matches any frame of the sample wins
    ('the Dubbo call', ('DubboReference.invoke', 'org.apache.dubbo')),
    ('recoverRunningVersion (JMeter)', ('recoverRunningVersion',)),
    ('listeners: JTL, summariser (JMeter)', ('notifyListeners', 'ResultCollector', 'Summariser', 'CSVSaveService')),
    ('fields evaluated per sample (FunctionProperty, CompoundVariable)', ('FunctionProperty', 'CompoundVariable')),
    ('configureSampler (JMeter)', ('configureSampler', 'mergeIn')),
    ('the sampler with the JMeter calls it makes', ('io.dubbostress',)),
    ('SampleResult / SampleEvent (JMeter)', ('SampleEvent', 'SampleResult')),
]


def thread_kind(name):
    if 'NettyClientWorker' in name:
        return 'Netty I/O'
    if 'timeout' in name.lower() or 'Timer' in name:
        return "Dubbo's timeout thread"
    if re.match(r'.* \d+-\d+$', name):
        return 'JMeter threads'
    if name.startswith('raw'):
        return 'raw client threads'
    return 'other: ' + re.sub(r'[-#]?\d+$', '', name)


def samples(recording, window):
    text = subprocess.run(['jfr', 'print', '--events', 'jdk.ExecutionSample', '--stack-depth', '200', recording],
                          check=True, capture_output=True, text=True).stdout
    day = datetime.datetime.fromtimestamp(window[0] / 1000, datetime.timezone.utc).date() if window else None
    current = None
    frames = None
    for line in text.splitlines():
        s = line.strip()
        if s.startswith('jdk.ExecutionSample'):
            current = {'thread': '', 'frames': [], 'time': None}
        elif current is None:
            continue
        elif s.startswith('startTime = ') and day:
            h, m, sec = s.split('=')[1].split()[0].split(':')
            t = datetime.datetime(day.year, day.month, day.day, int(h), int(m), tzinfo=datetime.timezone.utc)
            current['time'] = t.timestamp() * 1000 + float(sec) * 1000
        elif s.startswith('sampledThread = '):
            m = re.match(r'sampledThread = "(.*)" \(', s)
            current['thread'] = m.group(1) if m else s
        elif s.startswith('stackTrace = ['):
            frames = current['frames']
        elif frames is not None and s == ']':
            frames = None
        elif frames is not None and s and s != '...':
            frames.append(re.sub(r'\s+line:.*$', '', s))
        elif s == '}':
            if not window or (current['time'] is not None and window[0] <= current['time'] < window[1]):
                yield current
            current = None


def main():
    if len(sys.argv) not in (2, 4):
        sys.exit(__doc__)
    window = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) == 4 else None
    kept = list(samples(sys.argv[1], window))
    n = len(kept)
    if n == 0:
        sys.exit('no execution samples' + (' in the window' if window else '') + ' in ' + sys.argv[1])
    print('samples', n)
    for kind, c in collections.Counter(thread_kind(x['thread']) for x in kept).most_common():
        print('%6.1f%%  %s' % (100.0 * c / n, kind))
    by_rule = collections.Counter()
    for x in kept:
        if thread_kind(x['thread']) != 'JMeter threads':
            continue
        below = x['frames']
        for i, frame in enumerate(x['frames']):
            if frame.startswith('org.apache.jmeter.threads.JMeterThread.'):
                below = x['frames'][:i]
                break
        category = "JMeter's thread loop and controllers"
        for name, needles in RULES:
            if any(needle in f for f in below for needle in needles):
                category = name
                break
        by_rule[category] += 1
    if by_rule:
        print('\nJMeter threads, by what they did (% of all samples)')
        for name, c in by_rule.most_common():
            print('%6.1f%%  %s' % (100.0 * c / n, name))
    print('\ntop frames')
    for frame, c in collections.Counter(x['frames'][0] for x in kept if x['frames']).most_common(20):
        print('%6.1f%%  %s' % (100.0 * c / n, frame))


if __name__ == '__main__':
    main()
