package io.dubbostress.sampler.config.gui;

import io.dubbostress.sampler.browse.BrowseException;
import io.dubbostress.sampler.browse.BrowsedMethod;
import io.dubbostress.sampler.browse.BrowsedService;
import io.dubbostress.sampler.browse.ServiceBrowser;
import io.dubbostress.sampler.gui.GuiText;
import io.dubbostress.sampler.idl.IdlBrowser;
import io.dubbostress.sampler.sampler.DubboSampler;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.FlowLayout;
import java.awt.Window;
import java.util.List;
import java.util.concurrent.ExecutionException;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTree;
import javax.swing.SwingUtilities;
import javax.swing.SwingWorker;
import javax.swing.tree.DefaultMutableTreeNode;
import javax.swing.tree.DefaultTreeModel;
import javax.swing.tree.TreePath;

/**
 * The Browse... dialog: lists what the Address field points to (a provider's dubbo port or a ZooKeeper registry)
 * as a tree of services and methods, and fills the sampler's fields from the chosen one. The browse runs on a
 * {@link SwingWorker} (never on the event thread), bounded by the Timeout field (5 s when empty or a variable,
 * between 1 and 30 s), and a failure is shown as the browse's one-line message.
 */
public final class BrowseDialog extends JDialog {

    private static final long serialVersionUID = 1L;
    static final int DEFAULT_TIMEOUT_MS = 5000;

    private final DubboFieldsPanel fields;
    private final DefaultMutableTreeNode root;
    private final JTree tree;
    private final JLabel status = new JLabel();
    private final JButton use = new JButton(GuiText.get("browse.use"));
    private transient SwingWorker<List<BrowsedService>, Void> worker;

