package io.dubbostress.cli;

import io.dubbostress.report.ToolVersion;

import picocli.CommandLine.IVersionProvider;

/** {@code stress --version}: this build, and the Java running it. */
public final class StressVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            io.dubbostress.report.ToolVersion.name(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
