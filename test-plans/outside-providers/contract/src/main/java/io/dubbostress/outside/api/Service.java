package io.dubbostress.outside.api;

/** A generic base interface, as services built on a framework's CRUD layer declare them: {@code V get(P)}. */
public interface Service<P, V> {

    V get(P params);
}
