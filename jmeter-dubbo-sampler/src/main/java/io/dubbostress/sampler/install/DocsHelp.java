package io.dubbostress.sampler.install;

import io.dubbostress.sampler.gui.GuiText;
import java.awt.Desktop;
import java.awt.event.ActionEvent;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.Map;
import java.util.Set;
import java.util.jar.Manifest;
import javax.swing.JOptionPane;
import javax.swing.JTextField;
import org.apache.jmeter.gui.GuiPackage;
import org.apache.jmeter.gui.JMeterGUIComponent;
import org.apache.jmeter.gui.action.ActionNames;
import org.apache.jmeter.gui.action.ActionRouter;
import org.apache.jmeter.gui.action.Command;
import org.apache.jmeter.exceptions.IllegalUserActionException;
import org.apache.jmeter.gui.tree.JMeterTreeNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JMeter's Help (the toolbar's ?, Help > Help, the tree's right-click Help) for our elements: our documentation instead
 * of JMeter's component reference, which has no entry for them (it opened
 * {@code component_reference.html#[res_key=dubbo_sampler]}). JMeter builds that link itself from the element's
 * {@code getDocAnchor()}, with no way for a plugin to give its own page; so the first time one of our elements is shown
 * ({@code configure}), {@link #install()} puts this command in the place of JMeter's Help in its action router, and it
 * hands every other element's Help to JMeter's unchanged. Our page is this release's docs (the jar's manifest entry
 * {@value #MANIFEST_ENTRY}: {@code https://github.com/dubbo-stress/dubbo-stress/blob/v0.2.0/docs/}) plus the element's
 * anchor ({@code SAMPLER.md#target-rate-schedule-honest-latencies-at-a-target-rate}). It opens in the browser, or,
 * where there is none, in a dialog with the address to copy; jmeter.log says which page, once per Help. When
 * JMeter's router is not what this expects, nothing is replaced (JMeter's own Help stays).
 *
 * <p>The command is a nested class on purpose: JMeter 5.1.1's GUI looks for its commands in every class of every jar
 * on its search path that implements {@link Command}, top-level classes only, creates each with a public no-argument
 * constructor, and one class it cannot create ends its search: no command at all, every menu and click of the GUI
 * failing with a NullPointerException (TwoJarsIT's 5.1.1 GUI case found it).
 *
 * <pre>{@code
 * public void configure(TestElement element) {
 *     super.configure(element);
 *     DocsHelp.install();
 * }
 * public String getDocAnchor() {
 *     return "SAMPLER.md#fields-and-property-keys";
 * }
 * }</pre>
 */
public final class DocsHelp {

    /** The manifest entry with the release's docs folder (a URL ending in /). */
    static final String MANIFEST_ENTRY = "Dubbo-Stress-Docs";
    /** Where the docs are when the jar does not say (a development build): the project's main branch. */
    static final String DEFAULT_DOCS = "https://github.com/dubbo-stress/dubbo-stress/blob/main/docs/";
    private static final String OUR_PACKAGE = "io.dubbostress.sampler.";
    private static final String JMETER_HELP = "org.apache.jmeter.gui.action.Help";
    private static final Logger log = LoggerFactory.getLogger(DocsHelp.class);
    private static boolean installed;

    private DocsHelp() {
    }

    /**
     * Replaces JMeter's Help command by one for our elements, once per JVM (on the Swing thread, in a GUI JMeter whose
     * router is filled; otherwise later calls try again).
     */
    @SuppressWarnings("unchecked")
    public static synchronized void install() {
        if (installed || GuiPackage.getInstance() == null) {
            return;
        }
        try {
            Field field = ActionRouter.class.getDeclaredField("commands");
            field.setAccessible(true);
            Map<String, Set<Command>> commands = (Map<String, Set<Command>>) field.get(ActionRouter.getInstance());
            Set<Command> help = commands.get(ActionNames.HELP);
            if (help == null || help.isEmpty()) {
                return; // not filled yet
            }
            installed = true;
            for (Command command : new ArrayList<>(help)) {
                if (command.getClass().getName().equals(JMETER_HELP)) {
                    help.remove(command);
                    help.add(new OurHelp(command));
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            installed = true; // not the router this was written for: JMeter's Help stays as it is
            log.debug("Help stays JMeter's own: {}", e.toString());
        }
    }

    /** JMeter's Help for JMeter's elements, ours for ours (nested: see the class comment). */
    private static final class OurHelp implements Command {

        private final Command jmeters;

        OurHelp(Command jmeters) {
            this.jmeters = jmeters;
        }

        @Override
        public void doAction(ActionEvent e) throws IllegalUserActionException {
            String page = e.getSource() instanceof String[] ? null : pageOfCurrentElement();
            if (page == null) {
                jmeters.doAction(e); // another element, or the function helper's Help: JMeter's
                return;
            }
            open(page);
        }

        @Override
        public Set<String> getActionNames() {
            return jmeters.getActionNames();
        }
    }

    private static String pageOfCurrentElement() {
        GuiPackage gui = GuiPackage.getInstance();
        JMeterTreeNode node = gui == null ? null : gui.getTreeListener().getCurrentNode();
        if (node == null) {
            return null;
        }
        JMeterGUIComponent component = gui.getGui(node.getTestElement());
        return component == null ? null : page(component);
    }

    /** Our page for one of our GUIs ({@code docs/} + its {@code getDocAnchor()}), or null for JMeter's own. */
    public static String page(JMeterGUIComponent component) {
        if (!component.getClass().getName().startsWith(OUR_PACKAGE)) {
            return null;
        }
        return docs() + component.getDocAnchor();
    }

    /** This release's docs folder, from the jar's manifest; the main branch's when run from class folders. */
    static String docs() {
        URL self = DocsHelp.class.getResource("DocsHelp.class");
        String own = DocsHelp.class.getName().replace('.', '/') + ".class";
        if (self != null && self.toString().endsWith(own)) {
            String root = self.toString().substring(0, self.toString().length() - own.length());
            try (InputStream in = new URL(root + "META-INF/MANIFEST.MF").openStream()) {
                String docs = new Manifest(in).getMainAttributes().getValue(MANIFEST_ENTRY);
                if (docs != null && docs.startsWith("https://")) {
                    return docs.endsWith("/") ? docs : docs + "/";
                }
            } catch (IOException e) {
                // no manifest of our own: a class folder
            }
        }
        return DEFAULT_DOCS;
    }

    private static void open(String page) {
        String label = GuiPackage.getInstance().getTreeListener().getCurrentNode().getName();
        log.info("Help on {}: {}", label, page);
        try {
            if (Desktop.isDesktopSupported() && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                Desktop.getDesktop().browse(URI.create(page));
                return;
            }
        } catch (IOException | RuntimeException e) {
            log.info("No browser to open {} in: {}", page, e.toString());
        }
        JTextField address = new JTextField(page);
        address.setEditable(false);
        JOptionPane.showMessageDialog(GuiPackage.getInstance().getMainFrame(),
                new Object[] {GuiText.format("help.noBrowser", label), address}, GuiText.get("help.title"),
                JOptionPane.INFORMATION_MESSAGE);
    }
}
