// Run by JMeter at start-up (-Jjsr223.init.file=...): waits for the GUI and the plan given with -t, selects the first
// element whose GUI class is the one named by -Jshot.select (the Dubbo Sampler by default), lets Swing paint it, writes
// the main window into -Jshot.out (PNG) and ends JMeter. With -Jshot.switch_to=zh_CN it first changes the language as
// Options > Choose Language does (JMeter's change_language action), so the picture shows the GUIs JMeter builds again. A script for the docs' picture, not a test: every wait is
// bounded (-Jshot.timeout_s, 180 s by default) and a failure ends JMeter with exit code 3.
import org.apache.jmeter.gui.GuiPackage
import org.apache.jmeter.util.JMeterUtils
import org.apache.jmeter.gui.action.ActionRouter
import javax.imageio.ImageIO
import javax.swing.JMenuItem
import javax.swing.SwingUtilities
import java.awt.event.ActionEvent
import javax.swing.tree.TreePath
import java.awt.Rectangle
import java.awt.Robot

def out = new File(JMeterUtils.getPropDefault('shot.out', 'jmeter-gui.png'))
def select = JMeterUtils.getPropDefault('shot.select', 'io.dubbostress.sampler.control.gui.DubboSamplerGui')
long deadline = System.currentTimeMillis() + 1000L * JMeterUtils.getPropDefault('shot.timeout_s', 180)

def fail = { String why ->
    System.err.println('screenshot.groovy: ' + why)
    System.exit(3)
}

Thread.start('screenshot') {
    try {
        def node = null
        while (node == null) {
            if (System.currentTimeMillis() > deadline) {
                fail('no ' + select + ' element in the GUI\'s tree in time')
            }
            Thread.sleep(500)
            def gui = GuiPackage.getInstance()
            if (gui == null || gui.mainFrame == null || !gui.mainFrame.showing) {
                continue
            }
            SwingUtilities.invokeAndWait {
                def queue = [gui.treeModel.root]
                while (!queue.isEmpty() && node == null) {
                    def n = queue.remove(0)
                    if (n.testElement?.getPropertyAsString('TestElement.gui_class') == select) {
                        node = n
                    }
                    (0..<n.childCount).each { queue << n.getChildAt(it) }
                }
            }
        }
        def switchTo = JMeterUtils.getProperty('shot.switch_to')
        if (switchTo) {
            SwingUtilities.invokeAndWait {
                def item = new JMenuItem()
                item.name = switchTo // what Options > Choose Language's items are named
                ActionRouter.getInstance().doActionNow(new ActionEvent(item, ActionEvent.ACTION_PERFORMED,
                        'change_language'))
            }
            Thread.sleep(1000)
        }
        def frame = GuiPackage.getInstance().mainFrame
        SwingUtilities.invokeAndWait {
            frame.setBounds(0, 0, JMeterUtils.getPropDefault('shot.width', 1280),
                    JMeterUtils.getPropDefault('shot.height', 1140))
            def tree = GuiPackage.getInstance().treeListener.getJTree()
            def path = new TreePath(node.path)
            tree.expandPath(path.parentPath)
            tree.selectionPath = path
        }
        Thread.sleep(3000) // the form built, laid out and painted
        SwingUtilities.invokeAndWait {
            def image = new Robot().createScreenCapture(new Rectangle(frame.locationOnScreen, frame.size))
            ImageIO.write(image, 'png', out)
        }
        System.err.println('screenshot.groovy: wrote ' + out + ' (language ' + JMeterUtils.locale + ')')
        System.exit(0)
    } catch (Throwable e) {
        fail(e.toString())
    }
}
