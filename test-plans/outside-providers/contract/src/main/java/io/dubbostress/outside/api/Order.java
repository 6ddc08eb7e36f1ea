package io.dubbostress.outside.api;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;

/** A nested POJO without a no-argument constructor: enum, BigDecimal, java.time and a list of POJOs inside. */
public final class Order implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;
    private final Colour colour;
    private final List<OrderLine> lines;
    private final BigDecimal total;
    private final LocalDateTime createdAt;

    public Order(String id, Colour colour, List<OrderLine> lines, BigDecimal total, LocalDateTime createdAt) {
        this.id = id;
        this.colour = colour;
        this.lines = lines;
        this.total = total;
        this.createdAt = createdAt;
    }

    public String getId() {
        return id;
    }

    public Colour getColour() {
        return colour;
    }

    public List<OrderLine> getLines() {
        return lines;
    }

    public BigDecimal getTotal() {
        return total;
    }

    public LocalDateTime getCreatedAt() {
        return createdAt;
    }
}
