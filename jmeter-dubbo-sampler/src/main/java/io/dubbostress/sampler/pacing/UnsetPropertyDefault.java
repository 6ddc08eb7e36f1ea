package io.dubbostress.sampler.pacing;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Finds a field written as {@code ${__P(name)}} (no default) whose JMeter property is not set. JMeter's {@code __P}
 * then gives {@code 1}, silently: a plan run without {@code -Jrate=...} would pace at 1 call/s, a Dubbo Sampler whose
 * Timeout is {@code ${__P(timeout)}} would time out after 1 ms. The raw text is read from the field as written (a
 * compiled field holds the function, whose raw parameters are the text). Both elements refuse such a field: the Target
 * Rate Schedule stops the test, the Dubbo Sampler fails its samples as {@code CONFIG}.
 *
 * <pre>{@code
 * String problem = UnsetPropertyDefault.in(element.getProperty(TargetRateSchedule.SCHEDULE));  // null: none
 * }</pre>
 */
public final class UnsetPropertyDefault {

    /** {@code ${__P(name)}}: one argument, no comma, so no default. */
    private static final Pattern P_WITHOUT_DEFAULT = Pattern.compile("\\$\\{__P\\(\\s*([^,()}]+?)\\s*\\)\\}");

    private UnsetPropertyDefault() {
    }

    /** What is wrong with {@code property}, or null: names the property and says what to do. */
    public static String in(JMeterProperty property) {
        if (property == null) {
            return null;
        }
        Object value = property.getObjectValue();
        String raw = value instanceof CompoundVariable ? ((CompoundVariable) value).getRawParameters()
                : property.getStringValue();
        if (raw == null) {
            return null;
        }
        Matcher m = P_WITHOUT_DEFAULT.matcher(raw);
        while (m.find()) {
            String name = m.group(1);
            if (JMeterUtils.getJMeterProperties() != null && JMeterUtils.getProperty(name) == null) {
                return "'" + raw + "': the JMeter property '" + name + "' is not set and ${__P(" + name + ")} has no "
                        + "default, so JMeter would give 1; set it (-J" + name + "=...) or give a default, e.g. "
                        + "${__P(" + name + ",500)}";
            }
        }
        return null;
    }
}
