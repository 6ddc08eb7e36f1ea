package io.dubbostress.report.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** A run's {@code status} in run.json. */
public enum RunStatus {
    RUNNING("running"), COMPLETED("completed"), INTERRUPTED("interrupted"), FAILED("failed"),
    /** a value this version does not know (a newer run.json) */
    UNKNOWN("unknown");

    private final String text;

    RunStatus(String text) {
        this.text = text;
    }

    @JsonValue
    public String text() {
        return text;
    }

    @JsonCreator
    public static RunStatus of(String text) {
        for (RunStatus s : values()) {
            if (s.text.equals(text)) {
                return s;
            }
        }
        return UNKNOWN;
    }
}
