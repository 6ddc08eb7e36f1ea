package io.dubbostress.cli.options;

import io.dubbostress.report.Durations;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli's side of {@link Durations}: every duration option of every command reads through it, so
 * {@code --warmup 1h} and {@code --warmup 1.5s} mean the same in {@code stress run} and {@code stress report}.
 */
public final class DurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    /** {@link Durations#parse}, failing as picocli expects of a converter. */
    public static Duration parse(String value) {
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    public static String format(Duration d) {
        return Durations.format(d);
    }
}
