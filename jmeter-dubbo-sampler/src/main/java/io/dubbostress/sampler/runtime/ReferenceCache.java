package io.dubbostress.sampler.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.dubbo.registry.Registry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@link DubboReference} per distinct {@link ReferenceKey} in this JVM: created on first use by the first thread
 * that needs it (the others wait for it, they do not build their own), shared by all threads, reused by every
 * sample, destroyed by {@link #destroyAll()} at test end. A failed creation is not cached: the next sample tries
 * again (a provider started late is picked up), and each distinct failure is logged once.
 *
 * <pre>{@code
 * DubboReference ref = ReferenceCache.shared().obtain(key, loader, "DubboSampler.address", "DubboSampler.interface");
 * ...
 * ReferenceCache.shared().destroyAll();   // testEnded
 * }</pre>
 */
public final class ReferenceCache {

    private static final Logger log = LoggerFactory.getLogger(ReferenceCache.class);
    private static final ReferenceCache SHARED = new ReferenceCache();

    private final ConcurrentMap<ReferenceKey, Slot> slots = new ConcurrentHashMap<>();
    private final AtomicLong created = new AtomicLong();
    private final AtomicLong destroyed = new AtomicLong();

    /** The JVM's cache: every sampler in every thread group shares it. */
    public static ReferenceCache shared() {
        return SHARED;
    }

    /** A slot holds the reference once made; threads asking meanwhile wait on the slot, not on the whole map. */
    private static final class Slot {
        private volatile DubboReference reference;
    }

    /** The reference for {@code key} if it exists already: the per-sample fast path (one map lookup). */
    public DubboReference find(ReferenceKey key) {
        Slot slot = slots.get(key);
        return slot == null ? null : slot.reference;
    }

    /**
     * The reference for {@code key}, created if needed. Blocks while another thread creates it.
     */
    public DubboReference obtain(ReferenceKey key, ClassLoader loader, String addressField, String interfaceField) {
        Slot slot = slots.computeIfAbsent(key, k -> new Slot());
        DubboReference ready = slot.reference;
        if (ready != null) {
            return ready;
        }
        synchronized (slot) {
            if (slot.reference != null) {
                return slot.reference;
            }
            if (slots.get(key) != slot) { // destroyed meanwhile: start over with a fresh slot
                return obtain(key, loader, addressField, interfaceField);
            }
            try {
                DubboReference reference = DubboReference.create(key, loader, addressField, interfaceField);
                slot.reference = reference;
                created.incrementAndGet();
                log.info("Dubbo reference created: {}", key);
                return reference;
            } catch (RuntimeException | LinkageError e) {
                slots.remove(key, slot);
                throw e;
            }
        }
    }

    /**
     * Puts a reference made elsewhere under {@code key} (replacing none: an existing one stays), so samplers with
     * that key use it: the seam the JMH benchmarks use for a no-op reference ({@link DubboReference#over}).
     * {@link #destroyAll()} forgets it like any other.
     */
    public void install(ReferenceKey key, DubboReference reference) {
        Slot slot = slots.computeIfAbsent(key, k -> new Slot());
        synchronized (slot) {
            if (slot.reference == null) {
                slot.reference = reference;
            }
        }
    }

    /** Destroys every reference (their connections close) and forgets them. Idempotent. */
    public void destroyAll() {
        List<ReferenceKey> keys = new ArrayList<>(slots.keySet());
        for (ReferenceKey key : keys) {
            Slot slot = slots.remove(key);
            if (slot == null) {
                continue;
            }
            synchronized (slot) {
                DubboReference reference = slot.reference;
                slot.reference = null;
                if (reference != null) {
                    try {
                        reference.destroy();
                        destroyed.incrementAndGet();
                    } catch (RuntimeException e) {
                        log.warn("Destroying the Dubbo reference {} failed: {}", key, e.toString());
                    }
                }
            }
        }
        if (!keys.isEmpty()) {
            log.info("Dubbo references destroyed: {}", keys.size());
            closeRegistries();
        }
    }

    /**
     * Closes the registries the references used. Dubbo keeps one ZooKeeper client per address for the life of the
     * JVM, whoever connected first with whatever credentials; closing them at test end makes the next test connect
     * with its own settings (and its own registry password).
     */
    private static void closeRegistries() {
        closeNodeCaches();
        for (Registry registry : new ArrayList<>(DubboVersion.registries())) {
            try {
                withoutSecrets(registry);
                registry.destroy();
            } catch (RuntimeException e) {
                log.warn("Closing the Dubbo registry {} failed: {}", registry.getUrl().getAddress(), e.toString());
            }
            DubboVersion.forgetRegistry(registry);
        }
    }

    /**
     * The registry's URL with its secret parameters masked before it is destroyed: Dubbo logs {@code Destroy
     * registry:<url>} at INFO, and a Nacos {@code secretKey} (a URL parameter) was in jmeter.log (and its {@code accessKey}). Nothing needs them
     * any more (the client is being shut down).
     */
    private static void withoutSecrets(Registry registry) {
        org.apache.dubbo.common.URL url = registry.getUrl();
        org.apache.dubbo.common.URL masked = url;
        for (String key : new String[] {"password", "secretKey", "accessKey", "accessToken"}) {
            if (masked.getParameter(key) != null) {
                masked = masked.addParameter(key, "***");
            }
        }
        if (masked == url) {
            return;
        }
        for (Class<?> c = registry.getClass(); c != null; c = c.getSuperclass()) {
            try {
                java.lang.reflect.Method setUrl = c.getDeclaredMethod("setUrl", org.apache.dubbo.common.URL.class);
                setUrl.setAccessible(true);
                setUrl.invoke(registry, masked);
                return;
            } catch (NoSuchMethodException e) {
                // up the hierarchy
            } catch (ReflectiveOperationException | RuntimeException e) {
                return;
            }
        }
    }

    /**
     * Closes the ZooKeeper node caches Dubbo's config center opened for its rule listeners (Curator 5 client: a
     * static map). Dubbo closes the client but not them, and each then logged {@code ERROR NodeCache ...
     * Expected state [STARTED] was [STOPPED]} with a stack trace at the end of every ZooKeeper run.
     */
    private static void closeNodeCaches() {
        try {
            Class<?> client = Class.forName("org.apache.dubbo.remoting.zookeeper.curator5.Curator5ZookeeperClient",
                    false, ReferenceCache.class.getClassLoader());
            java.lang.reflect.Field field = client.getDeclaredField("nodeCacheMap");
            field.setAccessible(true);
            Map<?, ?> caches = (Map<?, ?>) field.get(null);
            if (caches == null) {
                return;
            }
            for (Object cache : new ArrayList<>(caches.values())) {
                try {
                    ((java.io.Closeable) cache).close();
                } catch (java.io.IOException | RuntimeException e) {
                    log.debug("Closing a ZooKeeper node cache failed: {}", e.toString());
                }
            }
            caches.clear();
        } catch (ClassNotFoundException | LinkageError e) {
            // no Curator 5 client in this Dubbo: nothing to close
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.debug("ZooKeeper node caches not closed: {}", e.toString());
        }
    }

    /** References alive now. */
    public int size() {
        int n = 0;
        for (Slot slot : slots.values()) {
            if (slot.reference != null) {
                n++;
            }
        }
        return n;
    }

    /** References created since this JVM started (for tests and the log). */
    public long createdCount() {
        return created.get();
    }

    /** References destroyed since this JVM started. */
    public long destroyedCount() {
        return destroyed.get();
    }
}
