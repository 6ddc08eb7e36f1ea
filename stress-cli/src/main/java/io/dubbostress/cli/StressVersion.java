package io.dubbostress.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code stress --version}: this build, and the Java running it. */
public final class StressVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = StressVersion.class.getPackage().getImplementationVersion();
        return new String[] {
            "dubbo-stress " + (version == null ? "(development build)" : version),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
