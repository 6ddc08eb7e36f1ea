#!/usr/bin/env python3
# Writes src/test/resources/gc/jdk8/{parallel,g1}-gc.log: GC logs in the JDK 8u format of
# -XX:+PrintGCDetails -XX:+PrintGCDateStamps -XX:+PrintGCTimeStamps (Parallel, and G1 with a concurrent cycle,
# remark, cleanup and a Full GC). No JDK 8 runs on this machine to produce real ones; the tests count these
# files' own pause lines and compare GCViewer's figures with that count. Deterministic (seeded).
# Usage: python3 stress-gc/src/test/scripts/write-jdk8-gc-logs.py (from the repository root)
import random, datetime
random.seed(8)
BASE = datetime.datetime(2026, 11, 22, 0, 9, 45, 0)   # JVM start (UTC), wall clock
def stamp(up):
    t = BASE + datetime.timedelta(seconds=up)
    return t.strftime('%Y-%m-%dT%H:%M:%S.') + '%03d' % (t.microsecond // 1000) + '+0000: %.3f: ' % up
def times(real):
    return ' [Times: user=%.2f sys=0.00, real=%.2f secs] ' % (real * 2, real)

# ---------- Parallel ----------
out = []
out.append('Java HotSpot(TM) 64-Bit Server VM (25.202-b08) for linux-amd64 JRE (1.8.0_202-b08), built on Dec 15 2018 12:40:22 by "java_re" with gcc 7.3.0')
out.append('Memory: 4k page, physical 16318784k(9384692k free), swap 0k(0k free)')
out.append('CommandLine flags: -XX:InitialHeapSize=268435456 -XX:MaxHeapSize=268435456 -XX:+PrintGC -XX:+PrintGCDateStamps -XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+UseCompressedClassPointers -XX:+UseCompressedOops -XX:+UseParallelGC ')
up = 0.41
old = 0
young_cap, heap_cap = 76288, 251392
for i in range(34):
    pause = round(random.uniform(0.0021, 0.0140), 7)
    surv = random.randint(9000, 10744)
    promoted = random.randint(2000, 6000)
    before_heap = 65536 + old + (10744 if i else 0)
    after_heap = surv + old + promoted
    out.append(stamp(up) + '[GC (Allocation Failure) [PSYoungGen: %dK->%dK(%dK)] %dK->%dK(%dK), %.7f secs]' % (
        65536 + (10744 if i else 0), surv, young_cap, before_heap, after_heap, heap_cap, pause) + times(pause))
    old += promoted
    up += round(random.uniform(0.085, 0.115), 3)
    if i == 17 or i == 33:
        cause = 'Ergonomics' if i == 17 else 'System.gc()'
        pause = round(random.uniform(0.030, 0.060), 7)
        new_old = old // 3
        out.append(stamp(up) + '[Full GC (%s) [PSYoungGen: %dK->0K(%dK)] [ParOldGen: %dK->%dK(175104K)] %dK->%dK(%dK), [Metaspace: 3456K->3456K(1056768K)], %.7f secs]' % (
            cause, surv, young_cap, old, new_old, old + surv, new_old, heap_cap, pause) + times(pause))
        old = new_old
        up += round(random.uniform(0.085, 0.115), 3)
out += ['Heap',
        ' PSYoungGen      total 76288K, used 1310K [0x000000076ab00000, 0x0000000770000000, 0x00000007c0000000)',
        '  eden space 65536K, 2% used [0x000000076ab00000,0x000000076ac47a70,0x000000076eb00000)',
        '  from space 10752K, 0% used [0x000000076f580000,0x000000076f580000,0x0000000770000000)',
        '  to   space 10752K, 0% used [0x000000076eb00000,0x000000076eb00000,0x000000076f580000)',
        ' ParOldGen       total 175104K, used %dK [0x00000006c0000000, 0x00000006cab00000, 0x000000076ab00000)' % old,
        '  object space 175104K, 20% used [0x00000006c0000000,0x00000006c57e4000,0x00000006cab00000)',
        ' Metaspace       used 3456K, capacity 4496K, committed 4864K, reserved 1056768K',
        '  class space    used 376K, capacity 388K, committed 512K, reserved 1048576K']
open('stress-gc/src/test/resources/gc/jdk8/parallel-gc.log', 'w').write('\n'.join(out) + '\n')

# ---------- G1 ----------
def young_block(up, pause, eden, heap_before, heap_after, tag):
    start_ms = up * 1000
    lines = [stamp(up) + '[GC pause (G1 Evacuation Pause) (young)%s, %.7f secs]' % (tag, pause),
             '   [Parallel Time: %.1f ms, GC Workers: 2]' % (pause * 1000 * 0.85),
             '      [GC Worker Start (ms): Min: %.1f, Avg: %.1f, Max: %.1f, Diff: 0.1]' % (start_ms, start_ms, start_ms + 0.1),
             '      [Ext Root Scanning (ms): Min: 0.4, Avg: 0.5, Max: 0.6, Diff: 0.2, Sum: 1.0]',
             '      [Update RS (ms): Min: 0.0, Avg: 0.0, Max: 0.0, Diff: 0.0, Sum: 0.0]',
             '         [Processed Buffers: Min: 0, Avg: 0.0, Max: 0, Diff: 0, Sum: 0]',
             '      [Scan RS (ms): Min: 0.0, Avg: 0.0, Max: 0.0, Diff: 0.0, Sum: 0.0]',
             '      [Code Root Scanning (ms): Min: 0.0, Avg: 0.0, Max: 0.0, Diff: 0.0, Sum: 0.0]',
             '      [Object Copy (ms): Min: 2.1, Avg: 2.2, Max: 2.3, Diff: 0.2, Sum: 4.4]',
             '      [Termination (ms): Min: 0.0, Avg: 0.0, Max: 0.0, Diff: 0.0, Sum: 0.0]',
             '         [Termination Attempts: Min: 1, Avg: 1.0, Max: 1, Diff: 0, Sum: 2]',
             '      [GC Worker Other (ms): Min: 0.0, Avg: 0.0, Max: 0.0, Diff: 0.0, Sum: 0.0]',
             '      [GC Worker Total (ms): Min: 2.9, Avg: 3.0, Max: 3.0, Diff: 0.1, Sum: 6.0]',
             '      [GC Worker End (ms): Min: %.1f, Avg: %.1f, Max: %.1f, Diff: 0.0]' % (start_ms + 3, start_ms + 3, start_ms + 3),
             '   [Code Root Fixup: 0.0 ms]',
             '   [Code Root Purge: 0.0 ms]',
             '   [Clear CT: 0.1 ms]',
             '   [Other: 0.5 ms]',
             '      [Choose CSet: 0.0 ms]',
             '      [Ref Proc: 0.3 ms]',
             '      [Ref Enq: 0.0 ms]',
             '      [Redirty Cards: 0.1 ms]',
             '      [Humongous Register: 0.0 ms]',
             '      [Humongous Reclaim: 0.0 ms]',
             '      [Free CSet: 0.0 ms]',
             '   [Eden: %.1fM(%.1fM)->0.0B(12.0M) Survivors: 2048.0K->2048.0K Heap: %.1fM(256.0M)->%.1fM(256.0M)]' % (eden, eden, heap_before, heap_after),
             times(pause)]
    return lines
out = []
out.append('Java HotSpot(TM) 64-Bit Server VM (25.202-b08) for linux-amd64 JRE (1.8.0_202-b08), built on Dec 15 2018 12:40:22 by "java_re" with gcc 7.3.0')
out.append('Memory: 4k page, physical 16318784k(9384692k free), swap 0k(0k free)')
out.append('CommandLine flags: -XX:InitialHeapSize=268435456 -XX:MaxHeapSize=268435456 -XX:+PrintGC -XX:+PrintGCDateStamps -XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+UseCompressedClassPointers -XX:+UseCompressedOops -XX:+UseG1GC ')
up = 0.52
heap = 4.0
for i in range(26):
    pause = round(random.uniform(0.0018, 0.0090), 7)
    before = heap + 12.0
    after = before - random.uniform(9.0, 11.0)
    tag = ' (initial-mark)' if i == 12 else ''
    out += young_block(up, pause, 12.0, before, after, tag)
    heap = after
    if i == 12:
        u = up + pause + 0.001
        out.append(stamp(u) + '[GC concurrent-root-region-scan-start]')
        out.append(stamp(u + 0.001) + '[GC concurrent-root-region-scan-end, 0.0010234 secs]')
        out.append(stamp(u + 0.001) + '[GC concurrent-mark-start]')
        out.append(stamp(u + 0.040) + '[GC concurrent-mark-end, 0.0391234 secs]')
        r = round(random.uniform(0.0015, 0.0035), 7)
        out.append(stamp(u + 0.041) + '[GC remark ' + stamp(u + 0.041) + '[Finalize Marking, 0.0001234 secs] ' + stamp(u + 0.041) + '[GC ref-proc, 0.0002345 secs] ' + stamp(u + 0.042) + '[Unloading, 0.0009876 secs], %.7f secs]' % r)
        out.append(times(r))
        c = round(random.uniform(0.0002, 0.0008), 7)
        out.append(stamp(u + 0.045) + '[GC cleanup %dM->%dM(256M), %.7f secs]' % (int(heap), int(heap) - 2, c))
        out.append(times(c))
        out.append(stamp(u + 0.046) + '[GC concurrent-cleanup-start]')
        out.append(stamp(u + 0.046) + '[GC concurrent-cleanup-end, 0.0000345 secs]')
        heap -= 2
    up += round(random.uniform(0.110, 0.150), 3)
    if i == 20:
        pause = round(random.uniform(0.060, 0.090), 7)
        out.append(stamp(up) + '[Full GC (Allocation Failure)  %dM->%dM(256M), %.7f secs]' % (int(heap + 200), int(heap), pause))
        out.append('   [Eden: 0.0B(12.0M)->0.0B(12.0M) Survivors: 0.0B->0.0B Heap: %.1fM(256.0M)->%.1fM(256.0M)], [Metaspace: 3456K->3456K(1056768K)]' % (heap + 200, heap))
        out.append(times(pause))
        up += round(random.uniform(0.110, 0.150), 3)
out += ['Heap',
        ' garbage-first heap   total 262144K, used %dK [0x00000000f0000000, 0x00000000f0100800, 0x0000000100000000)' % int(heap * 1024),
        '  region size 1024K, 2 young (2048K), 0 survivors (0K)',
        ' Metaspace       used 3456K, capacity 4496K, committed 4864K, reserved 1056768K',
        '  class space    used 376K, capacity 388K, committed 512K, reserved 1048576K']
open('stress-gc/src/test/resources/gc/jdk8/g1-gc.log', 'w').write('\n'.join(out) + '\n')
