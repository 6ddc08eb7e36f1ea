package io.dubbostress.api;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A small order, the object graph {@link StressTestService#echoOrder(Order)} carries: a {@code long}, an {@code int},
 * a String, a {@link BigDecimal} (hessian2 carries it as its decimal string, so no precision is lost), a list of
 * {@link OrderLine}s and a {@link LocalDateTime} (Dubbo 2.7.23's hessian2 carries {@code java.time} values through
 * its own serializers; the round trip is covered by the provider's tests).
 */
public class Order implements Serializable {

    private static final long serialVersionUID = 1L;

    private long id;
    private int priority;
    private String customer;
    private BigDecimal total;
    private List<OrderLine> lines = new ArrayList<>();
    private LocalDateTime createdAt;

    public Order() {
    }

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public int getPriority() {
        return priority;
    }

    public void setPriority(int priority) {
        this.priority = priority;
    }

    public String getCustomer() {
        return customer;
    }

    public void setCustomer(String customer) {
        this.customer = customer;
    }

    public BigDecimal getTotal() {
        return total;
    }

    public void setTotal(BigDecimal total) {
        this.total = total;
    }

    public List<OrderLine> getLines() {
        return lines;
    }

    public void setLines(List<OrderLine> lines) {
        this.lines = lines;
    }

    public LocalDateTime getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(LocalDateTime createdAt) {
        this.createdAt = createdAt;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Order)) {
            return false;
        }
        Order that = (Order) o;
        return id == that.id
                && priority == that.priority
                && Objects.equals(customer, that.customer)
                && Objects.equals(total, that.total)
                && Objects.equals(lines, that.lines)
                && Objects.equals(createdAt, that.createdAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, priority, customer, total, lines, createdAt);
    }

    @Override
    public String toString() {
        return "Order{id=" + id + ", priority=" + priority + ", customer=" + customer + ", total=" + total
                + ", lines=" + lines + ", createdAt=" + createdAt + '}';
    }
}
