package io.dubbostress.cli.run;

import io.dubbostress.cli.capacity.CapacitySearch;
import io.dubbostress.cli.capacity.SearchRun;
import io.dubbostress.cli.live.CapacityStep;
import java.util.ArrayList;
import java.util.List;

/**
 * A capacity search's steps for the live page while the run searches: those judged on a whole JTL (the JMeter runs
 * that ended), then the JMeter run in flight's steps as {@link SearchRun} judges them live.
 */
final class LiveCapacity {

    private final List<CapacityStep> done = new ArrayList<>();
    private String scenario;
    private String run;
    private SearchRun current;

    /** {@code steps} of {@code scenario} run now, in the JMeter run (scenario folder) {@code run}. */
    synchronized void running(String scenario, String run, SearchRun steps) {
        this.scenario = scenario;
        this.run = run;
        this.current = steps;
    }

    /** The run in flight ended with {@code trials} judged. */
    synchronized void judged(String scenario, List<CapacitySearch.Trial> trials) {
        for (CapacitySearch.Trial t : trials) {
            done.add(new CapacityStep(scenario, t.run(), t.step(), t.targetRate(), t.evidence().fromUs() / 1000,
                    t.evidence().toUs() / 1000, t.verdict().kindText(), t.verdict().limiterText(), t.achievedRate(),
                    t.p99Us()));
        }
        current = null;
    }

    /** The steps so far, for the page. */
    synchronized List<CapacityStep> steps() {
        List<CapacityStep> all = new ArrayList<>(done);
        if (current != null) {
            for (SearchRun.LiveStep s : current.liveSteps()) {
                all.add(new CapacityStep(scenario, run, s.step(), s.rate(), s.fromMs(), s.toMs(),
                        s.verdict(), s.limitedBy(), s.achievedPerSec(), s.fromDueP99Us()));
            }
        }
        return all;
    }
}
