package io.dubbostress.sampler.idl;

import io.dubbostress.sampler.failure.ConfigurationException;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.io.File;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLException;

/**
 * TLS for IDL calls: the JDK's TLS with ALPN offering {@code h2}, the server's certificate checked against the CA file
 * (PEM, one or more certificates) or, for {@code grpcs://} without one, the JVM's trusted CAs, and its host name
 * checked. One context per CA file in this JVM.
 *
 * <pre>{@code
 * SslContext ssl = IdlTls.context("/etc/ssl/my-ca.pem", "DubboSampler.tlsCaFile");
 * }</pre>
 */
final class IdlTls {

    private static final Map<String, SslContext> CONTEXTS = new ConcurrentHashMap<>();

    private IdlTls() {
    }

    /** @param caFile empty: the JVM's trusted CAs */
    static SslContext context(String caFile, String field) {
        String key = caFile;
        File file = null;
        if (!caFile.isEmpty()) {
            file = new File(caFile);
            if (!file.isFile()) {
                throw new ConfigurationException(field + ": no file '" + caFile + "'");
            }
            key = file.getAbsolutePath() + "|" + file.length() + "|" + file.lastModified();
        }
        SslContext known = CONTEXTS.get(key);
        if (known != null) {
            return known;
        }
        try {
            SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(SslProvider.JDK)
                    .ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            ApplicationProtocolNames.HTTP_2));
            if (file != null) {
                builder.trustManager(file);
            }
            SslContext context = builder.build();
            CONTEXTS.put(key, context);
            return context;
        } catch (SSLException | IllegalArgumentException e) {
            throw new ConfigurationException(field + ": '" + caFile + "' is not a PEM file of CA certificates: "
                    + e.getMessage());
        }
    }
}
