package io.dubbostress.cli.home;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** The versions this build was made with (from the filtered {@code versions.properties}). */
public final class BuildVersions {

    private BuildVersions() {
    }

    /** The versions run.json and the bench results record. */
    public static Map<String, String> all() {
        Properties properties = load();
        Map<String, String> versions = new LinkedHashMap<>();
        for (String key : new String[] {"dubbo-stress", "dubbo", "dubbo3", "spring-boot", "jmeter", "jmeter-oldest",
            "jmeter-plugins-perfmon"}) {
            versions.put(key, properties.getProperty(key, "unknown"));
        }
        return versions;
    }

    /** One version of the file ({@code nacos-client} too, which {@link #all()} leaves out), or "unknown". */
    public static String get(String key) {
        return load().getProperty(key, "unknown");
    }

    private static Properties load() {
        Properties properties = new Properties();
        try (InputStream in = BuildVersions.class.getResourceAsStream("/io/dubbostress/cli/versions.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // empty: every version "unknown"
        }
        return properties;
    }
}
