package io.dubbostress.perfmon.server;

import io.dubbostress.perfmon.metrics.MetricFactory;

/** What a session needs from the agent that runs it. */
interface SessionHost {

    AgentSettings settings();

    MetricFactory metrics();

    /** A client sent {@code shutdown} and the agent allows it. */
    void shutdownRequested(ClientSession by);

    /** The session has ended (either side). */
    void closed(ClientSession session);
}
