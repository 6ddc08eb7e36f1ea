package io.dubbostress.sampler.idl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

/**
 * Run in a JVM of its own with a temporary folder of its own ({@code -Djava.io.tmpdir}): parses the .proto given (one
 * that imports a well-known type the parser needs a folder for), then prints, before the JVM exits (and so before any
 * {@code deleteOnExit}), how many {@code dubbo-stress-protos} folders its temporary folder holds: {@code left N}.
 */
public final class ProtoFilesTemporaryFolderProbe {

    private ProtoFilesTemporaryFolderProbe() {
    }

    public static void main(String[] args) throws IOException {
        ProtoFiles.load(args[0], args[1], "files", "path");
        Path tmp = Paths.get(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> all = Files.list(tmp)) {
            System.out.println("left " + all.filter(p -> p.getFileName().toString().startsWith("dubbo-stress-protos"))
                    .count());
        }
    }
}
