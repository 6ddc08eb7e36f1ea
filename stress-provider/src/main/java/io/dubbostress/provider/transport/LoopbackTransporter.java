package io.dubbostress.provider.transport;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.remoting.ChannelHandler;
import org.apache.dubbo.remoting.Client;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.RemotingServer;
import org.apache.dubbo.remoting.Transporter;
import org.apache.dubbo.remoting.transport.netty4.NettyClient;

/**
 * Dubbo's netty4 transporter, except that the server binds the address in the URL parameter {@value #BIND_HOST_KEY}
 * exactly. Dubbo 2.7 turns any 127.x bind address into 0.0.0.0; tests must listen on loopback only. Registered as the
 * {@value #NAME} extension ({@code dubbo.protocol.server=loopback}).
 */
public class LoopbackTransporter implements Transporter {

    public static final String NAME = "loopback";
    public static final String BIND_HOST_KEY = "stress.bind-host";

    @Override
    public RemotingServer bind(URL url, ChannelHandler handler) throws RemotingException {
        return new LoopbackNettyServer(url, handler);
    }

    @Override
    public Client connect(URL url, ChannelHandler handler) throws RemotingException {
        return new NettyClient(url, handler);
    }
}
