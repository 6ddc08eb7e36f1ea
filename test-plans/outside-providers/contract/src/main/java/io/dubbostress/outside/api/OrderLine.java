package io.dubbostress.outside.api;

import java.io.Serializable;
import java.math.BigDecimal;

public final class OrderLine implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String sku;
    private final int quantity;
    private final BigDecimal unitPrice;

    public OrderLine(String sku, int quantity, BigDecimal unitPrice) {
        this.sku = sku;
        this.quantity = quantity;
        this.unitPrice = unitPrice;
    }

    public String getSku() {
        return sku;
    }

    public int getQuantity() {
        return quantity;
    }

    public BigDecimal getUnitPrice() {
        return unitPrice;
    }
}
