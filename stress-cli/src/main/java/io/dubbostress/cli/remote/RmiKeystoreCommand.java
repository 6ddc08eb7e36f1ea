package io.dubbostress.cli.remote;

import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stress rmi-keystore}: makes the keystore JMeter's distributed mode needs for RMI over SSL (its default since
 * 4.0), as JMeter's {@code bin/create-rmi-keystore.sh} does: the JDK's {@code keytool}, an RSA 2048 key pair under the
 * alias {@code rmi}, a JKS store with JMeter's default password (JMeter's {@code server.rmi.ssl.keystore.password}), so
 * the servers and the client need no password setting. The same file goes to every server and to the client.
 *
 * <pre>
 * ./stress rmi-keystore --out rmi_keystore.jks --validity-days 30
 * scp rmi_keystore.jks gen1:/opt/dubbo-stress/        # and to every other load generator
 * ./stress run --remote gen1,gen2 --rmi-keystore rmi_keystore.jks ...
 * </pre>
 */
@Command(name = "rmi-keystore",
        description = {"Makes rmi_keystore.jks for JMeter's distributed mode over SSL (what JMeter's "
                + "bin/create-rmi-keystore.sh does, without its questions): copy it to every load generator "
                + "(jmeter-server -Jserver.rmi.ssl.keystore.file=...) and give it to stress run --rmi-keystore."},
        mixinStandardHelpOptions = true)
public final class RmiKeystoreCommand implements Callable<Integer> {

    /** JMeter's defaults (jmeter.properties: server.rmi.ssl.keystore.alias / .password / .type). */
    static final String ALIAS = "rmi";
    static final String STORE_PASSWORD = "changeit";

    @Spec
    private CommandSpec spec;

    @Option(names = "--out", paramLabel = "FILE", defaultValue = "rmi_keystore.jks",
            description = "Where to write it (must not exist). Default: ${DEFAULT-VALUE}.")
    Path out;

    @Option(names = "--validity-days", paramLabel = "DAYS", defaultValue = "7",
            description = "How long the certificate is valid. Default: ${DEFAULT-VALUE} (as JMeter's script).")
    int validityDays;

    @Option(names = "--name", paramLabel = "CN", defaultValue = "dubbo-stress jmeter rmi",
            description = "The certificate's common name. Default: ${DEFAULT-VALUE}.")
    String commonName;

    @Override
    public Integer call() {
        if (validityDays < 1) {
            throw new UserError("Invalid value for option '--validity-days': " + validityDays + " (at least 1)");
        }
        Path target = out.toAbsolutePath();
        if (Files.exists(target)) {
            throw new UserError("Invalid value for option '--out': '" + out + "' exists; remove it or choose another");
        }
        if (target.getParent() != null && !Files.isDirectory(target.getParent())) {
            throw new UserError("Invalid value for option '--out': folder '" + target.getParent() + "' does not exist");
        }
        create(target, validityDays, commonName);
        PrintWriter o = spec.commandLine().getOut();
        o.println("wrote " + target + " (alias " + ALIAS + ", JKS, valid " + validityDays + " days): copy it to every "
                + "jmeter-server and pass it to stress run --rmi-keystore");
        o.flush();
        return 0;
    }

    /** Runs the JDK's keytool; a failure is a one-line UserError with keytool's own words. */
    public static void create(Path target, int validityDays, String commonName) {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = List.of(keytool.toString(), "-genkeypair", "-keyalg", "RSA", "-keysize", "2048",
                "-alias", ALIAS, "-keystore", target.toString(), "-storetype", "JKS", "-storepass", STORE_PASSWORD,
                "-keypass", STORE_PASSWORD, "-validity", String.valueOf(validityDays), "-dname",
                "CN=" + commonName.replace(",", "\\,"));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new UserError("stress rmi-keystore: keytool did not finish within 2 minutes");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(target)) {
                String firstLine = output.lines().filter(l -> !l.isBlank()).findFirst().orElse("no output");
                throw new UserError("stress rmi-keystore: keytool failed (exit " + p.exitValue() + "): " + firstLine);
            }
        } catch (IOException e) {
            throw new UserError("stress rmi-keystore: cannot run " + keytool + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("stress rmi-keystore: interrupted");
        }
    }
}
