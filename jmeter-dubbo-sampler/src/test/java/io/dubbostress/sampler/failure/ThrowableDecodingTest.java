package io.dubbostress.sampler.failure;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * hessian2 round trips of exceptions through {@link ThrowableDecoding}: class, message, cause, stack trace and the
 * subclass's own fields survive. (That it needs no JVM flag is shown by the outside-provider suite, whose JMeter runs
 * without any.)
 */
class ThrowableDecodingTest {

    /** A business exception whose only constructor takes two Strings, with a field of its own. */
    public static class StockException extends Exception {
        private static final long serialVersionUID = 1L;
        private final String sku;

        public StockException(String sku, String message) {
            super(message);
            this.sku = sku;
        }
    }

    /** An exception whose constructor makes its own message: it cannot be rebuilt with the provider's. */
    public static class Fixed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Fixed(int code) {
            super("code " + code);
        }
    }

    private static Object roundTrip(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.setSerializerFactory(new SerializerFactory());
        out.writeObject(value);
        out.flush();
        SerializerFactory factory = new SerializerFactory();
        ThrowableDecoding.register(factory);
        Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray()));
        in.setSerializerFactory(factory);
        return in.readObject();
    }

    @Test
    void aBusinessExceptionKeepsItsClassMessageFieldsAndStackTrace() throws IOException {
        StockException sent = new StockException("A-1", "only 5 of A-1 left");
        Throwable back = (Throwable) roundTrip(sent);
        assertThat(back).isInstanceOf(StockException.class).hasMessage("only 5 of A-1 left").hasNoCause();
        assertThat(((StockException) back).sku).isEqualTo("A-1");
        assertThat(((StockException) back).getStackTrace()).isEqualTo(sent.getStackTrace());
    }

    @Test
    void aJdkExceptionKeepsItsCause() throws IOException {
        Throwable back = (Throwable) roundTrip(new IllegalStateException("outer", new IllegalArgumentException("inner")));
        assertThat(back).isInstanceOf(IllegalStateException.class).hasMessage("outer")
                .hasCauseInstanceOf(IllegalArgumentException.class);
        assertThat(back.getCause()).hasMessage("inner");
    }

    @Test
    void anExceptionThatCannotTakeTheMessageArrivesAsAProviderExceptionNamingItsClass() throws IOException {
        Throwable back = (Throwable) roundTrip(new Fixed(7));
        assertThat(back).isInstanceOf(ProviderException.class).hasMessage("code 7");
        assertThat(Failure.biz(back).toString()).isEqualTo("BIZ: " + Fixed.class.getName() + ": code 7");
        Object generic = roundTrip(new com.alibaba.dubbo.rpc.service.GenericException("io.x.Boom", "it broke"));
        assertThat(Failure.of((Throwable) generic).toString()).isEqualTo("BIZ: io.x.Boom: it broke");
    }
}
