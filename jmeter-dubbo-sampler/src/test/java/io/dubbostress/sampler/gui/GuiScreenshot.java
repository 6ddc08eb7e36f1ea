package io.dubbostress.sampler.gui;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.control.gui.DubboSamplerGui;
import io.dubbostress.sampler.sampler.DubboSampler;
import java.awt.Dimension;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import javax.swing.JFrame;
import javax.swing.SwingUtilities;
import javax.swing.UIManager;

/**
 * Paints the Dubbo Sampler GUI, filled in as for the harness's 1 KiB echo, into a PNG: {@code GuiScreenshot out.png}.
 * Needs a display (src/test/scripts/screenshot.sh runs it under Xvfb); not a test.
 */
public final class GuiScreenshot {

    private GuiScreenshot() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "sampler-gui.png");
        EmbeddedJMeter.init(Files.createTempDirectory("jmeter-home"));
        UIManager.setLookAndFeel(UIManager.getCrossPlatformLookAndFeelClassName());
        BufferedImage[] image = new BufferedImage[1];
        SwingUtilities.invokeAndWait(() -> {
            DubboSampler sampler = new DubboSampler();
            sampler.setName("echo 1 KiB");
            sampler.setProperty(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880");
            sampler.setProperty(DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService");
            sampler.setProperty(DubboSampler.METHOD, "echo");
            sampler.setProperty(DubboSampler.PARAMETER_TYPES, "java.lang.String");
            sampler.setProperty(DubboSampler.ARGUMENTS, "[{\"$payload\": 1024}]");
            sampler.setProperty(DubboSampler.TIMEOUT, "5000");
            sampler.setProperty(DubboSampler.RETRIES, "0");
            sampler.setProperty(DubboSampler.RESPONSE_CHECK, "echo");
            DubboSamplerGui gui = new DubboSamplerGui();
            gui.configure(sampler);
            JFrame frame = new JFrame("Dubbo Sampler");
            frame.setContentPane(gui);
            frame.setSize(new Dimension(900, 730));
            frame.setVisible(true);
            frame.validate();
            image[0] = new BufferedImage(gui.getWidth(), gui.getHeight(), BufferedImage.TYPE_INT_RGB);
            gui.paint(image[0].getGraphics());
            frame.dispose();
        });
        ImageIO.write(image[0], "png", new File(out.toString()));
        System.out.println("wrote " + out.toAbsolutePath());
        System.exit(0);
    }
}
