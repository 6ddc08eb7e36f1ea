package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;

/** Range checks for option values, failing with the option's name and the value. */
public final class Validate {

    private Validate() {
    }

    public static int port(String option, int value) {
        if (value < 1 || value > 65535) {
            throw new UserError("Invalid value for option '" + option + "': " + value + " is not a TCP port (1-65535)");
        }
        return value;
    }

    public static int atLeast(String option, int value, int min) {
        if (value < min) {
            throw new UserError("Invalid value for option '" + option + "': " + value + " (must be >= " + min + ")");
        }
        return value;
    }
}
