package io.dubbostress.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;

/**
 * No secret, nor any 4-character piece of one, in any file a run wrote or on its console. The secrets are made for it
 * ({@link #secret}): letters and digits with a {@code ~} every third character, so that every piece of four holds a
 * {@code ~} and none turns up by chance in hex digests, ids or base64 text. Shared by the outside-providers suite
 * (registry passwords, Nacos keys) and stress-cli's InfluxDB tests (InfluxDB passwords and tokens).
 */
public final class SecretScan {

    private SecretScan() {
    }

    /** A distinctive secret for a case: {@code prefix} (two letters) and ten more characters, '~' every third. */
    public static String secret(String prefix, int n) {
        String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789";
        StringBuilder s = new StringBuilder(prefix);
        long x = 0x9E3779B97F4A7C15L * (n + 1) ^ prefix.hashCode();
        while (s.length() < 12) {
            if (s.length() % 3 == 2) {
                s.append('~');
            } else {
                x = x * 6364136223846793005L + 1442695040888963407L;
                s.append(alphabet.charAt((int) ((x >>> 33) % alphabet.length())));
            }
        }
        return s.toString();
    }

    /** The secret's pieces of four characters, and itself. */
    public static List<String> pieces(String secret) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 4 <= secret.length(); i++) {
            out.add(secret.substring(i, i + 4));
        }
        return out;
    }

    /** Every file under {@code folder} (a run's own folder) and the console, for every secret and piece of one. */
    public static void check(SoftAssertions softly, Path folder, String console, List<String> secrets) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(folder)) {
            all.filter(Files::isRegularFile).forEach(files::add);
        }
        for (String secret : secrets) {
            for (String piece : pieces(secret)) {
                for (Path file : files) {
                    if (file.getFileName().toString().endsWith(".jmx")) {
                        continue; // the plan: where the test put the secrets
                    }
                    String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                    int at = text.indexOf(piece);
                    if (at >= 0) { // where, not the whole file
                        softly.fail("'" + piece + "' (of a secret) in " + folder.relativize(file) + ": ..."
                                + text.substring(Math.max(0, at - 200), Math.min(text.length(), at + 60)) + "...");
                    }
                }
                int at = console.indexOf(piece);
                if (at >= 0) {
                    softly.fail("'" + piece + "' (of a secret) on the console: ..." + console.substring(Math.max(0,
                            at - 200), Math.min(console.length(), at + 60)) + "...");
                }
            }
        }
    }
}
