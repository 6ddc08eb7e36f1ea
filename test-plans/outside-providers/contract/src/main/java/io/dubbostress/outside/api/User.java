package io.dubbostress.outside.api;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;

/** A result POJO without a no-argument constructor. */
public final class User implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long id;
    private final String name;
    private final LocalDate since;
    private final List<String> roles;

    public User(long id, String name, LocalDate since, List<String> roles) {
        this.id = id;
        this.name = name;
        this.since = since;
        this.roles = roles;
    }

    public long getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public LocalDate getSince() {
        return since;
    }

    public List<String> getRoles() {
        return roles;
    }
}
