package io.dubbostress.outside.api;

/** A checked business exception with a field of its own. */
public class OutOfStockException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String sku;

    public OutOfStockException(String sku, String message) {
        super(message);
        this.sku = sku;
    }

    public String getSku() {
        return sku;
    }
}
