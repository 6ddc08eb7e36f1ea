package io.dubbostress.cli.run;

import io.dubbostress.testsupport.ChildJvm;
import java.nio.file.Path;

/** The built {@code stress-cli.jar}, run as a user runs it through {@code ./stress}. */
final class StressCli {

    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
    static final Path JAR = Path.of(System.getProperty("stress.cli.jar", "target/stress-cli.jar")).toAbsolutePath();

    private StressCli() {
    }

    /** {@code java -Dstress.home=<repo> -jar stress-cli.jar <args>}, output to {@code log}. */
    static ChildJvm start(Path log, String... args) {
        return ChildJvm.jar(JAR).jvmArgs("-Dstress.home=" + HOME).args(args).log(log).start();
    }
}
