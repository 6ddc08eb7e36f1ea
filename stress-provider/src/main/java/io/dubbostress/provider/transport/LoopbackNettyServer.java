package io.dubbostress.provider.transport;

import java.net.InetSocketAddress;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.remoting.ChannelHandler;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.transport.netty4.NettyServer;

/** A {@link NettyServer} that binds {@link LoopbackTransporter#BIND_HOST_KEY} instead of 0.0.0.0. */
class LoopbackNettyServer extends NettyServer {

    LoopbackNettyServer(URL url, ChannelHandler handler) throws RemotingException {
        super(url, handler);
    }

    // Called from the superclass constructor (doOpen): reads only the URL, no fields of this class.
    @Override
    public InetSocketAddress getBindAddress() {
        InetSocketAddress any = super.getBindAddress();
        String host = getUrl().getParameter(LoopbackTransporter.BIND_HOST_KEY);
        return host == null || host.isEmpty() ? any : new InetSocketAddress(host, any.getPort());
    }
}
