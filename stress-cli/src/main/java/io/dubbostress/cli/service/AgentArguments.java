package io.dubbostress.cli.service;

import java.util.List;

/** The PerfMon agent's command-line arguments for listening on one TCP address (the agent's own flags). */
public final class AgentArguments {

    private AgentArguments() {
    }

    public static List<String> listenOn(String host, int port) {
        return List.of("--tcp-port", String.valueOf(port), "--udp-port", "0", "--bind", host);
    }
}
