package io.dubbostress.perfmon.server;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions an agent has now, TCP and UDP together, under one cap: a client beyond it is told so and dropped.
 */
final class Clients {

    private static final Logger LOG = LoggerFactory.getLogger(Clients.class);
    private static final long REFUSAL_LOG_NANOS = 10_000_000_000L;

    private final int max;
    private final List<ClientSession> sessions = new ArrayList<>();
    private boolean everHadOne;
    private long refusalLoggedAtNanos;
    private int refusalsNotLogged;

    Clients(int max) {
        this.max = max;
    }

    /** Takes the session if there is room. */
    synchronized boolean admit(ClientSession session) {
        if (sessions.size() >= max) {
            return false;
        }
        sessions.add(session);
        everHadOne = true;
        return true;
    }

    /** Removes it; true when it was the last one (and there had been one). */
    synchronized boolean remove(ClientSession session) {
        return sessions.remove(session) && sessions.isEmpty() && everHadOne;
    }

    synchronized int count() {
        return sessions.size();
    }

    synchronized List<ClientSession> snapshot() {
        return new ArrayList<>(sessions);
    }

    /** Logs a refused client: at most one line per 10 s, with how many went unlogged. */
    synchronized void logRefusal(String peer) {
        long now = System.nanoTime();
        if (refusalLoggedAtNanos == 0 || now - refusalLoggedAtNanos > REFUSAL_LOG_NANOS) {
            LOG.warn("{}: refused, {} clients already{}", peer, max,
                    refusalsNotLogged == 0 ? "" : " (" + refusalsNotLogged + " more refused since the last such line)");
            refusalLoggedAtNanos = now;
            refusalsNotLogged = 0;
        } else {
            refusalsNotLogged++;
        }
    }

    int max() {
        return max;
    }
}
