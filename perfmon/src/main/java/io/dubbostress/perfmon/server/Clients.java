package io.dubbostress.perfmon.server;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions an agent has now, TCP and UDP together, under one cap. When the agent is full, a new client takes the
 * place of the client that has been silent longest, provided that one streams nothing (no {@code metrics:}) and has
 * sent nothing for a while ({@link AgentSettings#evictableAfterMillis()}, 5 s by default):
 * silent connections cannot lock others out for the idle timeout, and a client that streams or keeps talking keeps
 * its place. When every place is taken by such clients, the new one is told so and dropped.
 */
final class Clients {

    private static final Logger LOG = LoggerFactory.getLogger(Clients.class);
    private static final long REFUSAL_LOG_NANOS = 10_000_000_000L;

    private final int max;
    private final long evictableAfterNanos;
    private final List<ClientSession> sessions = new ArrayList<>();
    private boolean everHadOne;
    private long refusalLoggedAtNanos;
    private int refusalsNotLogged;

    Clients(int max, long evictableAfterMillis) {
        this.max = max;
        this.evictableAfterNanos = evictableAfterMillis * 1_000_000L;
    }

    /**
     * Takes the session if there is room, or makes room by taking the longest-silent client that streams nothing
     * off the list: the caller tells that one and closes it ({@link Admission#evicted()}).
     */
    synchronized Admission admit(ClientSession session) {
        ClientSession evicted = null;
        if (sessions.size() >= max) {
            long now = System.nanoTime();
            long longest = -1;
            for (ClientSession candidate : sessions) {
                long silent = now - candidate.lastCommandNanos();
                if (silent >= evictableAfterNanos && silent > longest && !candidate.streaming()) {
                    evicted = candidate;
                    longest = silent;
                }
            }
            if (evicted == null) {
                return Admission.REFUSED;
            }
            sessions.remove(evicted);
        }
        sessions.add(session);
        everHadOne = true;
        return evicted == null ? Admission.ADMITTED : new Admission(true, evicted);
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

    /** Whether a session got a place, and whose place it took. */
    static final class Admission {
        static final Admission ADMITTED = new Admission(true, null);
        static final Admission REFUSED = new Admission(false, null);

        private final boolean admitted;
        private final ClientSession evicted;

        private Admission(boolean admitted, ClientSession evicted) {
            this.admitted = admitted;
            this.evicted = evicted;
        }

        boolean admitted() {
            return admitted;
        }

        /** The session that made room: no longer counted; to be told and closed. Null when there was room. */
        ClientSession evicted() {
            return evicted;
        }
    }
}
