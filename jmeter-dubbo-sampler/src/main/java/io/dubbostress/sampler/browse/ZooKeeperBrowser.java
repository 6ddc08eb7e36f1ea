package io.dubbostress.sampler.browse;

import java.io.UnsupportedEncodingException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;

/**
 * Lists the services registered in a ZooKeeper registry the way Dubbo lays it out: one node per interface under the
 * root ({@code /dubbo} by default, the registry group otherwise), its {@code providers} children URL-encoded provider
 * URLs ({@code dubbo://127.0.0.1:20880/io.x.Service?interface=...&version=1.0&group=g&methods=a,b&...}). Given no root,
 * every top-level node that holds Dubbo providers is listed (each service says its root: its registry group), so
 * providers registered under a group nobody told the user about are found. Services with the same interface, version
 * and group under one root are merged (their providers listed, their method names united). A provider URL names its
 * methods but not their parameter types: the methods come back with unknown types ({@link BrowsedMethod#typesKnown()}
 * false). Interfaces with no provider are left out.
 *
 * <pre>{@code
 * List<BrowsedService> services = new ZooKeeperBrowser(3000).browse("127.0.0.1:2181", "dubbo", null, null);
 * List<BrowsedService> everywhere = new ZooKeeperBrowser(3000).browse("127.0.0.1:2181", null, null, null);
 * }</pre>
 */
public final class ZooKeeperBrowser {

    private final int timeoutMs;

    /** @param timeoutMs bound on connecting (and the session) */
    public ZooKeeperBrowser(int timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    /**
     * @param connectString {@code host:port[,host:port...]}
     * @param root the registry's root node name (its group, {@code dubbo} by default); null or empty: every root
     *     that holds Dubbo providers
     * @param user digest user, or null/empty for none
     */
    public List<BrowsedService> browse(String connectString, String root, String user, String password)
            throws BrowseException {
        CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder().connectString(connectString)
                .connectionTimeoutMs(timeoutMs).sessionTimeoutMs(Math.max(timeoutMs, 4000))
                .retryPolicy(new RetryOneTime(Math.min(timeoutMs, 500)));
        if (user != null && !user.isEmpty()) {
            builder.authorization("digest", (user + ":" + (password == null ? "" : password))
                    .getBytes(StandardCharsets.UTF_8));
        }
        CuratorFramework client = builder.build();
        boolean given = root != null && !root.trim().isEmpty();
        String rootPath = given ? "/" + root.trim().replaceAll("^/+", "") : "/";
        try {
            client.start();
            if (!client.blockUntilConnected(timeoutMs, TimeUnit.MILLISECONDS)) {
                throw new BrowseException("cannot reach ZooKeeper at " + connectString + " within " + timeoutMs
                        + " ms (is it running, and is that its client port?)");
            }
            if (given) {
                if (client.checkExists().forPath(rootPath) == null) {
                    throw new BrowseException("ZooKeeper at " + connectString + " has no " + rootPath + " node: no"
                            + " Dubbo provider registered there (or the registry group is not '"
                            + rootPath.substring(1) + "')");
                }
                return servicesUnder(client, rootPath);
            }
            List<BrowsedService> services = new ArrayList<>();
            for (String top : new TreeSet<>(client.getChildren().forPath("/"))) {
                if (!"zookeeper".equals(top)) {
                    services.addAll(servicesUnder(client, "/" + top));
                }
            }
            if (services.isEmpty()) {
                throw new BrowseException("ZooKeeper at " + connectString + " holds no Dubbo provider under any root"
                        + " node (/dubbo, or a registry group's)");
            }
            return services;
        } catch (BrowseException e) {
            throw e;
        } catch (KeeperException.NoAuthException e) {
            throw new BrowseException("ZooKeeper at " + connectString + " refused to list " + rootPath
                    + ": not authorised (check the registry user and password)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrowseException("browsing ZooKeeper at " + connectString + " was interrupted", e);
        } catch (Exception e) {
            throw new BrowseException("browsing ZooKeeper at " + connectString + " failed: " + e, e);
        } finally {
            client.close();
        }
    }

    /** The services registered under one root ({@code /dubbo}): none when it holds no {@code <interface>/providers}. */
    private static List<BrowsedService> servicesUnder(CuratorFramework client, String rootPath) throws Exception {
        Map<String, List<String>> urlsByKey = new LinkedHashMap<>();
        Map<String, String[]> idByKey = new LinkedHashMap<>();
        Map<String, TreeSet<String>> methodsByKey = new LinkedHashMap<>();
        List<String> nodes;
        try {
            nodes = client.getChildren().forPath(rootPath);
        } catch (KeeperException.NoNodeException | KeeperException.NoAuthException gone) {
            return new ArrayList<>(); // removed meanwhile, or another tenant's node: not a Dubbo root for us
        }
        for (String node : new TreeSet<>(nodes)) {
            List<String> children;
            try {
                children = client.getChildren().forPath(rootPath + "/" + node + "/providers");
            } catch (KeeperException.NoNodeException notAService) {
                continue; // config, metadata, mapping, ...
            }
            for (String child : children) {
                ProviderUrl url = ProviderUrl.parse(decode(child));
                if (url == null) {
                    continue;
                }
                String iface = url.parameter("interface", url.path().isEmpty() ? node : url.path());
                String version = url.parameter("version", "");
                String group = url.parameter("group", "");
                String key = group + "/" + iface + ":" + version;
                idByKey.put(key, new String[] {iface, version, group});
                urlsByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(url.address());
                TreeSet<String> names = methodsByKey.computeIfAbsent(key, k -> new TreeSet<>());
                for (String method : url.parameter("methods", "").split(",")) {
                    if (!method.trim().isEmpty()) {
                        names.add(method.trim());
                    }
                }
            }
        }
        String registryGroup = rootPath.substring(1);
        List<BrowsedService> services = new ArrayList<>();
        for (Map.Entry<String, String[]> e : idByKey.entrySet()) {
            List<BrowsedMethod> methods = new ArrayList<>();
            for (String name : methodsByKey.get(e.getKey())) {
                methods.add(new BrowsedMethod(name, null, null));
            }
            String[] id = e.getValue();
            services.add(new BrowsedService(id[0], id[1], id[2], methods, urlsByKey.get(e.getKey()), registryGroup));
        }
        return services;
    }

    private static String decode(String child) {
        try {
            return URLDecoder.decode(child, "UTF-8");
        } catch (UnsupportedEncodingException | IllegalArgumentException e) {
            return child;
        }
    }
}
