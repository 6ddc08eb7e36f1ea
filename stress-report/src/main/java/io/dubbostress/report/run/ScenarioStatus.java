package io.dubbostress.report.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** A scenario's {@code status} in run.json. */
public enum ScenarioStatus {
    PENDING("pending"), RUNNING("running"), COMPLETED("completed"), INTERRUPTED("interrupted"), FAILED("failed"),
    NOT_RUN("not run"),
    /** a value this version does not know (a newer run.json) */
    UNKNOWN("unknown");

    private final String text;

    ScenarioStatus(String text) {
        this.text = text;
    }

    @JsonValue
    public String text() {
        return text;
    }

    @JsonCreator
    public static ScenarioStatus of(String text) {
        for (ScenarioStatus s : values()) {
            if (s.text.equals(text)) {
                return s;
            }
        }
        return UNKNOWN;
    }
}
