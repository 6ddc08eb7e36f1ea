package io.dubbostress.cli.options;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --provider-url}: a running provider the Dubbo 3.3 sampler calls, {@code tri://HOST:PORT} (triple) or
 * {@code dubbo://HOST:PORT}, checked once.
 *
 * <pre>{@code
 * ProviderUrl url = new ProviderUrl.Converter().convert("tri://10.0.0.5:50051");   // url.address().port == 50051
 * }</pre>
 */
public record ProviderUrl(String url, HostPort address) {

    /** Whether the provider speaks triple (the consumer of the hop scenarios, Dubbo 2.7, cannot call it). */
    public boolean triple() {
        return url.startsWith("tri://");
    }

    @Override
    public String toString() {
        return url;
    }

    /** picocli converter: {@code Invalid value for option '--provider-url': 'x' is not tri://HOST:PORT or ...}. */
    public static final class Converter implements ITypeConverter<ProviderUrl> {
        @Override
        public ProviderUrl convert(String value) {
            String t = value.trim();
            if (!t.matches("(tri|dubbo)://[^/?\\s]+")) {
                throw new TypeConversionException("'" + value + "' is not tri://HOST:PORT or dubbo://HOST:PORT");
            }
            try {
                return new ProviderUrl(t, HostPort.parse(t.substring(t.indexOf("://") + 3)));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
