package io.dubbostress.report.change;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One circular block bootstrap resample of {@code n} segments (Politis and Romano, 1992): blocks of {@code length}
 * consecutive segments, each starting at a uniformly drawn segment and wrapping around the end, until {@code n}
 * segments are taken (the last block cut short). The result is how many times each segment was taken: every segment
 * is equally likely, and whatever is correlated within a block's span stays together.
 *
 * <pre>{@code
 * int[] times = new int[n];
 * CircularBlocks.draw(new SplittableRandom(1), n, 5, times);   // times sums to n
 * }</pre>
 */
final class CircularBlocks {

    private CircularBlocks() {
    }

    static void draw(SplittableRandom random, int n, int length, int[] times) {
        Arrays.fill(times, 0, n, 0);
        int taken = 0;
        while (taken < n) {
            int start = random.nextInt(n);
            for (int i = 0; i < length && taken < n; i++, taken++) {
                times[(start + i) % n]++;
            }
        }
    }
}
