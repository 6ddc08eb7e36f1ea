package io.dubbostress.perfmon.metrics;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.protocol.MetricSpec;

/**
 * {@code swap[:kind][:unit=...]}: {@code used} (the default), {@code free}, {@code total} in bytes (or {@code unit=});
 * {@code pagein}, {@code pageout}: pages swapped in / out since the previous reading.
 */
final class SwapMetric extends NumberMetric {

    static final String[] KINDS = {"pagein", "pageout", "free", "total", "used"};

    private final Host host;
    private final String kind;
    private final double divisor;
    private final Counter pages;

    SwapMetric(Host host, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.kind = Kinds.of(spec, "used", KINDS);
        this.divisor = Units.divisor(spec);
        this.pages = new Counter(pageCount());
    }

    private long pageCount() {
        return "pagein".equals(kind) ? host.swap().pagesIn() : host.swap().pagesOut();
    }

    @Override
    double value() {
        switch (kind) {
            case "pagein":
            case "pageout":
                return pages.change(pageCount());
            case "used":
                return host.swap().used() / divisor;
            case "free":
                return host.swap().free() / divisor;
            case "total":
                return host.swap().total() / divisor;
            default:
                throw new IllegalStateException(kind);
        }
    }

    @Override
    public boolean measuresChange() {
        return kind.startsWith("page");
    }
}
