package io.dubbostress.sampler.failure;

import java.util.regex.Pattern;

/**
 * Text with the secrets of registry addresses masked, for everything the sampler logs, shows or records (sample
 * messages, sampler data, jmeter.log lines): the password of {@code scheme://user:password@host} and the values of
 * the {@code password}, {@code secretKey}, {@code accessKey}, {@code accessToken} and {@code token} parameters become
 * {@code ***}. User
 * names and access keys (identifiers, not secrets) stay.
 *
 * <pre>{@code
 * Secrets.masked("nacos://nacos:s3cret@127.0.0.1:8848?namespace=dev&secretKey=abc")
 *     // "nacos://nacos:***@127.0.0.1:8848?namespace=dev&secretKey=***"
 * }</pre>
 */
public final class Secrets {

    private static final Pattern USER_INFO_PASSWORD = Pattern.compile("(://[^/@:\\s]*:)[^/@\\s]*@");
    private static final Pattern SECRET_PARAMETER = Pattern.compile(
            "(?i)([?&;\\s,{(]|^)(password|secretKey|secret-key|secret_key|accessKey|access-key|access_key|accessToken|token)=[^&\\s,;]*");

    private Secrets() {
    }

    public static String masked(String text) {
        if (text == null || text.indexOf('=') < 0 && text.indexOf('@') < 0) {
            return text;
        }
        String out = USER_INFO_PASSWORD.matcher(text).replaceAll("$1***@");
        return SECRET_PARAMETER.matcher(out).replaceAll("$1$2=***");
    }
}
