package io.dubbostress.sampler.failure;

import java.util.regex.Pattern;

/**
 * Text with the secrets of registry and InfluxDB addresses masked, for everything the sampler logs, shows or records
 * (sample messages, sampler data, jmeter.log lines): the password of {@code scheme://user:password@host}, the values of
 * the {@code password}, {@code secretKey}, {@code accessKey}, {@code accessToken}, {@code token} and
 * {@code influxdbToken}/{@code influxdb_token} parameters, and the {@code p=} parameter of a URL's query (InfluxDB
 * 1.x's password: {@code /write?db=x&u=admin&p=...}) become {@code ***}. User names ({@code u=} included) and access
 * keys (identifiers, not secrets) stay, as do the host, port and database.
 *
 * <pre>{@code
 * Secrets.masked("nacos://nacos:s3cret@127.0.0.1:8848?namespace=dev&secretKey=abc")
 *     // "nacos://nacos:***@127.0.0.1:8848?namespace=dev&secretKey=***"
 * Secrets.masked("http://127.0.0.1:8086/write?db=jmeter&u=admin&p=s3cret")
 *     // "http://127.0.0.1:8086/write?db=jmeter&u=admin&p=***"
 * }</pre>
 */
public final class Secrets {

    private static final Pattern USER_INFO_PASSWORD = Pattern.compile("(://[^/@:\\s]*:)[^/@\\s]*@");
    private static final Pattern SECRET_PARAMETER = Pattern.compile(
            "(?i)([?&;\\s,{(]|^)(password|secretKey|secret-key|secret_key|accessKey|access-key|access_key|accessToken"
                    + "|token|influxdbToken|influxdb_token)=[^&\\s,;]*");
    /** A URL query's {@code p=} (InfluxDB 1.x), and only there: {@code p} alone is too short a name to look for. */
    private static final Pattern QUERY_PASSWORD = Pattern.compile("([?&]p=)[^&\\s,;#]*");

    private Secrets() {
    }

    public static String masked(String text) {
        if (text == null || text.indexOf('=') < 0 && text.indexOf('@') < 0) {
            return text;
        }
        String out = USER_INFO_PASSWORD.matcher(text).replaceAll("$1***@");
        out = SECRET_PARAMETER.matcher(out).replaceAll("$1$2=***");
        return QUERY_PASSWORD.matcher(out).replaceAll("$1***");
    }
}
