package io.dubbostress.provider;

import io.dubbostress.api.ProviderStats;
import io.dubbostress.api.ProviderStatsService;
import org.apache.dubbo.config.annotation.DubboService;
import org.apache.dubbo.remoting.RemotingServer;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.protocol.dubbo.DubboProtocol;

/** Reports the provider's counters and the client connections its Dubbo server holds open. */
@DubboService(interfaceClass = ProviderStatsService.class)
public class ProviderStatsServiceImpl implements ProviderStatsService {

    private final CpuWork cpuWork;

    public ProviderStatsServiceImpl(CpuWork cpuWork) {
        this.cpuWork = cpuWork;
    }

    @Override
    public ProviderStats stats() {
        return new ProviderStats(cpuWork.calls(), cpuWork.iterationsDone(), cpuWork.iterationsPerCall(),
                openConnections(), cpuWork.workNanos());
    }

    /** Connections held by the dubbo protocol's servers; the caller asking counts as one. */
    static int openConnections() {
        int open = 0;
        for (ProtocolServer server : DubboProtocol.getDubboProtocol().getServers()) {
            RemotingServer remoting = server.getRemotingServer();
            if (remoting != null) {
                open += remoting.getChannels().size();
            }
        }
        return open;
    }
}
