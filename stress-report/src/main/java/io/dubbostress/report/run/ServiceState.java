package io.dubbostress.report.run;

/** What became of a service during a run; with its note it makes the service's {@code status} text in run.json. */
public enum ServiceState {
    /** not started yet */
    NONE(""),
    /** given with --provider-url, --consumer-url, --agent: not the run's to start or stop */
    EXTERNAL("external"),
    RUNNING("running"),
    STOPPED_BY_RUN("stopped by the run"),
    /** it ended by itself (the note says when and with which code) */
    EXITED("exited");

    private final String text;

    ServiceState(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
