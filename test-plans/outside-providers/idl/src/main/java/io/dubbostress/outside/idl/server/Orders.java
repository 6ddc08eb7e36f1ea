package io.dubbostress.outside.idl.server;

import com.google.protobuf.Timestamp;
import io.dubbostress.outside.idl.EchoMessage;
import io.dubbostress.outside.idl.Money;
import io.dubbostress.outside.idl.Order;
import io.dubbostress.outside.idl.OrderLine;
import io.dubbostress.outside.idl.PlaceOrderReply;
import io.dubbostress.outside.idl.TrackRequest;
import io.dubbostress.outside.idl.TrackUpdate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the IDL service answers, the same for both servers (the triple provider and the grpc-java server): pure
 * functions of the request, so a test can compute every field it expects.
 */
public final class Orders {

    private static final long NANOS = 1_000_000_000L;

    private Orders() {
    }

    /**
     * The order's id as {@code order-<id>}, the total of its lines (quantity x unit price, the first line's currency),
     * the line count, the order as read, accepted one second after it was created, the signature's size, the colour,
     * and one note per thing it carries, in this order: labels (by key), priorities, lines by number (by number), ship to
     * or pickup point, note, express, discount.
     */
    public static PlaceOrderReply place(Order order) {
        long totalNanos = 0;
        for (OrderLine line : order.getLinesList()) {
            Money price = line.getUnitPrice();
            totalNanos += line.getQuantity() * (price.getUnits() * NANOS + price.getNanos());
        }
        String currency = order.getLinesCount() == 0 ? "" : order.getLines(0).getUnitPrice().getCurrency();
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, String> label : new TreeMap<>(order.getLabelsMap()).entrySet()) {
            notes.add("label " + label.getKey() + "=" + label.getValue());
        }
        if (order.getPrioritiesCount() > 0) {
            int sum = 0;
            for (int p : order.getPrioritiesList()) {
                sum += p;
            }
            notes.add("priorities " + order.getPrioritiesCount() + " sum " + sum);
        }
        for (Map.Entry<Integer, OrderLine> line : new TreeMap<>(order.getLinesByNumberMap()).entrySet()) {
            notes.add("line #" + line.getKey() + " " + line.getValue().getSku() + " x" + line.getValue().getQuantity());
        }
        if (order.hasShipTo()) {
            notes.add("ship to " + order.getShipTo().getCity() + ", " + order.getShipTo().getCountry());
        } else if (order.getDeliveryCase() == Order.DeliveryCase.PICKUP_POINT) {
            notes.add("pickup at " + order.getPickupPoint());
        }
        if (order.hasNote()) {
            notes.add("note: " + order.getNote().getValue());
        }
        if (order.getExpress()) {
            notes.add("express");
        }
        if (order.getDiscount() != 0) {
            notes.add("discount " + order.getDiscount());
        }
        PlaceOrderReply.Builder reply = PlaceOrderReply.newBuilder()
                .setOrderId("order-" + order.getId())
                .setTotal(Money.newBuilder().setCurrency(currency).setUnits(totalNanos / NANOS)
                        .setNanos((int) (totalNanos % NANOS)))
                .setLineCount(order.getLinesCount())
                .setOrder(order)
                .addAllNotes(notes)
                .setSignatureBytes(order.getSignature().size())
                .setColour(order.getColour());
        if (order.hasCreatedAt()) {
            reply.setAcceptedAt(order.getCreatedAt().toBuilder().setSeconds(order.getCreatedAt().getSeconds() + 1));
        }
        return reply.build();
    }

    /** {@code updates} updates: sequence 1..n, status {@code step i of <order id>}, at 1700000000 + i seconds. */
    public static List<TrackUpdate> track(TrackRequest request) {
        List<TrackUpdate> out = new ArrayList<>();
        for (int i = 1; i <= request.getUpdates(); i++) {
            out.add(TrackUpdate.newBuilder().setSequence(i).setStatus("step " + i + " of " + request.getOrderId())
                    .setAt(Timestamp.newBuilder().setSeconds(1_700_000_000L + i)).build());
        }
        return out;
    }

    /** Sleeps {@code millis}, then says so. */
    public static EchoMessage slow(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return EchoMessage.newBuilder().setText("slept " + millis + " ms").build();
    }

    /** The message of the exception {@code Fail} with code 0 throws. */
    public static String unexpected(String message) {
        return "unexpected failure: " + message;
    }
}
