package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the stand-in was asked, for tests: requests by type, who sent them (the principal auth found), the bodies
 * (the last 200 of each type), server-request acknowledgements, and the request types it does not serve.
 */
public final class RequestLog {

    private static final int KEPT_BODIES = 200;

    private final Map<String, Integer> counts = new TreeMap<>();
    private final Map<String, Set<String>> principals = new TreeMap<>();
    private final Map<String, List<JsonNode>> bodies = new LinkedHashMap<>();
    private final Set<String> unsupported = new LinkedHashSet<>();

    synchronized void received(String type, String principal, JsonNode body) {
        counts.merge(type, 1, Integer::sum);
        principals.computeIfAbsent(type, t -> new LinkedHashSet<>()).add(principal == null ? "refused" : principal);
        List<JsonNode> kept = bodies.computeIfAbsent(type, t -> new ArrayList<>());
        if (kept.size() == KEPT_BODIES) {
            kept.remove(0);
        }
        kept.add(body.deepCopy());
    }

    synchronized void unsupported(String type) {
        counts.merge(type, 1, Integer::sum);
        unsupported.add(type);
    }

    /** Requests received, by type (responses the client sent for server requests too, e.g. NotifySubscriberResponse). */
    public synchronized Map<String, Integer> counts() {
        return new TreeMap<>(counts);
    }

    public synchronized int count(String type) {
        return counts.getOrDefault(type, 0);
    }

    /**
     * Who sent requests of a type: {@code user:<name>}, {@code ak:<key>}, {@code anonymous} (auth off or a housekeeping
     * request) or {@code refused} (auth on, no valid credential).
     */
    public synchronized Set<String> principals(String type) {
        return new LinkedHashSet<>(principals.getOrDefault(type, Set.of()));
    }

    /** The bodies of the last requests of a type, oldest first (JSON as the client sent it, headers apart). */
    public synchronized List<JsonNode> bodies(String type) {
        return new ArrayList<>(bodies.getOrDefault(type, List.of()));
    }

    /** Request types the stand-in answered with "not served". */
    public synchronized Set<String> unsupported() {
        return new LinkedHashSet<>(unsupported);
    }
}
