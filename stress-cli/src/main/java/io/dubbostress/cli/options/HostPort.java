package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;

/** {@code host:port} as an option value, checked. */
public final class HostPort {

    public final String host;
    public final int port;

    private HostPort(String host, int port) {
        this.host = host;
        this.port = port;
    }

    public static HostPort parse(String option, String text) {
        String t = text.trim();
        int colon = t.lastIndexOf(':');
        if (colon <= 0 || colon == t.length() - 1) {
            throw new UserError("Invalid value for option '" + option + "': '" + text + "' is not HOST:PORT");
        }
        int port;
        try {
            port = Integer.parseInt(t.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new UserError("Invalid value for option '" + option + "': '" + text + "' has no numeric port");
        }
        if (port < 1 || port > 65535) {
            throw new UserError("Invalid value for option '" + option + "': port " + port + " is not 1-65535");
        }
        return new HostPort(t.substring(0, colon), port);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
