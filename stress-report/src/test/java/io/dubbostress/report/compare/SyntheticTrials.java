package io.dubbostress.report.compare;

import io.dubbostress.report.model.LatencyUnit;

import java.util.SplittableRandom;

/**
 * Trials drawn from a known process, straight into {@link SteadySegments} (the rows a JTL would give): calls arriving
 * at random (a Poisson process) at {@code rate} per second for {@code seconds}, latencies log-normal around
 * {@code medianUs} with log spread {@code sigma}, their level wandering as an AR(1) process in 50 ms steps ({@code phi}, innovation {@code drift}: a busy machine's
 * slow waves), a level of their own per trial ({@code runSpread}: run-to-run noise), one failure in {@code 1 / errorShare}.
 * The same seed gives the same trial.
 */
record SyntheticTrials(double rate, double seconds, double medianUs, double sigma, double phi, double drift,
                       double runSpread, double errorShare) {

    static SyntheticTrials independent(double rate, double seconds, double medianUs) {
        return new SyntheticTrials(rate, seconds, medianUs, 0.35, 0, 0, 0, 0.002);
    }

    SyntheticTrials autocorrelated(double phi, double drift) {
        return new SyntheticTrials(rate, seconds, medianUs, sigma, phi, drift, runSpread, errorShare);
    }

    SyntheticTrials runToRun(double spread) {
        return new SyntheticTrials(rate, seconds, medianUs, sigma, phi, drift, spread, errorShare);
    }

    /** {@code slowdown} multiplies every latency (1: the same build). */
    SteadySegments draw(long seed, double slowdown) {
        SplittableRandom random = new SplittableRandom(seed);
        long start = 1_800_000_000_000L;
        SteadySegments segments = new SteadySegments(start, seconds, LatencyUnit.MICROSECONDS);
        double level = runSpread * random.nextGaussian();
        double stationary = phi > 0 ? drift / Math.sqrt(1 - phi * phi) : 0;
        double wave = stationary * gaussian(random);
        long stepMs = 50;
        long nextStep = start + stepMs;
        double clock = 0;
        while (true) {
            clock += -Math.log(1 - random.nextDouble()) / rate;
            if (clock >= seconds) {
                break;
            }
            long at = start + (long) (clock * 1000);
            while (at >= nextStep) {
                wave = phi * wave + drift * gaussian(random);
                nextStep += stepMs;
            }
            double us = slowdown * medianUs * Math.exp(level + wave + sigma * gaussian(random));
            int failed = random.nextDouble() < errorShare ? 1 : 0;
            segments.add(at, Math.max(1, Math.round(us)), 1, failed, -1);
        }
        return segments;
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller from the seeded stream: two doubles per draw, whatever the JDK's own nextGaussian does
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
