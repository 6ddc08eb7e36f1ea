package io.dubbostress.sampler.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.dubbo.registry.Registry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@link DubboReference} per distinct {@link ReferenceKey} in this JVM: created on first use by the first thread
 * that needs it (the others wait for that creation and share its outcome, reference or failure: they do not build
 * their own, nor try again one after the other), shared by all threads, reused by every sample, destroyed by {@link
 * #destroyAll()} at test end. Creations of different keys run side by side. A failed creation is not cached: the next
 * sample tries again (a provider started late is picked up), and each distinct failure is logged once.
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

    /**
     * A slot holds the reference once made, and the creation under way: threads asking meanwhile wait for that one
     * creation and share its outcome, the reference or the failure (they do not queue up to try again one after the
     * other behind a registry that fails), not on the whole map.
     */
    private static final class Slot {
        private volatile DubboReference reference;
        /** The creation under way, or null; guarded by the slot. */
        private CompletableFuture<DubboReference> creation;
    }

    /** The reference for {@code key} if it exists already: the per-sample fast path (one map lookup). */
    public DubboReference find(ReferenceKey key) {
        Slot slot = slots.get(key);
        return slot == null ? null : slot.reference;
    }

    /**
     * The reference for {@code key}, created if needed. While another thread creates it, waits for that creation and
     * returns its reference, or throws its failure (the next call tries again).
     */
    public DubboReference obtain(ReferenceKey key, ClassLoader loader, String addressField, String interfaceField) {
        Slot slot = slots.computeIfAbsent(key, k -> new Slot());
        DubboReference ready = slot.reference;
        if (ready != null) {
            return ready;
        }
        CompletableFuture<DubboReference> mine = null;
        CompletableFuture<DubboReference> underWay;
        synchronized (slot) {
            if (slot.reference != null) {
                return slot.reference;
            }
            if (slots.get(key) != slot) { // destroyed meanwhile: start over with a fresh slot
                return obtain(key, loader, addressField, interfaceField);
            }
            if (slot.creation == null) {
                slot.creation = mine = new CompletableFuture<>();
            }
            underWay = slot.creation;
        }
        if (mine == null) {
            return outcome(underWay);
        }
        try {
            DubboReference reference = DubboReference.create(key, loader, addressField, interfaceField);
            synchronized (slot) {
                slot.reference = reference;
                slot.creation = null;
            }
            created.incrementAndGet();
            log.info("Dubbo reference created: {}", key);
            mine.complete(reference);
            return reference;
        } catch (RuntimeException | LinkageError e) {
            synchronized (slot) {
                slot.creation = null;
            }
            slots.remove(key, slot);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** What another thread's creation gave: its reference, or its failure as it was thrown. */
    private static DubboReference outcome(CompletableFuture<DubboReference> creation) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return creation.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the creation is bounded by the sample's timeout: wait for it
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException) {
                        throw (RuntimeException) cause;
                    }
                    if (cause instanceof Error) {
                        throw (Error) cause;
                    }
                    throw new IllegalStateException(cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
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
            CompletableFuture<DubboReference> underWay;
            synchronized (slot) {
                underWay = slot.creation;
            }
            if (underWay != null) { // a creation under way: wait for it, and destroy what it made
                try {
                    outcome(underWay);
                } catch (RuntimeException | LinkageError e) {
                    // it failed: nothing to destroy
                }
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
        try {
            DubboVersion.closeMetadataReports();
        } catch (RuntimeException | LinkageError e) {
            log.warn("Closing the Dubbo metadata reports failed: {}", e.toString());
        }
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
