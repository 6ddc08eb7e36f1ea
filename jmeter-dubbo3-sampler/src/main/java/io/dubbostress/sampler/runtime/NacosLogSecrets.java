package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.Secrets;
import java.util.regex.Pattern;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ParameterizedMessage;
import org.slf4j.LoggerFactory;

/**
 * Keeps the Nacos client's secrets out of jmeter.log: it logs every client's settings at INFO ({@code Nacos client key
 * init properties: ... password=Pw********xK}: two characters at each end and the length) and a failed login's form
 * ({@code bodyMap: {password=Pw***xK, ...}}); Dubbo's registry lines print the registry URL with its parameters, a Nacos
 * {@code secretKey} among them ({@code Failed to subscribe ... secretKey=...}). Their text cannot be changed from
 * outside, so a filter in JMeter's log4j2
 * (its own logging, which the sampler jar does not bundle) takes those lines from the {@code com.alibaba.nacos} and
 * {@code org.apache.dubbo} loggers and logs them again with the values masked ({@link Secrets}: {@code password=***}). Installed once, when
 * the first Nacos registry is configured; where JMeter's logging is not log4j2 core, nothing is installed and the
 * log says so.
 */
final class NacosLogSecrets extends AbstractFilter {

    /** A secret's name followed by a value that is not masked yet. */
    private static final Pattern UNMASKED = Pattern.compile(
            "(?i)(password|secretKey|secret-key|accessToken|token)=(?!\\*\\*\\*)[^\\s,;&}]");

    private static final ThreadLocal<Boolean> RELOGGING = new ThreadLocal<>();
    private static boolean installed;

    private NacosLogSecrets() {
        super(Filter.Result.NEUTRAL, Filter.Result.NEUTRAL);
    }

    /** Idempotent. */
    static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        try {
            Object context = LogManager.getContext(false);
            if (context instanceof LoggerContext) {
                LoggerContext log4j = (LoggerContext) context;
                NacosLogSecrets filter = new NacosLogSecrets();
                filter.start();
                log4j.getConfiguration().addFilter(filter);
                log4j.updateLoggers();
                return;
            }
        } catch (RuntimeException | LinkageError e) {
            // below
        }
        LoggerFactory.getLogger(NacosLogSecrets.class).warn("JMeter's logging is not log4j2: the Nacos client's own"
                + " log lines may show two characters and the length of a registry password");
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object... params) {
        if (!nacos(logger, level) || msg == null) {
            return Result.NEUTRAL;
        }
        return screen(logger, level, params == null || params.length == 0 ? msg
                : ParameterizedMessage.format(msg, params));
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, Object msg, Throwable t) {
        return !nacos(logger, level) || msg == null ? Result.NEUTRAL : screen(logger, level, String.valueOf(msg));
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, Message msg, Throwable t) {
        return !nacos(logger, level) || msg == null ? Result.NEUTRAL : screen(logger, level, msg.getFormattedMessage());
    }

    @Override
    public Result filter(LogEvent event) {
        String name = event.getLoggerName();
        if (event.getLevel() == null || event.getLevel().intLevel() > Level.INFO.intLevel() || name == null || !(name.startsWith("com.alibaba.nacos.") || name.startsWith("org.apache.dubbo."))
                || event.getMessage() == null) {
            return Result.NEUTRAL;
        }
        String text = event.getMessage().getFormattedMessage();
        return text != null && UNMASKED.matcher(text).find() && RELOGGING.get() == null ? Result.DENY
                : Result.NEUTRAL;
    }

    /**
     * The Nacos client's loggers, and Dubbo's: its registry lines print the registry URL, secretKey included. Lines
     * below INFO are not looked at (log4j asks the filter before it knows a DEBUG line is off: formatting every one of
     * Dubbo's would cost every call).
     */
    private static boolean nacos(Logger logger, Level level) {
        if (level == null || level.intLevel() > Level.INFO.intLevel()) {
            return false;
        }
        return logger != null && logger.getName() != null && (logger.getName().startsWith("com.alibaba.nacos.")
                || logger.getName().startsWith("org.apache.dubbo."));
    }

    /** The line as it is when it shows no secret; else dropped, and logged again masked. */
    private static Result screen(Logger logger, Level level, String text) {
        if (RELOGGING.get() != null || !UNMASKED.matcher(text).find()) {
            return Result.NEUTRAL;
        }
        RELOGGING.set(Boolean.TRUE);
        try {
            logger.log(level, Secrets.masked(text));
        } finally {
            RELOGGING.remove();
        }
        return Result.DENY;
    }
}
