package io.dubbostress.perfmon.metrics;

import java.util.Locale;

import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/** {@code unit=b|kb|mb|gb}: what byte values are divided by (1024-based, as the classic). Bytes by default. */
final class Units {

    private Units() {
    }

    static double divisor(MetricSpec spec) {
        String unit = spec.option("unit");
        if (unit == null) {
            return 1;
        }
        switch (unit.toLowerCase(Locale.ROOT)) {
            case "b":
                return 1;
            case "kb":
                return 1024;
            case "mb":
                return 1024 * 1024;
            case "gb":
                return 1024 * 1024 * 1024;
            default:
                throw new ProtocolException(spec.type() + ": unit '" + ErrorReply.excerpt(unit)
                        + "' is not one of b, kb, mb, gb");
        }
    }
}
