package io.dubbostress.cli.run;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** The versions this build was made with (from the filtered {@code versions.properties}). */
public final class BuildVersions {

    private BuildVersions() {
    }

    public static Map<String, String> all() {
        Properties properties = new Properties();
        try (InputStream in = BuildVersions.class.getResourceAsStream("/io/dubbostress/cli/versions.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // an empty map says "unknown"
        }
        Map<String, String> versions = new LinkedHashMap<>();
        for (String key : new String[] {"dubbo-stress", "dubbo", "dubbo3", "spring-boot", "jmeter", "jmeter-oldest",
            "jmeter-plugins-perfmon"}) {
            versions.put(key, properties.getProperty(key, "unknown"));
        }
        return versions;
    }

    public static String get(String key) {
        return all().getOrDefault(key, "unknown");
    }
}
