package io.dubbostress.sampler.idl;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.SchemaLoader;
import com.squareup.wire.schema.internal.SchemaEncoder;
import io.dubbostress.sampler.failure.ConfigurationException;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads what the Proto files field names into a {@link ProtoSchema}: {@code .proto} files parsed in Java by Square's
 * Wire ({@code wire-schema}: no {@code protoc} on the JMeter host), their imports found in the import path (the files'
 * own folders when it is empty) and the well-known types ({@code google/protobuf/*.proto}) always, from the jar; or a
 * descriptor set written by {@code protoc --descriptor_set_out} ({@code --include_imports}, or with its imports in the
 * set). Either way the well-known types are protobuf-java's own descriptors, so JSON maps them as protobuf does
 * ({@code Timestamp} as RFC 3339 text, wrappers as plain values).
 *
 * <p>Read once per JVM for the same files and folders while the files do not change (their sizes and times are the
 * key): every thread and sampler shares it.
 *
 * <pre>{@code
 * ProtoSchema schema = ProtoFiles.load("protos/io/x/orders.proto", "protos", "DubboSampler.protoFiles", "DubboSampler.protoPath");
 * }</pre>
 */
final class ProtoFiles {

    /** The well-known types protobuf-java carries, by file name. */
    private static final Map<String, FileDescriptor> WELL_KNOWN = wellKnown();
    private static final Map<String, ProtoSchema> CACHE = new ConcurrentHashMap<>();

    private ProtoFiles() {
    }

    private static Map<String, FileDescriptor> wellKnown() {
        Map<String, FileDescriptor> map = new HashMap<>();
        for (FileDescriptor f : new FileDescriptor[] {
            com.google.protobuf.AnyProto.getDescriptor(), com.google.protobuf.ApiProto.getDescriptor(),
            com.google.protobuf.DescriptorProtos.getDescriptor(), com.google.protobuf.DurationProto.getDescriptor(),
            com.google.protobuf.EmptyProto.getDescriptor(), com.google.protobuf.FieldMaskProto.getDescriptor(),
            com.google.protobuf.SourceContextProto.getDescriptor(), com.google.protobuf.StructProto.getDescriptor(),
            com.google.protobuf.TimestampProto.getDescriptor(), com.google.protobuf.TypeProto.getDescriptor(),
            com.google.protobuf.WrappersProto.getDescriptor()}) {
            map.put(f.getName(), f);
        }
        return Collections.unmodifiableMap(map);
    }

    /**
     * @param filesText comma-separated {@code .proto} files, or one descriptor set file
     * @param pathText comma-separated folders where imports are found (empty: the files' folders)
     */
    static ProtoSchema load(String filesText, String pathText, String filesField, String pathField) {
        List<Path> files = paths(filesText);
        List<Path> importPath = paths(pathText);
        StringBuilder key = new StringBuilder();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                throw new ConfigurationException(filesField + ": no file '" + f + "'" + (f.isAbsolute() ? ""
                        : " (relative to JMeter's working folder " + Paths.get("").toAbsolutePath() + ")"));
            }
            try {
                key.append(f.toAbsolutePath()).append('|').append(Files.size(f)).append('|')
                        .append(Files.getLastModifiedTime(f).toMillis()).append(';');
            } catch (IOException e) {
                throw new ConfigurationException(filesField + ": cannot read '" + f + "': " + e);
            }
        }
        for (Path p : importPath) {
            if (!Files.isDirectory(p)) {
                throw new ConfigurationException(pathField + ": no folder '" + p + "'");
            }
            key.append("path ").append(p.toAbsolutePath()).append(';');
        }
        ProtoSchema cached = CACHE.get(key.toString());
        if (cached != null) {
            return cached;
        }
        boolean allProto = true;
        for (Path f : files) {
            allProto &= f.getFileName().toString().endsWith(".proto");
        }
        ProtoSchema schema;
        if (allProto) {
            schema = parseProto(files, importPath, filesField);
        } else if (files.size() == 1) {
            schema = readDescriptorSet(files.get(0), filesField);
        } else {
            throw new ConfigurationException(filesField + ": '" + filesText + "': give .proto files, or one"
                    + " descriptor set (protoc --descriptor_set_out)");
        }
        CACHE.put(key.toString(), schema);
        return schema;
    }

    /** The well-known types Wire does not carry itself (it has any, descriptor, duration, empty, struct, timestamp, wrappers). */
    private static final String[] NOT_IN_WIRE = {"api.proto", "field_mask.proto", "source_context.proto", "type.proto"};

    /**
     * A folder with protobuf-java's own copies of the well-known {@code .proto} files Wire does not carry, so that
     * {@code import "google/protobuf/field_mask.proto"} resolves without the user's import path: made for one parse
     * and deleted after it ({@link #delete}; one per JVM with {@code deleteOnExit} left empty folders in the temporary
     * folder, which {@code deleteOnExit} deleted before their files, and none at all when JMeter was killed).
     */
    private static Path wellKnownFolder(String field) {
        Path folder = null;
        try {
            folder = Files.createTempDirectory("dubbo-stress-protos");
            Path google = Files.createDirectories(folder.resolve("google/protobuf"));
            for (String name : NOT_IN_WIRE) {
                try (java.io.InputStream in = ProtoFiles.class.getClassLoader()
                        .getResourceAsStream("google/protobuf/" + name)) {
                    if (in != null) {
                        Files.copy(in, google.resolve(name));
                    }
                }
            }
            return folder;
        } catch (IOException e) {
            delete(folder);
            throw new ConfigurationException(field + ": cannot write the well-known .proto files to a temporary"
                    + " folder: " + e);
        }
    }

    /** Deletes a folder and what is in it (null: nothing). */
    static void delete(Path folder) {
        if (folder == null || !Files.exists(folder)) {
            return;
        }
        try (java.util.stream.Stream<Path> all = Files.walk(folder)) {
            List<Path> paths = new ArrayList<>();
            all.forEach(paths::add);
            java.util.Collections.reverse(paths); // files before their folders
            for (Path path : paths) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | RuntimeException e) {
            folder.toFile().deleteOnExit();
        }
    }

    static List<Path> paths(String text) {
        List<Path> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String part : text.split("[," + File.pathSeparator + "\\n]")) {
            if (!part.trim().isEmpty()) {
                out.add(Paths.get(part.trim()));
            }
        }
        return out;
    }

    private static ProtoSchema parseProto(List<Path> files, List<Path> importPath, String field) {
        List<Location> sources = new ArrayList<>();
        List<Location> protoPath = new ArrayList<>();
        List<Path> roots = new ArrayList<>();
        for (Path p : importPath) {
            roots.add(p.toAbsolutePath().normalize());
        }
        for (Path f : files) {
            Path file = f.toAbsolutePath().normalize();
            Path root = null;
            for (Path r : roots) {
                if (file.startsWith(r) && (root == null || r.getNameCount() > root.getNameCount())) {
                    root = r;
                }
            }
            if (root == null) {
                root = file.getParent();
                if (!roots.contains(root) && importPath.isEmpty()) {
                    roots.add(root);
                }
            }
            sources.add(Location.Companion.get(root.toString(), root.relativize(file).toString()
                    .replace(File.separatorChar, '/')));
        }
        for (Path r : roots) {
            protoPath.add(Location.Companion.get(r.toString()));
        }
        Path wellKnown = wellKnownFolder(field);
        protoPath.add(Location.Companion.get(wellKnown.toString()));
        Schema schema;
        try {
            SchemaLoader loader = new SchemaLoader(FileSystems.getDefault());
            loader.setLoadExhaustively(true); // imported files whole, not only the types the sources name
            loader.initRoots(sources, protoPath);
            schema = loader.loadSchema();
        } catch (Exception e) { // NOSONAR: Wire (Kotlin) throws IOException undeclared
            throw new ConfigurationException(field + ": " + parseError(e));
        } finally {
            delete(wellKnown); // the schema holds what it read
        }
        Map<String, FileDescriptorProto> protos = new LinkedHashMap<>();
        SchemaEncoder encoder = new SchemaEncoder(schema);
        for (ProtoFile file : schema.getProtoFiles()) {
            String name = file.getLocation().getPath();
            if (WELL_KNOWN.containsKey(name) || name.startsWith("wire/")) {
                continue;
            }
            try {
                protos.put(name, FileDescriptorProto.parseFrom(encoder.encode(file).toByteArray()));
            } catch (InvalidProtocolBufferException | RuntimeException e) {
                throw new ConfigurationException(field + ": cannot describe " + name + ": " + e.getMessage());
            }
        }
        List<String> wanted = new ArrayList<>();
        for (Location source : sources) {
            wanted.add(source.getPath());
        }
        return new ProtoSchema(build(protos, wanted, field), String.join(", ", wanted));
    }

    /** Wire's message, one line: {@code /p/orders.proto:12:3: expected ';'} (its errors name file, line and column). */
    private static String parseError(Exception e) {
        String text = String.valueOf(e.getMessage()).trim();
        String[] lines = text.split("\n");
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            String l = line.trim();
            if (l.startsWith("|")) {
                l = l.substring(1).trim();
            }
            if (l.isEmpty()) {
                continue;
            }
            if (out.length() > 0) {
                out.append("; ");
            }
            out.append(l);
        }
        return out.length() == 0 ? e.getClass().getSimpleName() : out.toString();
    }

    private static ProtoSchema readDescriptorSet(Path file, String field) {
        FileDescriptorSet set;
        try {
            set = FileDescriptorSet.parseFrom(Files.readAllBytes(file));
        } catch (InvalidProtocolBufferException e) {
            throw new ConfigurationException(field + ": '" + file + "' is neither a .proto file nor a descriptor set"
                    + " (protoc --descriptor_set_out): " + e.getMessage());
        } catch (IOException e) {
            throw new ConfigurationException(field + ": cannot read '" + file + "': " + e);
        }
        if (set.getFileCount() == 0) {
            throw new ConfigurationException(field + ": '" + file + "' is not a descriptor set (protoc"
                    + " --descriptor_set_out): it describes no file");
        }
        Map<String, FileDescriptorProto> protos = new LinkedHashMap<>();
        for (FileDescriptorProto p : set.getFileList()) {
            if (!WELL_KNOWN.containsKey(p.getName())) {
                protos.put(p.getName(), p);
            }
        }
        return new ProtoSchema(build(protos, new ArrayList<>(protos.keySet()), field), file.toString());
    }

    /**
     * The descriptors of {@code wanted} with their imports, each built once from {@code protos}, the well-known types
     * from protobuf-java.
     */
    static List<FileDescriptor> build(Map<String, FileDescriptorProto> protos, List<String> wanted, String field) {
        Map<String, FileDescriptor> built = new HashMap<>(WELL_KNOWN);
        List<FileDescriptor> out = new ArrayList<>();
        for (String name : wanted) {
            FileDescriptor f = build(name, protos, built, new ArrayList<>(), field);
            if (!out.contains(f)) {
                out.add(f);
            }
        }
        return out;
    }

    private static FileDescriptor build(String name, Map<String, FileDescriptorProto> protos,
            Map<String, FileDescriptor> built, List<String> stack, String field) {
        FileDescriptor done = built.get(name);
        if (done != null) {
            return done;
        }
        FileDescriptorProto proto = protos.get(name);
        if (proto == null) {
            throw new ConfigurationException(field + ": " + (stack.isEmpty() ? "" : stack.get(stack.size() - 1)
                    + " imports ") + name + ", which is not there (give the import path, or a descriptor set made"
                    + " with --include_imports)");
        }
        if (stack.contains(name)) {
            throw new ConfigurationException(field + ": import cycle " + stack + " -> " + name);
        }
        stack.add(name);
        FileDescriptor[] dependencies = new FileDescriptor[proto.getDependencyCount()];
        for (int i = 0; i < dependencies.length; i++) {
            dependencies[i] = build(proto.getDependency(i), protos, built, stack, field);
        }
        stack.remove(stack.size() - 1);
        try {
            FileDescriptor file = FileDescriptor.buildFrom(proto, dependencies);
            built.put(name, file);
            return file;
        } catch (DescriptorValidationException e) {
            throw new ConfigurationException(field + ": " + name + ": " + e.getMessage());
        }
    }
}
