package io.dubbostress.sampler.browse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Asks a provider for its services and methods over its dubbo port, with the telnet commands Dubbo 2.7's protocol
 * handler answers there: {@code ls} lists the exported service keys, {@code ls -l <key>} each method as
 * {@code <return type> <name>(<type>,<type>)}. Every answer ends with the prompt {@code dubbo>}.
 *
 * <p>Since 2.7.18 or so (and in 2.7.23) a provider answers {@code ls} only when its protocol lists it
 * ({@code dubbo.protocol.telnet=ls}, {@code <dubbo:protocol telnet="ls"/>}); otherwise it says "Command: ls
 * disabled for security reasons". Dubbo 3.x providers have no {@code ls} on the dubbo port at all ("Unsupported
 * command: ls", checked against a 3.3.5 provider; Dubbo 3's {@code ls} is a QoS command on port 22222 and lists no
 * methods). Both become a
 * {@link BrowseException} saying so; browse the registry instead.
 *
 * <pre>{@code
 * List<BrowsedService> services = new DubboPortBrowser(3000).browse("127.0.0.1", 20880);
 * }</pre>
 */
public final class DubboPortBrowser {

    static final String PROMPT = "dubbo>";
    /** Spaces after the first command: Dubbo 3.3.5 answered "ls\r\n" only when more bytes followed (10 did). */
    private static final String FIRST_LINE_PADDING = "                      ";
    private static final int MAX_ANSWER_BYTES = 4 * 1024 * 1024;

    private final int timeoutMs;

    /** @param timeoutMs bound on connecting and on each answer */
    public DubboPortBrowser(int timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    /** The provider's services, each with its methods and their parameter types. */
    public List<BrowsedService> browse(String host, int port) throws BrowseException {
        String where = host + ":" + port;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), timeoutMs);
            socket.setSoTimeout(timeoutMs);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            // padded: a Dubbo 3 port (port unification) waits for more than "ls\r\n" before it picks a protocol,
            // and the telnet handler trims the line
            String list = ask(in, out, "ls" + FIRST_LINE_PADDING, where);
            List<String> keys = serviceKeys(list, where);
            List<BrowsedService> services = new ArrayList<>();
            for (String key : keys) {
                String detail = ask(in, out, "ls -l " + key, where);
                services.add(service(key, methods(detail), where));
            }
            return services;
        } catch (ConnectException e) {
            throw new BrowseException("cannot connect to " + where + ": " + e.getMessage()
                    + " (is the provider running, and is this its dubbo port?)", e);
        } catch (SocketTimeoutException e) {
            throw new BrowseException("no answer from " + where + " within " + timeoutMs + " ms to Dubbo's 'ls'"
                    + " command (is this a Dubbo provider's dubbo port?)", e);
        } catch (IOException e) {
            throw new BrowseException("browsing " + where + " failed: " + e, e);
        }
    }

    private static String ask(InputStream in, OutputStream out, String command, String where)
            throws IOException, BrowseException {
        out.write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        while (true) {
            int n = in.read(buffer);
            if (n < 0) {
                throw new BrowseException(where + " closed the connection after '" + command + "'"
                        + describe(answer) + " (not a Dubbo provider's dubbo port?)");
            }
            answer.write(buffer, 0, n);
            String text = new String(answer.toByteArray(), StandardCharsets.UTF_8);
            if (text.endsWith(PROMPT)) {
                return text.substring(0, text.length() - PROMPT.length());
            }
            if (answer.size() > MAX_ANSWER_BYTES) {
                throw new BrowseException(where + " answered '" + command + "' with more than " + MAX_ANSWER_BYTES
                        + " bytes and no 'dubbo>' prompt (not a Dubbo provider's dubbo port?)");
            }
        }
    }

    private static String describe(ByteArrayOutputStream answer) {
        if (answer.size() == 0) {
            return " without answering";
        }
        String text = new String(answer.toByteArray(), StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
        return ", answering \"" + (text.length() > 80 ? text.substring(0, 80) + "..." : text) + "\"";
    }

    /** The service keys of an {@code ls} answer's PROVIDER: section. */
    static List<String> serviceKeys(String answer, String where) throws BrowseException {
        String text = answer.trim();
        if (text.contains("disabled for security reasons")) {
            throw new BrowseException("the provider at " + where + " does not allow 'ls' on its dubbo port (Dubbo"
                    + " 2.7 allows it only when the provider sets dubbo.protocol.telnet=ls): browse its registry"
                    + " instead, or type the interface and method");
        }
        if (text.startsWith("Unsupported command")) {
            throw new BrowseException("the provider at " + where + " has no 'ls' on its dubbo port (" + text
                    + "; a Dubbo 3 provider lists its services only on its QoS port, without methods): browse its"
                    + " registry instead, or type the interface and method");
        }
        List<String> keys = new ArrayList<>();
        boolean providers = false;
        for (String line : text.split("\r?\n")) {
            String l = line.trim();
            if (l.equals("PROVIDER:")) {
                providers = true;
            } else if (l.equals("CONSUMER:")) {
                providers = false;
            } else if (providers && !l.isEmpty()) {
                int arrow = l.indexOf(" ->");
                keys.add(arrow < 0 ? l : l.substring(0, arrow).trim());
            }
        }
        if (keys.isEmpty() && !text.isEmpty() && !text.startsWith("CONSUMER:")) {
            throw new BrowseException(where + " answered 'ls' with \"" + text.replaceAll("\\s+", " ")
                    + "\", not a list of services");
        }
        return keys;
    }

    /** The methods of an {@code ls -l <key>} answer: {@code \tjava.lang.String echo(java.lang.String)} lines. */
    static List<BrowsedMethod> methods(String answer) {
        List<BrowsedMethod> methods = new ArrayList<>();
        boolean provided = false;
        for (String line : answer.split("\r?\n")) {
            if (!line.startsWith("\t")) {
                provided = line.endsWith("(as provider):");
                continue;
            }
            String signature = line.trim();
            int open = signature.indexOf('(');
            int close = signature.lastIndexOf(')');
            int space = signature.lastIndexOf(' ', open);
            if (!provided || open < 0 || close < open || space < 0) {
                continue;
            }
            String inside = signature.substring(open + 1, close).trim();
            List<String> types = inside.isEmpty() ? new ArrayList<String>()
                    : new ArrayList<>(Arrays.asList(inside.split("\\s*,\\s*")));
            methods.add(new BrowsedMethod(signature.substring(space + 1, open), types, signature.substring(0, space)));
        }
        return methods;
    }

    private static BrowsedService service(String key, List<BrowsedMethod> methods, String where) {
        String rest = key;
        String group = "";
        String version = "";
        int slash = rest.indexOf('/');
        if (slash >= 0) {
            group = rest.substring(0, slash);
            rest = rest.substring(slash + 1);
        }
        int colon = rest.indexOf(':');
        if (colon >= 0) {
            version = rest.substring(colon + 1);
            rest = rest.substring(0, colon);
        }
        List<String> at = new ArrayList<>();
        at.add(where);
        return new BrowsedService(rest, version, group, methods, at);
    }
}
