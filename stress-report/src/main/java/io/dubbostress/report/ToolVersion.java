package io.dubbostress.report;

/**
 * This build's name and version, as written into report.json's {@code generator} and printed by
 * {@code stress --version}: {@code "dubbo-stress 0.2.0"}, or {@code "dubbo-stress (development build)"}
 * when the classes do not come from a jar with an Implementation-Version.
 */
public final class ToolVersion {

    private ToolVersion() {
    }

    public static String name() {
        String version = ToolVersion.class.getPackage().getImplementationVersion();
        return "dubbo-stress " + (version == null ? "(development build)" : version);
    }
}
