package io.dubbostress.sampler.gui;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.config.gui.BrowseDialog;
import io.dubbostress.sampler.control.gui.DubboSamplerGui;
import io.dubbostress.sampler.sampler.DubboSampler;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import javax.swing.JFrame;
import javax.swing.SwingUtilities;
import javax.swing.SwingWorker;
import javax.swing.UIManager;

/**
 * Paints the Dubbo Sampler GUI, filled in as for the harness's 1 KiB echo, into a PNG; given a provider's address and
 * a second file, also the Browse... dialog listing that provider with {@code echo} chosen:
 * {@code GuiScreenshot gui.png [dubbo://127.0.0.1:PORT browse.png]}. Needs a display (src/test/scripts/screenshot.sh
 * runs it under Xvfb, with a reference provider for the dialog); not a test.
 */
public final class GuiScreenshot {

    private GuiScreenshot() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "sampler-gui.png");
        String browseAddress = args.length > 2 ? args[1] : null;
        Path browseOut = args.length > 2 ? Path.of(args[2]) : null;
        EmbeddedJMeter.init(Files.createTempDirectory("jmeter-home"));
        UIManager.setLookAndFeel(UIManager.getCrossPlatformLookAndFeelClassName());
        DubboSamplerGui[] gui = new DubboSamplerGui[1];
        JFrame[] frame = new JFrame[1];
        SwingUtilities.invokeAndWait(() -> {
            DubboSampler sampler = new DubboSampler();
            sampler.setName("echo 1 KiB");
            sampler.setProperty(DubboSampler.ADDRESS, browseAddress != null ? browseAddress : "dubbo://127.0.0.1:20880");
            sampler.setProperty(DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService");
            sampler.setProperty(DubboSampler.METHOD, "echo");
            sampler.setProperty(DubboSampler.PARAMETER_TYPES, "java.lang.String");
            sampler.setProperty(DubboSampler.ARGUMENTS, "[{\"$payload\": 1024}]");
            sampler.setProperty(DubboSampler.TIMEOUT, "5000");
            sampler.setProperty(DubboSampler.RETRIES, "0");
            sampler.setProperty(DubboSampler.RESPONSE_CHECK, "echo");
            gui[0] = new DubboSamplerGui();
            gui[0].configure(sampler);
            frame[0] = new JFrame("Dubbo Sampler");
            frame[0].setContentPane(gui[0]);
            frame[0].setSize(new Dimension(900, 915));
            frame[0].setVisible(true);
            frame[0].validate();
        });
        paint(gui[0], out);
        if (browseAddress != null) {
            BrowseDialog[] dialog = new BrowseDialog[1];
            SwingWorker<?, ?>[] worker = new SwingWorker<?, ?>[1];
            SwingUtilities.invokeAndWait(() -> {
                dialog[0] = BrowseDialog.create(gui[0].fields());
                worker[0] = dialog[0].start();
                dialog[0].setModal(false);
                dialog[0].setVisible(true);
            });
            worker[0].get(60, TimeUnit.SECONDS);
            Thread.sleep(200); // the worker's done() is posted to the event queue after get() returns
            SwingUtilities.invokeAndWait(() -> { });
            SwingUtilities.invokeAndWait(() -> dialog[0].select("io.dubbostress.api.StressTestService", "echo"));
            paint(dialog[0].getContentPane(), browseOut);
        }
        SwingUtilities.invokeAndWait(() -> frame[0].dispose());
        System.exit(0);
    }

    private static void paint(Component component, Path out) throws Exception {
        BufferedImage[] image = new BufferedImage[1];
        SwingUtilities.invokeAndWait(() -> {
            component.validate();
            image[0] = new BufferedImage(component.getWidth(), component.getHeight(), BufferedImage.TYPE_INT_RGB);
            component.paint(image[0].getGraphics());
        });
        write(image[0], out);
    }

    private static void write(BufferedImage image, Path out) throws IOException {
        ImageIO.write(image, "png", new File(out.toString()));
        System.out.println("wrote " + out.toAbsolutePath());
    }
}