    private BrowseDialog(Window owner, DubboFieldsPanel fields, String address) {
        super(owner, GuiText.format("browse.title", address), ModalityType.APPLICATION_MODAL);
        this.fields = fields;
        root = new DefaultMutableTreeNode(address);
        tree = new JTree(new DefaultTreeModel(root));
        tree.setName("services");
        tree.setRootVisible(true);
        tree.addTreeSelectionListener(e -> use.setEnabled(choice() != null));
        tree.addMouseListener(new java.awt.event.MouseAdapter() {
            @Override
            public void mouseClicked(java.awt.event.MouseEvent e) {
                if (e.getClickCount() == 2 && selectedMethod() != null) {
                    apply();
                }
            }
        });
        use.setEnabled(false);
        use.addActionListener(e -> apply());
        JButton cancel = new JButton(GuiText.get("browse.cancel"));
        cancel.addActionListener(e -> dispose());

        JPanel content = new JPanel(new BorderLayout(0, 6));
        content.setBorder(BorderFactory.createEmptyBorder(8, 8, 8, 8));
        content.add(status, BorderLayout.NORTH);
        JScrollPane scroll = new JScrollPane(tree);
        scroll.setPreferredSize(new Dimension(620, 340));
        content.add(scroll, BorderLayout.CENTER);
        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.RIGHT, 6, 0));
        buttons.add(use);
        buttons.add(cancel);
        content.add(buttons, BorderLayout.SOUTH);
        setContentPane(content);
        pack();
        setLocationRelativeTo(owner);
    }

    /** Opens the dialog for the panel's Address and starts browsing (event thread). */
    static void open(DubboFieldsPanel fields) {
        BrowseDialog dialog = create(fields);
        dialog.start();
        dialog.setVisible(true);
    }

    /** The dialog, not yet browsing nor shown (screenshots). */
    public static BrowseDialog create(DubboFieldsPanel fields) {
        String address = fields.text(DubboSampler.ADDRESS);
        return new BrowseDialog(SwingUtilities.getWindowAncestor(fields), fields, address.isEmpty()
                ? GuiText.get("browse.noAddress") : address);
    }

    /** The Timeout field as the browse's bound: 1 to 30 s, 5 s when empty or not a number. */
    static int timeoutMs(String timeoutField) {
        try {
            return Math.max(1000, Math.min(30_000, Integer.parseInt(timeoutField.trim())));
        } catch (NumberFormatException e) {
            return DEFAULT_TIMEOUT_MS;
        }
    }

    /** An IDL browse: a grpc:// address, or invocation idl (a tri:// provider's IDL services). */
    static boolean isIdl(String address, String invocation) {
        String a = address.trim().toLowerCase(java.util.Locale.ROOT);
        return a.startsWith("grpc://") || a.startsWith("grpcs://")
                || DubboSampler.INVOCATION_IDL.equalsIgnoreCase(invocation.trim());
    }

    /** Starts the browse off the event thread; the tree fills (or the status says why not) when it ends. */
    public SwingWorker<List<BrowsedService>, Void> start() {
        String address = fields.text(DubboSampler.ADDRESS);
        String registryGroup = fields.text(DubboSampler.REGISTRY_GROUP);
        String user = fields.text(DubboSampler.USERNAME);
        String password = fields.text(DubboSampler.PASSWORD);
        int timeoutMs = timeoutMs(fields.text(DubboSampler.TIMEOUT));
        boolean idl = isIdl(address, fields.text(DubboSampler.INVOCATION));
        String protoFiles = fields.text(DubboSampler.PROTO_FILES);
        String protoPath = fields.text(DubboSampler.PROTO_PATH);
        String caFile = fields.text(DubboSampler.TLS_CA_FILE);
        status.setForeground(Color.DARK_GRAY);
        status.setText(GuiText.format("browse.browsing", address, String.valueOf(timeoutMs / 1000.0)));
        worker = new SwingWorker<List<BrowsedService>, Void>() {
            @Override
            protected List<BrowsedService> doInBackground() throws BrowseException {
                return idl ? IdlBrowser.browse(address, protoFiles, protoPath, caFile, timeoutMs)
                        : ServiceBrowser.browse(address, registryGroup, user, password, timeoutMs);
            }

            @Override
            protected void done() {
                try {
                    show(get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    fail(cause instanceof BrowseException ? cause.getMessage() : String.valueOf(cause));
                } catch (InterruptedException | java.util.concurrent.CancellationException e) {
                    fail(GuiText.get("browse.cancelled"));
                }
            }
        };
        worker.execute();
        return worker;
    }

    private void show(List<BrowsedService> services) {
        root.removeAllChildren();
        for (BrowsedService service : services) {
            DefaultMutableTreeNode node = new DefaultMutableTreeNode(service);
            for (BrowsedMethod method : service.methods()) {
                node.add(new DefaultMutableTreeNode(method));
            }
            root.add(node);
        }
        ((DefaultTreeModel) tree.getModel()).reload();
        for (int row = 0; row < tree.getRowCount(); row++) {
            tree.expandRow(row);
        }
        status.setForeground(Color.DARK_GRAY);
        boolean typesUnknown = services.stream().flatMap(s -> s.methods().stream()).anyMatch(m -> !m.typesKnown());
        status.setText(services.isEmpty() ? GuiText.get("browse.none")
                : "<html>" + GuiText.format("browse.found", String.valueOf(services.size()))
                        + (typesUnknown ? " " + GuiText.get("browse.typesUnknown") : "")
                        + (services.stream().flatMap(s -> s.methods().stream()).anyMatch(BrowsedMethod::idl)
                                ? " " + GuiText.get("browse.idlTemplate") : "")
                        + "</html>");
    }

    private void fail(String message) {
        status.setForeground(new Color(0xC0, 0, 0));
        status.setText(DubboFieldsPanel.wrapped(message).replace("width: 360px", "width: 600px"));
    }

    private Object choice() {
        TreePath path = tree.getSelectionPath();
        if (path == null) {
            return null;
        }
        Object value = ((DefaultMutableTreeNode) path.getLastPathComponent()).getUserObject();
        return value instanceof BrowsedService || value instanceof BrowsedMethod ? value : null;
    }

    private BrowsedMethod selectedMethod() {
        Object value = choice();
        return value instanceof BrowsedMethod ? (BrowsedMethod) value : null;
    }

    private void apply() {
        TreePath path = tree.getSelectionPath();
        if (path == null || choice() == null) {
            return;
        }
        BrowsedMethod method = selectedMethod();
        DefaultMutableTreeNode node = (DefaultMutableTreeNode) path.getLastPathComponent();
        BrowsedService service = (BrowsedService) (method == null ? node
                : (DefaultMutableTreeNode) node.getParent()).getUserObject();
        fields.applyChoice(service, method);
        dispose();
    }

    /** Selects a method (screenshots). */
    public void select(String serviceInterface, String methodName) {
        for (int i = 0; i < root.getChildCount(); i++) {
            DefaultMutableTreeNode service = (DefaultMutableTreeNode) root.getChildAt(i);
            if (!((BrowsedService) service.getUserObject()).interfaceName().equals(serviceInterface)) {
                continue;
            }
            for (int j = 0; j < service.getChildCount(); j++) {
                DefaultMutableTreeNode method = (DefaultMutableTreeNode) service.getChildAt(j);
                if (((BrowsedMethod) method.getUserObject()).name().equals(methodName)) {
                    tree.setSelectionPath(new TreePath(method.getPath()));
                }
            }
        }
    }
}
