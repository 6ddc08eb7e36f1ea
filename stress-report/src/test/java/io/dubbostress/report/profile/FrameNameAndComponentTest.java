package io.dubbostress.report.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How frames are named (generated classes made equal from one JVM to the next, so a hop and a direct scenario line up)
 * and which component a sample counts for (the library nearest its leaf; the JVM's own threads apart).
 */
class FrameNameAndComponentTest {

    @Test
    void generatedClassesGetOneNameWhateverTheirNumberInThisJvm() {
        assertThat(FrameName.of("JIT compiled", "org.apache.dubbo.common.bytecode.Wrapper12", "invokeMethod"))
                .isEqualTo("org.apache.dubbo.common.bytecode.Wrapper#.invokeMethod");
        assertThat(FrameName.java("org.apache.dubbo.common.bytecode.proxy3", "echo"))
                .isEqualTo("org.apache.dubbo.common.bytecode.proxy#.echo");
        assertThat(FrameName.java("jdk.internal.reflect.GeneratedMethodAccessor845", "invoke"))
                .isEqualTo("jdk.internal.reflect.GeneratedMethodAccessor#.invoke");
        assertThat(FrameName.java("com.example.Foo$$Lambda$845+0x00007f5948123456.1288608470", "accept"))
                .isEqualTo("com.example.Foo$$Lambda.accept");
        assertThat(FrameName.java("com.example.Foo$$Lambda/0x000000080123", "apply"))
                .isEqualTo("com.example.Foo$$Lambda.apply");
        assertThat(FrameName.java("com.example.Wrapper", "plain")).as("no number: not generated")
                .isEqualTo("com.example.Wrapper.plain");
    }

    @Test
    void nativeAndKernelFramesSayWhereTheyLive() {
        assertThat(FrameName.of("Kernel", "", "finish_task_switch.isra.0")).isEqualTo("finish_task_switch.isra.0 [kernel]");
        assertThat(FrameName.of("C++", "libjvm.so", "PhaseChaitin::Split")).isEqualTo("PhaseChaitin::Split [libjvm.so]");
        assertThat(FrameName.of("Native", "", "__write")).isEqualTo("__write [native]");
        assertThat(FrameName.isNative("Kernel")).isTrue();
        assertThat(FrameName.isNative("Inlined")).isFalse();
    }

    @Test
    void aSampleCountsForTheLibraryNearestItsLeafWithTheJdkAndKernelWorkItAskedFor() {
        Component.Attribution socketWrite = Component.of(List.of("__write [native]", "do_syscall_64 [kernel]",
                "sun.nio.ch.SocketDispatcher.write", "io.netty.channel.socket.nio.NioSocketChannel.doWrite",
                "org.apache.dubbo.remoting.transport.netty4.NettyChannel.send", "java.lang.Thread.run"), "worker-1");
        assertThat(socketWrite.component()).isEqualTo("Netty (Dubbo's transport)");
        assertThat(socketWrite.place()).isEqualTo("io.netty.channel.socket.nio.NioSocketChannel.doWrite");

        Component.Attribution header = Component.of(List.of("java.lang.String.indexOf",
                "org.apache.coyote.http11.Http11InputBuffer.parseHeader",
                "org.springframework.web.servlet.DispatcherServlet.doDispatch"), "http-nio-8080-exec-1");
        assertThat(header.component()).isEqualTo("Tomcat (HTTP server)");

        assertThat(Component.of(List.of("org.springframework.web.servlet.DispatcherServlet.doDispatch"), null)
                .component()).as("Spring MVC before Spring").isEqualTo("Spring MVC");
        assertThat(Component.of(List.of("com.alibaba.com.caucho.hessian.io.Hessian2Output.writeString",
                "org.apache.dubbo.rpc.protocol.dubbo.DubboCodec.encodeRequestData"), null).component())
                .isEqualTo("Hessian (Dubbo's serialization)");
        assertThat(Component.of(List.of("io.dubbostress.provider.CpuWork.perform"), null).component())
                .isEqualTo("dubbo-stress");
        assertThat(Component.of(List.of("com.acme.shop.Cart.total"), null).component()).isEqualTo("other: com.acme");
    }

    @Test
    void samplesWithoutALibraryAreTheJvmsOrTheJdks() {
        assertThat(Component.of(List.of("PhaseChaitin::Split [libjvm.so]", "C2Compiler::compile_method [libjvm.so]"),
                "C2 CompilerThread0")).isEqualTo(new Component.Attribution(Component.JIT,
                "PhaseChaitin::Split [libjvm.so]"));
        assertThat(Component.of(List.of("G1ParScanThreadState::trim_queue [libjvm.so]"), "GC Thread#1").component())
                .isEqualTo(Component.GC);
        assertThat(Component.of(List.of("java.util.HashMap.resize", "java.lang.Thread.run"), "pool-1").place())
                .as("the JDK's place is its first Java frame").isEqualTo("java.util.HashMap.resize");
        assertThat(Component.of(List.of("SafepointSynchronize::begin [libjvm.so]"), "VM Thread").component())
                .isEqualTo(Component.JVM);
    }

    @Test
    void aCallTreeCountsARecursiveFrameOncePerStackAndItsComponentsAddUp() {
        CallTree tree = new CallTree();
        List<String> recursive = List.of("a.b.C.leaf", "a.b.C.walk", "a.b.C.walk", "a.b.C.main");
        tree.add(recursive, Component.of(recursive, null), 3);
        List<String> other = List.of("a.b.C.main");
        tree.add(other, Component.of(other, null), 1);
        List<String> jdk = List.of("java.util.HashMap.get", "java.lang.Thread.run");
        tree.add(jdk, Component.of(jdk, null), 2);

        assertThat(tree.weight()).isEqualTo(6);
        assertThat(tree.stacks()).isEqualTo(3);
        CallTree.FrameStat walk = tree.framesByName().get("a.b.C.walk");
        assertThat(walk.total()).as("walk twice in one stack of weight 3").isEqualTo(3);
        assertThat(walk.self()).isZero();
        assertThat(tree.framesByName().get("a.b.C.main").total()).isEqualTo(4);
        assertThat(tree.framesByName().get("a.b.C.main").self()).isEqualTo(1);
        assertThat(tree.frames().get(0).name()).as("heaviest self first").isEqualTo("a.b.C.leaf");
        assertThat(tree.framesByTotal().get(0).name()).isEqualTo("a.b.C.main");
        assertThat(tree.components()).containsEntry("other: a.b", 4L).containsEntry(Component.JDK, 2L);
        assertThat(tree.components().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(tree.weight());
        assertThat(tree.root().children()).extracting(CallTree.Node::total).containsExactly(4L, 2L);
    }
}
