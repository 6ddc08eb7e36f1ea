package io.dubbostress.cli.compare;

import io.dubbostress.report.compare.CompareBuilder;
import io.dubbostress.report.compare.FailOn;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters for {@code stress compare}'s values: each refuses what the comparison would refuse, in the words
 * picocli puts after {@code Invalid value for option '--x': }, before anything is read.
 *
 * <pre>{@code
 * @Option(names = "--fail-on", converter = CompareValues.Limits.class) FailOn failOn;
 * stress compare a b --fail-on p98=+1%
 *     stress compare: Invalid value for option '--fail-on': 'p98=+1%': 'p98' is not a figure (...)
 * }</pre>
 */
final class CompareValues {

    private CompareValues() {
    }

    /** {@code --fail-on}: the CI gate's limits ({@link FailOn#parse}). */
    static final class Limits implements ITypeConverter<FailOn> {
        @Override
        public FailOn convert(String value) {
            try {
                return FailOn.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code --confidence}: a share from 0.5 to 0.999. */
    static final class Confidence implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double share;
            try {
                share = Double.parseDouble(value.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a share (e.g. 0.95)");
            }
            if (!(share >= CompareBuilder.MIN_CONFIDENCE && share <= CompareBuilder.MAX_CONFIDENCE)) {
                throw new TypeConversionException(value + " (a share between 0.5 and 0.999, e.g. 0.95)");
            }
            return share;
        }
    }

    /** {@code --resamples}: 100 to 100,000 per trial. */
    static final class Resamples implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int n;
            try {
                n = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a whole number (100 to 100,000)");
            }
            if (n < CompareBuilder.MIN_RESAMPLES || n > CompareBuilder.MAX_RESAMPLES) {
                throw new TypeConversionException(n + " (100 to 100,000)");
            }
            return n;
        }
    }
}
