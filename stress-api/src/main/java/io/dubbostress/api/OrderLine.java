package io.dubbostress.api;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.Objects;

/** One line of an {@link Order}: a SKU, a quantity and a unit price. */
public class OrderLine implements Serializable {

    private static final long serialVersionUID = 1L;

    private String sku;
    private int quantity;
    private BigDecimal unitPrice;

    public OrderLine() {
    }

    public OrderLine(String sku, int quantity, BigDecimal unitPrice) {
        this.sku = sku;
        this.quantity = quantity;
        this.unitPrice = unitPrice;
    }

    public String getSku() {
        return sku;
    }

    public void setSku(String sku) {
        this.sku = sku;
    }

    public int getQuantity() {
        return quantity;
    }

    public void setQuantity(int quantity) {
        this.quantity = quantity;
    }

    public BigDecimal getUnitPrice() {
        return unitPrice;
    }

    public void setUnitPrice(BigDecimal unitPrice) {
        this.unitPrice = unitPrice;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof OrderLine)) {
            return false;
        }
        OrderLine that = (OrderLine) o;
        return quantity == that.quantity && Objects.equals(sku, that.sku) && Objects.equals(unitPrice, that.unitPrice);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sku, quantity, unitPrice);
    }

    @Override
    public String toString() {
        return "OrderLine{sku=" + sku + ", quantity=" + quantity + ", unitPrice=" + unitPrice + '}';
    }
}
