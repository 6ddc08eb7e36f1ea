package io.dubbostress.sampler.runtime;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A registry address's user and password taken out of the address ({@code zookeeper://zk:s3cret@host:2181},
 * {@code nacos://host:8848?username=nacos&password=s3cret}) and given to Dubbo as the registry's user and password
 * instead. Dubbo prints a registry's address as it was given ({@code The registry[<dubbo:registry address=...>] will be
 * used as the config center}, {@code Duplicate RegistryConfig found ...}) and masks only its password field. The
 * Registry user and password fields win over the address's.
 *
 * <pre>{@code
 * RegistryCredentials c = RegistryCredentials.of("zookeeper://zk:s3cret@127.0.0.1:2181?timeout=3000", "", "");
 * c.address();   // "zookeeper://127.0.0.1:2181?timeout=3000"
 * c.user();      // "zk"
 * c.password();  // "s3cret"
 * }</pre>
 */
final class RegistryCredentials {

    private static final Pattern USER_INFO = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*://)([^/@?]*)@");
    private static final Pattern PARAMETER = Pattern.compile("([?&])(username|password)=([^&]*)");

    private final String address;
    private final String user;
    private final String password;

    private RegistryCredentials(String address, String user, String password) {
        this.address = address;
        this.user = user;
        this.password = password;
    }

    static RegistryCredentials of(String url, String userField, String passwordField) {
        String address = url;
        String user = "";
        String password = "";
        Matcher info = USER_INFO.matcher(address);
        if (info.find()) {
            String userInfo = info.group(2);
            int colon = userInfo.indexOf(':');
            user = colon < 0 ? userInfo : userInfo.substring(0, colon);
            password = colon < 0 ? "" : userInfo.substring(colon + 1);
            address = info.group(1) + address.substring(info.end());
        }
        Matcher parameter = PARAMETER.matcher(address);
        StringBuffer rest = new StringBuffer();
        while (parameter.find()) {
            if ("username".equals(parameter.group(2))) {
                user = user.isEmpty() ? parameter.group(3) : user;
            } else {
                password = password.isEmpty() ? parameter.group(3) : password;
            }
            parameter.appendReplacement(rest, Matcher.quoteReplacement(parameter.group(1)));
        }
        parameter.appendTail(rest);
        address = rest.toString().replaceAll("&&+", "&").replace("?&", "?").replaceAll("[?&]$", "");
        return new RegistryCredentials(address, userField.isEmpty() ? user : userField,
                passwordField.isEmpty() ? password : passwordField);
    }

    /** The address without user and password. */
    String address() {
        return address;
    }

    /** The user ({@code ""}: none). */
    String user() {
        return user;
    }

    /** The password ({@code ""}: none). */
    String password() {
        return password;
    }
}
