package io.dubbostress.outside.api;

import java.io.Serializable;

/** A parameter object without a no-argument constructor, as the official samples' POJOs are. */
public final class UserQuery implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long id;
    private final String tenant;

    public UserQuery(long id, String tenant) {
        this.id = id;
        this.tenant = tenant;
    }

    public long getId() {
        return id;
    }

    public String getTenant() {
        return tenant;
    }
}
