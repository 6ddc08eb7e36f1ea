package io.dubbostress.cli.profile;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;

/**
 * Loads a native agent into a running JVM through the JDK's attach API ({@code jdk.attach}): what {@code jcmd <pid>
 * JVMTI.agent_load} does, from this JVM, with no new process per command. The target must be a HotSpot JVM of the same
 * user that allows attaching; the reasons it fails are said in words.
 */
final class JvmAttach {

    private JvmAttach() {
    }

    /** Loads (or calls again, when already loaded) the agent {@code library} with {@code options} in {@code pid}. */
    static void loadAgent(long pid, String library, String options) {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new ProfilerException("cannot attach to the JVM " + pid + " (" + e.getMessage() + "): it has ended,"
                    + " runs as another user, or does not allow attaching (-XX:+DisableAttachMechanism)", e);
        } catch (LinkageError e) {
            throw new ProfilerException("this Java has no attach API (the jdk.attach module of a JDK)", e);
        }
        try {
            vm.loadAgentPath(library, options);
        } catch (AgentInitializationException e) {
            throw new ProfilerException("the profiler refused in the JVM " + pid + " (its code " + e.returnValue()
                    + ")", e);
        } catch (AgentLoadException | IOException e) {
            throw new ProfilerException("cannot load the profiler into the JVM " + pid + ": " + e.getMessage(), e);
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // the command was delivered or it failed above; detaching is courtesy
            }
        }
    }
}
